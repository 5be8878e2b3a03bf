/// The replica's summary index: for each record type, one append-only log of the records'
/// summaries (`RecordSummary`), so listing commands answer without reading every record.
///
/// `summaries/<type>.log` starts with a header line naming the format, the fields kept and
/// the boot the log was built in; then one line per change, appended by every writer of the
/// replica (under the device lock) around its write of the record file:
///
///     ?<id>                          a write of the record is under way
///     =<id>\t<0|1>\t<value>\t…       its summary: deleted, then each field's compact JSON ("" when absent)
///     -<id>                          the record left the replica
///
/// The last line of an id wins. An id whose last line is `?` (a writer was killed between the
/// two lines) is read from its file. A log from another boot is rebuilt from the records: the
/// record files and the log are flushed at different times, so a power cut could have kept
/// one and not the other. A missing or unreadable log is rebuilt too (under the device lock,
/// by the first reader), and writers leave a type without a log alone. The header states how
/// many bytes after it were written at once, one line per record (the base): only the lines
/// appended after it need folding. Each time a log's size passes a power of two (from 1 MiB),
/// its writer rewrites it with one line per record if most of its lines are superseded.
package struct SummaryIndex: Sendable {
    static let version = 1
    static let directoryName = "summaries"

    let fileSystem: any FileSystem
    let replicaDirectory: String

    var directory: String { joinPath(replicaDirectory, SummaryIndex.directoryName) }
    func path(of type: String) -> String { joinPath(directory, type + ".log") }
    /// The change journal's segment and size when a writer that keeps the index last appended
    /// to it (see `Replica.summariesSawTheJournal`).
    var markPath: String { joinPath(directory, "journal-mark") }

    // MARK: Lines

    /// The first line of a log whose next `base` bytes are one line per record.
    static func header(type: String, base: Int) -> [UInt8] {
        var object: [String: JSONValue] = [
            "summaries": JSONValue(version), "type": .string(type),
            "fields": .array(RecordSummary.fields(of: type).map { .string($0) }),
            "base": JSONValue(base),
        ]
        if let boot = BootID.current { object["boot"] = .string(boot) }
        return JSONWriter.compact(.object(object)) + [0x0A]
    }

    static func intent(_ id: String) -> [UInt8] { [UInt8(ascii: "?")] + Array(id.utf8) + [0x0A] }
    static func removal(_ id: String) -> [UInt8] { [UInt8(ascii: "-")] + Array(id.utf8) + [0x0A] }

    /// The line of a record's summary; a removal for a record that no longer exists for readers.
    static func line(_ state: RecordState) -> [UInt8] {
        guard !state.isEmpty else { return removal(state.key.id) }
        let summary = RecordSummary(state)
        var line = [UInt8(ascii: "=")] + Array(state.key.id.utf8) + [0x09, summary.isDeleted ? 0x31 : 0x30]
        for field in RecordSummary.fields(of: state.key.type) {
            line.append(0x09)
            if let value = summary.values[field] { line += JSONWriter.compact(value) }
        }
        line.append(0x0A)
        return line
    }

    /// The size of the base a header states, when it is this format's header for `type`, with
    /// this build's fields, from this boot; `nil` otherwise (the log must be rebuilt).
    static func base(inHeader line: ArraySlice<UInt8>, type: String) -> Int? {
        guard let header = try? JSONParser.parse(Array(line)), header["summaries"]?.intValue == version,
            header["type"]?.stringValue == type,
            header["fields"]?.arrayValue?.compactMap(\.stringValue) == RecordSummary.fields(of: type),
            header["boot"]?.stringValue == BootID.current, let base = header["base"]?.intValue, base >= 0
        else { return nil }
        return base
    }

    /// The summary a `=` line's rest (`\t<0|1>\t<value>…`) holds; `nil` for a damaged line.
    static func summary(of key: RecordKey, _ rest: ArraySlice<UInt8>) -> RecordSummary? {
        var ranges: [Range<Int>] = []
        columnRanges(rest, into: &ranges)
        let names = RecordSummary.fields(of: key.type)
        guard ranges.count == names.count + 1, let flag = ranges.first.map({ rest[$0] }), flag.count == 1 else { return nil }
        var values = [String: JSONValue](minimumCapacity: names.count)
        for (name, range) in zip(names, ranges.dropFirst()) where !range.isEmpty {
            let text = rest[range]
            guard let value = decodeValue(text) else { return nil }
            values[name] = value
        }
        return RecordSummary(key: key, isDeleted: flag.first == 0x31, values: values)
    }

    /// A column's value; `nil` when it is not JSON.
    static func decodeValue(_ text: ArraySlice<UInt8>) -> JSONValue? {
        quickValue(text) ?? (try? JSONParser.parse(Array(text)))
    }

    /// The common values without the general parser: booleans, whole numbers, and strings
    /// without escapes (each as the parser would give it).
    private static func quickValue(_ text: ArraySlice<UInt8>) -> JSONValue? {
        switch text.first {
        case .some(UInt8(ascii: "0")...UInt8(ascii: "9")), UInt8(ascii: "-"):
            let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
            guard let lead = digits.first, digits.count <= 18, lead != UInt8(ascii: "0") || digits.count == 1,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return .number(String(decoding: text, as: UTF8.self))
        case UInt8(ascii: "t") where text.elementsEqual("true".utf8): return .bool(true)
        case UInt8(ascii: "f") where text.elementsEqual("false".utf8): return .bool(false)
        case UInt8(ascii: "\""):
            guard text.count >= 2, text.last == UInt8(ascii: "\""), !text.contains(UInt8(ascii: "\\")) else { return nil }
            return .string(String(decoding: text.dropFirst().dropLast(), as: UTF8.self))
        default: return nil
        }
    }

    /// The columns of a summary line's rest: the deleted flag, then each field's value.
    static func columns(_ rest: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var ranges: [Range<Int>] = []
        columnRanges(rest, into: &ranges)
        return ranges.map { rest[$0] }
    }

    /// Where the columns of a summary line's rest are, into a buffer reused line after line.
    static func columnRanges(_ rest: ArraySlice<UInt8>, into ranges: inout [Range<Int>]) {
        ranges.removeAll(keepingCapacity: true)
        guard rest.first == 0x09 else { return }
        rest.withUnsafeBufferPointer { buffer in
            let base = rest.startIndex
            var start = 1
            while let index = ByteSearch.first(0x09, in: buffer, from: start, to: buffer.count) {
                ranges.append((base + start)..<(base + index))
                start = index + 1
            }
            ranges.append((base + start)..<(base + buffer.count))
        }
    }
}
