/// `zone.json` and `participants.json` as every device admits them, from every copy of them in
/// hand (see `Admission.admitDocuments`), and what was not admitted.
package struct AdmittedDocuments: Sendable {
    package enum Document: String, Sendable, Hashable {
        case zone, manifest

        package var fileName: String { self == .zone ? "zone.json" : "participants.json" }
    }

    /// One write of one field that was not admitted, and why.
    package struct Refusal: Sendable, Hashable {
        package var document: Document
        package var field: String
        package var stamp: Stamp
        package var reason: String
    }

    /// The admitted `zone.json`; `nil` when no copy of it was given.
    package var zone: RecordState?
    /// The admitted `participants.json`; `nil` when no copy of it was given.
    package var manifest: RecordState?
    /// Manifest writes that wait for a share code file the folder does not hold (yet): not
    /// admitted, and still written to the folder's file so that no device drops them before
    /// the code file arrives everywhere.
    package var waiting: RecordState?
    /// Writes every device ignores: they leave the replica and, on write-back, the folder.
    package var rejected: [Refusal] = []
    /// Writes that wait (see `waiting`).
    package var waits: [Refusal] = []
    /// Devices only a refused write listed, by the participant it named (see `SetAsideDevices`).
    package var setAside: [DeviceID: String] = [:]

    /// The reasons, sorted and without repeats, of the refusals of one document.
    package static func reasons(_ refusals: [Refusal], of document: Document) -> [String] {
        Set(refusals.filter { $0.document == document }.map(\.reason)).sorted()
    }

    /// The manifest to write to the folder: the admitted one with the writes that wait.
    package var manifestToWrite: RecordState? {
        guard let manifest else { return nil }
        guard let waiting else { return manifest }
        return manifest.merging(waiting)
    }
}

extension Admission {
    /// Admits `zone.json` and `participants.json` from every copy in hand — this device's
    /// replica, the folder's files, sync tools' conflict copies — by replaying every write they
    /// hold (with what each replaced) in causal order, each judged by the rules against the
    /// writes before it that were admitted. The verdict depends only on the writes, never on
    /// which of them this device had merged before, so every device holding the same writes
    /// admits the same ones, in whatever order it learnt them.
    ///
    /// The household's root of trust is its owner: whoever the zone's earliest known `owner`
    /// write was made by (the device that created the household), then whoever `zone.json`'s
    /// `owner` names and every participant whose role is `owner`, as of each write.
    /// - Parameters:
    ///   - zone: the copies of `zone.json` (the replica's first); empty when none.
    ///   - manifest: the copies of `participants.json`.
    ///   - code: reads a share code file of the shared folder by its code.
    ///   - zoneDirectory: the household's folder name, which a share code must name.
    ///   - zoneOwner: the owner to assume throughout when no copy of `zone.json` is given.
    package static func admitDocuments(
        zone: [RecordState], manifest: [RecordState], code: (String) -> ShareCode?, zoneDirectory: String,
        zoneOwner: String? = nil
    ) -> AdmittedDocuments {
        withoutActuallyEscaping(code) { code in
            var fold = DocumentFold(
                zone: zone, manifest: manifest, code: code, zoneDirectory: zoneDirectory, fixedOwner: zoneOwner)
            let first = fold.run()
            // A join whose code file is gone is judged by `zone.json`'s record of the spent
            // code: the same facts the file held, so the same verdict on every device.
            let spent = SpentCodes.read(first.zone, zoneDirectory: zoneDirectory)
            guard !first.waits.isEmpty, !spent.isEmpty else { return first }
            var again = DocumentFold(
                zone: zone, manifest: manifest, code: { code($0) ?? spent[$0] }, zoneDirectory: zoneDirectory,
                fixedOwner: zoneOwner)
            return again.run()
        }
    }

    /// Admits one incoming `participants.json` state over the current one, for a household
    /// whose zone is `zone` (a convenience over `admitDocuments` without `zone.json`'s history).
    package static func admitManifest(
        _ incoming: RecordState, current: RecordState, zone: ZoneInfo?, code: (String) -> ShareCode?,
        zoneDirectory: String
    ) -> (admitted: RecordState, rejections: [String]) {
        let result = admitDocuments(
            zone: [], manifest: [current, incoming], code: code, zoneDirectory: zoneDirectory, zoneOwner: zone?.owner)
        let reasons = AdmittedDocuments.reasons(result.rejected + result.waits, of: .manifest)
        return (result.manifest ?? current, reasons)
    }
}
