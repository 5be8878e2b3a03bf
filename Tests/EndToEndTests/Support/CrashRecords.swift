import Foundation
import OursSync

/// The fields of one record as the crash tests write them: `gen` and `tag` are always written
/// together (a record holding one without the other is torn at the field level), `name` is
/// written once, `note` only by a conflict copy's hand edit.
struct SeenRecord: Equatable, CustomStringConvertible {
    var id: String
    var gen: Int
    var tag: String
    var name: String
    var note: String?

    static func tag(gen: Int, id: String) -> String { "g\(gen)-\(id)" }

    /// The same record after the crash tests' generation `gen` was written to it.
    func written(gen: Int) -> SeenRecord {
        SeenRecord(id: id, gen: gen, tag: SeenRecord.tag(gen: gen, id: id), name: name, note: note)
    }

    var description: String { "gen \(gen) \(tag) \(name)" + (note.map { " note \($0)" } ?? "") }
}

/// What one `records/` tree holds, read straight from disk the way another program would.
struct RecordTree {
    /// Canonical record files: id → fields.
    var records: [String: SeenRecord] = [:]
    /// Canonical record files: path relative to `records/` → bytes.
    var bytes: [String: [UInt8]] = [:]
    /// Files under `records/` that end in `.json` and do not parse as a record, with why.
    var torn: [String] = []
    /// Other JSON files carrying a record (conflict copies), relative paths.
    var strays: [String] = []
    /// The engine's leftover temporary files, absolute paths.
    var temporary: [String] = []
}

/// Reads record trees, parsing each distinct file content once (most files are the same bytes
/// in the folder and in both replicas).
final class RecordTreeReader {
    private var parsed: [[UInt8]: Result<SeenRecord, ParseFailure>] = [:]
    private var older: [[UInt8]: Result<SeenRecord, ParseFailure>] = [:]
    private var byStat: [String: (stat: FileStat, bytes: [UInt8], result: Result<SeenRecord, ParseFailure>)] = [:]

    struct ParseFailure: Error { var why: String }

    /// Forgets what older rounds parsed (keeps memory flat over a long run).
    func age() {
        older = parsed
        parsed = [:]
    }

    func read(_ directory: String) -> RecordTree {
        var tree = RecordTree()
        for (relative, path) in regularFiles(under: directory) {
            let name = lastComponent(relative)
            if TemporaryName.matches(name) {
                tree.temporary.append(path)
                continue
            }
            guard FolderNames.isRecordCandidate(name), let (bytes, result) = readAndDecode(path) else { continue }
            switch result {
            case .failure(let failure): tree.torn.append("\(relative): \(failure.why)")
            case .success(let record):
                let key = try? RecordKey(type: "item", id: record.id)
                if let key, relative == ZoneLayout.relativePath(of: key) {
                    tree.records[record.id] = record
                    tree.bytes[relative] = bytes
                } else {
                    tree.strays.append(relative)
                }
            }
        }
        return tree
    }

    /// A file's bytes and what they decode to; the bytes are read again only when the file's
    /// inode, size or times changed (every write replaces the file, so its inode changes).
    private func readAndDecode(_ path: String) -> ([UInt8], Result<SeenRecord, ParseFailure>)? {
        let stat = try? LocalFileSystem().stat(path)
        if let stat, let known = byStat[path], known.stat == stat { return (known.bytes, known.result) }
        guard let bytes = try? LocalFileSystem().read(path, limit: 1 << 24) else { return nil }
        let result = decode(bytes)
        if let stat { byStat[path] = (stat, bytes, result) }
        return (bytes, result)
    }

    private func decode(_ bytes: [UInt8]) -> Result<SeenRecord, ParseFailure> {
        if let known = parsed[bytes] { return known }
        let result = older[bytes] ?? Self.parse(bytes)
        parsed[bytes] = result
        return result
    }

    private static func parse(_ bytes: [UInt8]) -> Result<SeenRecord, ParseFailure> {
        let decoded: DecodedRecordFile
        do { decoded = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0) } catch {
            return .failure(ParseFailure(why: "\(error) (\(bytes.count) bytes)"))
        }
        let values = decoded.state.values
        guard case .number(let genText)? = values["gen"], let gen = Int(genText), let tag = values["tag"]?.stringValue,
            let name = values["name"]?.stringValue
        else { return .failure(ParseFailure(why: "a record without gen, tag or name: \(values)")) }
        let id = decoded.state.key.id
        let record = SeenRecord(id: id, gen: gen, tag: tag, name: name, note: values["note"]?.stringValue)
        guard tag == SeenRecord.tag(gen: gen, id: id) else {
            return .failure(ParseFailure(why: "gen \(gen) with tag \(tag): fields from two writes"))
        }
        return .success(record)
    }
}

/// Every regular file under `directory` (relative path, absolute path), through plain POSIX
/// calls: Foundation's enumerator is too slow to run thousands of times.
func regularFiles(under directory: String, relative: String = "") -> [(String, String)] {
    guard let entries = try? LocalFileSystem().list(directory) else { return [] }
    var result: [(String, String)] = []
    for entry in entries {
        let path = directory + "/" + entry.name
        let inner = relative.isEmpty ? entry.name : relative + "/" + entry.name
        switch entry.kind {
        case .file: result.append((inner, path))
        case .directory: result += regularFiles(under: path, relative: inner)
        default: continue
        }
    }
    return result
}

/// The engine's temporary files anywhere under `directory`.
func temporaryFiles(under directory: String) -> [String] {
    regularFiles(under: directory).filter { TemporaryName.matches(lastComponent($0.0)) }.map(\.1).sorted()
}

/// Sets a file's modification time `seconds` into the past, as if a crash left it long ago.
func backdate(_ path: String, seconds: Double) {
    try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: path)
}

/// JSON Lines for `ours record import`: every record of a generation.
func generationLines(_ gen: Int, ids: [String], names: Bool) -> String {
    ids.enumerated().map { index, id in
        let name = names ? #", "name": "rec \#(index)""# : ""
        return #"{"_ours": {"id": "\#(id)"}, "gen": \#(gen), "tag": "\#(SeenRecord.tag(gen: gen, id: id))"\#(name)}"#
    }.joined(separator: "\n") + "\n"
}
