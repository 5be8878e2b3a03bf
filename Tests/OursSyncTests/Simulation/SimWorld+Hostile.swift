@testable import OursSync

/// What ordinary use does to the folder beside a running app (generator v2): a file edited in
/// place while the device's folder index is fresh, hand edits of the household's documents,
/// file times far from now, values near and past the size limit.
extension SimWorld {
    /// A person edits a record file in place (same inode) right after a quick pass read the
    /// folder: the name changed by one letter, so the size stays; the file's time kept or not.
    /// Then, as often as not, the app on the same device changes the same record before any
    /// pass reads the file again, and a quick pass follows.
    func editInPlace(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let keepTime = random.chance(0.5)
        let appWrite = random.chance(0.6)
        let letter = random.pick(Array("abcdefghijklmnopqrstuvwxyz"))
        var notes: [String] = []
        if device.joined { notes.append("quick sync first: " + sync(device, quick: true)) }
        let files = canonicalRecordFiles(device)
        guard !files.isEmpty else { return (notes + ["no record files"]).joined(separator: "; ") }
        let (path, bytes, key) = files[random.int(0...(files.count - 1))]
        guard case .object(var top)? = try? JSONParser.parse(bytes), case .string(let name)? = top["name"], !name.isEmpty,
            name.last?.isASCII == true
        else { return (notes + ["\(key) has no name to edit"]).joined(separator: "; ") }
        let renamed = String(name.dropLast()) + String(name.last == letter ? "z" : letter)
        top["name"] = .string(renamed)
        var edited = JSONWriter.pretty(.object(top))
        edited.append(0x0A)
        let time: Int64? = keepTime ? modifiedNanos(device, path) : nil
        let saved = saveHandEdit(device, path, key, bytes, edited, modifiedNanos: time)
        count(edited.count == bytes.count ? "sameSizeEdits" : "inPlaceEdits")
        notes.append(
            saved ?? "edited \(key) name → \(renamed) in place (\(edited.count == bytes.count ? "same size" : "size changed"), "
                + "\(keepTime ? "time kept" : "new time"))")
        if appWrite {
            let note = random.int(0...99)
            notes.append(
                change(device, key, "update \(key) note=\(note) after the hand edit", allowed: [.notPermitted]) {
                    household throws(OursError) in
                    try household.put(type: key.type, id: key.id, fields: ["note": .string("app \(note)")])
                })
        }
        if device.joined { notes.append("quick sync: " + sync(device, quick: true)) }
        return notes.joined(separator: "; ")
    }

    /// A person edits `participants.json` or `zone.json` in place: renames someone or the
    /// household, or makes a read-only member read-write. Often just before someone joins.
    func editDocument(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let name = random.pick(["zone.json", "participants.json"])
        let mode = random.int(0...2)
        let suffix = random.int(0...999)
        let joinAfter = random.chance(0.6)
        let path = SimSyncTool.root + "/" + zone + "/" + name
        guard !tool.isInProgress(device.index, zone + "/" + name),
            let bytes = try? device.fileSystem.read(path, limit: Int.max), let parsed = try? JSONParser.parse(bytes)
        else { return "no readable \(name)" }
        let edited = SimWorld.editedDocument(parsed, mode: mode, suffix: suffix)
        guard edited != parsed else { return "nothing to edit in \(name)" }
        var out = JSONWriter.pretty(edited)
        out.append(0x0A)
        try? device.fileSystem.writeInPlace(path, out)
        count("documentEdits")
        var note = "hand-edited \(name) (\(mode == 2 ? "permission" : "name"))"
        if joinAfter, let joiner = devices.first(where: { !$0.joined && $0.pendingCode != nil }) {
            note += "; \(joiner.name) joins: " + join(joiner)
        }
        return note
    }

    /// A document with one value changed: mode 2 makes a read-only participant read-write,
    /// otherwise a `name` (a participant's, or the household's) gets a suffix.
    static func editedDocument(_ value: JSONValue, mode: Int, suffix: Int) -> JSONValue {
        guard case .object(var top) = value else { return value }
        if case .object(var participants)? = top["participants"] {
            for id in participants.keys.sorted() {
                guard case .object(var entry)? = participants[id] else { continue }
                if mode == 2, entry["permission"] == .string("readOnly") {
                    entry["permission"] = .string("readWrite")
                } else if mode != 2, case .string(let name)? = entry["name"] {
                    entry["name"] = .string(name + " \(suffix)")
                } else {
                    continue
                }
                participants[id] = .object(entry)
                top["participants"] = .object(participants)
                return .object(top)
            }
            return value
        }
        if case .string(let name)? = top["name"] { top["name"] = .string(name + " \(suffix)") }
        return .object(top)
    }

    /// A record file's time set far from now (`touch -d 2200-01-01`, a clock at the epoch, a
    /// time before it), bytes unchanged; or a hand edit saved with such a time.
    func farTime(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard device.unmounted == nil else { return "folder unmounted" }
        let times: [Int64] = [Int64.max, Int64.max / 2 + 12_345, 7_258_118_400_000_000_000, 0, -1_000_000_000, Int64.min + 1]
        let time = random.pick(times)
        let withEdit = random.chance(0.4)
        let qty = random.int(0...30)
        let files = canonicalRecordFiles(device)
        guard !files.isEmpty else { return "no record files" }
        let (path, bytes, key) = files[random.int(0...(files.count - 1))]
        count("farTimes")
        if withEdit, case .object(var top)? = try? JSONParser.parse(bytes) {
            top["qty"] = JSONValue(qty)
            var edited = JSONWriter.pretty(.object(top))
            edited.append(0x0A)
            if edited != bytes {
                return saveHandEdit(device, path, key, bytes, edited, modifiedNanos: time)
                    ?? "hand-edited \(key) qty → \(qty) with file time \(time)"
            }
        }
        try? device.fileSystem.writeInPlace(path, bytes, modifiedNanos: time)
        return "touched \(key) to file time \(time)"
    }

    /// The app stores a value past the size limit (refused, nothing stored), or, rarely, near
    /// it: over half the limit (two such values written concurrently merge past it), or just
    /// under it. A stored one costs megabytes in every copy, replica and message and makes a
    /// run some ten times slower, so one run in fifty or so stores one, and none stores two.
    func bigValue(_ device: SimDevice, _ random: inout SplitMix64) -> String {
        guard let key = pickKey(&random) else { return "no records yet" }
        let limit = RecordFile.writeLimit
        let size = random.pick([limit / 2 + 1000, limit * 3 / 5, limit - 4096, limit + 10])
        let letter = random.pick(Array("abcdefgh"))
        let storeBig = random.chance(0.02)
        guard size > limit || (storeBig && events["bigValuesStored", default: 0] == 0) else { return "no big value this time" }
        let value = String(repeating: letter, count: size)
        count(size > limit ? "bigValues" : "bigValuesStored")
        return change(device, key, "update \(key) note=<\(size) bytes>", allowed: [.notPermitted, .usage]) {
            household throws(OursError) in
            try household.put(type: key.type, id: key.id, fields: ["note": .string(value)])
        }
    }
}
