/// The owner's device tidies `codes/`: a code that can no longer be used is recorded in
/// `zone.json` (`SpentCodes`), then its file is removed.
extension Zone {
    /// How long after a code was spent every active member must have been seen before its
    /// file goes: a device on an earlier version, which does not read `zone.json`'s record of
    /// it, has by then read the file while judging the join it was used for.
    public static let spentCodeGraceMillis: Int64 = 86_400_000
    /// After this long, a spent code's file goes even if a member has not been seen since (a
    /// lost phone must not keep it for ever; removing that member lets it go sooner).
    public static let spentCodeLimitMillis: Int64 = 90 * 86_400_000

    /// Records and removes this household's spent codes (the owner's devices only; for anyone
    /// else, and without a writable folder, nothing happens).
    /// - Returns: the codes whose files were removed.
    @discardableResult
    public func tidyCodes() throws(OursError) -> [String] {
        guard let membership, membership.status == .active, membership.role == .owner else { return [] }
        let layout = try context.requireFolder()
        guard fileSystem.isWritableDirectory(layout.codes) else { return [] }
        let now = device.clock.nowMillis()
        let manifest = try manifest()
        let recorded = SpentCodes.read(try replica.loadZone(), zoneDirectory: layout.directoryName)
        let spent = try codes().filter { code in
            guard let at = SpentCodes.spentAt(code, manifest: manifest, now: now) else { return false }
            return Self.everyoneHasSeen(code.code, spentAt: at, manifest: manifest, now: now)
        }
        guard !spent.isEmpty else { return [] }
        var fields: [String: JSONValue?] = [:]
        for code in spent where recorded[code.code] == nil {
            let (name, value) = SpentCodes.field(for: code)
            fields[name] = value
        }
        if !fields.isEmpty { try context.changeDocuments(zone: fields) }
        // Only what `zone.json` now records loses its file.
        let kept = SpentCodes.read(try replica.loadZone(), zoneDirectory: layout.directoryName)
        let store = CodeStore(fileSystem: fileSystem, root: layout.root)
        var removed: [String] = []
        for code in spent where kept[code.code] != nil {
            if store.remove(code.code) { removed.append(code.code) }
        }
        return removed.sorted()
    }

    /// The codes `zone.json` records as spent, whose files are gone or going.
    public func spentCodes() throws(OursError) -> [ShareCode] {
        let layout = try context.requireFolder()
        return SpentCodes.read(try replica.loadZone(), zoneDirectory: layout.directoryName).values
            .sorted { $0.createdAt > $1.createdAt }
    }

    /// Whether every active member (but those who joined with the code, whose devices read
    /// it) was seen a grace period after `spentAt`, or the limit has passed.
    static func everyoneHasSeen(_ code: String, spentAt: Int64, manifest: ParticipantManifest, now: Int64) -> Bool {
        if now - spentAt >= spentCodeLimitMillis { return true }
        guard now - spentAt >= spentCodeGraceMillis else { return false }
        let others = manifest.participants.values.filter { $0.status == .active && $0.code != code }
        return others.allSatisfy { participant in
            let seen = [participant.lastSeen, participant.joinedAt].compactMap { $0.flatMap(UTCTime.parseISO8601) }.max()
            return (seen ?? 0) >= spentAt + spentCodeGraceMillis
        }
    }
}
