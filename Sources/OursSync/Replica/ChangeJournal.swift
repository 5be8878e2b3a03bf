/// An append-only journal of what changed in a replica: records merged from the folder and
/// records changed on this device, by any process using the device's state directory.
///
/// A watcher tails it, which is how `ours watch` learns what a one-shot `ours` command did in
/// another process — the replica and the folder alone cannot tell, because that command has
/// already merged and written everything by the time the watcher looks. Every writer holds the
/// device lock, so lines never interleave.
///
/// It is a notification, not data: the replica holds the records, and losing the journal loses
/// only feed lines. So it is never flushed, a torn last line is skipped, and it is bounded: two
/// segments of about `segmentLimit` bytes (1 MiB; the older is dropped when a new one starts),
/// and a batch too large to list (a join, an import) is written as one line with a count.
package struct ChangeJournal: Sendable {
    /// One line of the journal.
    struct Entry: Sendable, Equatable {
        enum Content: Sendable, Equatable {
            /// One record changed; `device` is the writer's, for local changes (whose
            /// participant the reader looks up).
            case change(RecordChange, device: DeviceID?)
            /// Too many records changed to list them one by one.
            case unlisted(count: Int, types: [String])
        }

        var at: Int64
        var origin: ChangeOrigin
        var content: Content
    }

    let fileSystem: any FileSystem
    let directory: String
    /// A new segment starts when the current one would grow past this.
    var segmentLimit = ChangeJournal.defaultSegmentLimit

    static let defaultSegmentLimit = 1 << 20
    /// A batch whose lines would take more than this is journaled as a count.
    static let listingLimit = 256 << 10
    /// Batches with more changes than this are counted without encoding them first.
    static let listingCountLimit = 2_000

    var currentPath: String { joinPath(directory, "journal") }
    var previousPath: String { joinPath(directory, "journal.old") }

    /// Appends changes. Call under the device lock.
    /// - Parameters:
    ///   - changes: what changed, in order.
    ///   - origin: merged from the folder, or made on this device.
    ///   - device: the writer of local changes.
    ///   - at: the wall-clock time, in milliseconds.
    func append(_ changes: [RecordChange], origin: ChangeOrigin, device: DeviceID?, at: Int64) throws(FileSystemError) {
        guard !changes.isEmpty else { return }
        var body: [UInt8] = []
        if changes.count <= ChangeJournal.listingCountLimit {
            for change in changes {
                body += ChangeJournal.encode(Entry(at: at, origin: origin, content: .change(change, device: device)))
            }
        }
        if body.isEmpty || body.count > ChangeJournal.listingLimit {
            let types = Set(changes.map(\.key.type)).sorted()
            body = ChangeJournal.encode(Entry(at: at, origin: origin, content: .unlisted(count: changes.count, types: types)))
        }
        let current = try fileSystem.stat(currentPath)
        if let current, current.kind == .file, Int(current.size) + body.count <= segmentLimit {
            try fileSystem.append(currentPath, body)
            return
        }
        if try fileSystem.stat(directory) == nil { try fileSystem.createDirectory(directory) }
        if current != nil { try fileSystem.rename(currentPath, to: previousPath) }
        let header = JSONWriter.compact(["journal": 1, "segment": .string(RandomID.make(length: 12))]) + [0x0A]
        try fileSystem.writeAtomically(currentPath, header + body, durability: .deferred)
    }

    // MARK: Lines

    static func encode(_ entry: Entry) -> [UInt8] {
        var object: [String: JSONValue] = [
            "at": .string(UTCTime.iso8601(millis: entry.at)), "origin": .string(entry.origin.rawValue),
        ]
        switch entry.content {
        case .change(let change, let device):
            object = object.merging(change.json.objectValue ?? [:]) { first, _ in first }
            if let device { object["device"] = .string(device.rawValue) }
        case .unlisted(let count, let types):
            object["kind"] = "unlisted"
            object["count"] = JSONValue(count)
            object["types"] = .array(types.map { .string($0) })
        }
        return JSONWriter.compact(.object(object)) + [0x0A]
    }

    /// The segment id of a header line, `nil` for any other line.
    static func segment(ofHeader line: ArraySlice<UInt8>) -> String? {
        guard let value = try? JSONParser.parse(Array(line)), value["journal"]?.intValue == 1 else { return nil }
        return value["segment"]?.stringValue
    }

    /// Reads one entry line; `nil` for a torn or unknown line (skipped: the journal is a hint).
    static func decode(_ line: ArraySlice<UInt8>) -> Entry? {
        guard let value = try? JSONParser.parse(Array(line)), let kind = value["kind"]?.stringValue,
            let origin = value["origin"]?.stringValue.flatMap(ChangeOrigin.init(rawValue:))
        else { return nil }
        let at = value["at"]?.stringValue.flatMap(UTCTime.parseISO8601) ?? 0
        if kind == "unlisted" {
            let types = (value["types"]?.arrayValue ?? []).compactMap(\.stringValue)
            return Entry(at: at, origin: origin, content: .unlisted(count: value["count"]?.intValue ?? 0, types: types))
        }
        guard let changeKind = RecordChange.Kind(rawValue: kind), let type = value["type"]?.stringValue,
            let id = value["id"]?.stringValue, let key = try? RecordKey(type: type, id: id)
        else { return nil }
        let fields = (value["fields"]?.arrayValue ?? []).compactMap(\.stringValue)
        let change = RecordChange(key: key, kind: changeKind, by: value["by"]?.stringValue, fields: fields)
        let device = value["device"]?.stringValue.flatMap(DeviceID.init)
        return Entry(at: at, origin: origin, content: .change(change, device: device))
    }
}

extension Replica {
    /// The journal of changes to this replica (see `ChangeJournal`).
    var journal: ChangeJournal { ChangeJournal(fileSystem: fileSystem, directory: directory) }
}
