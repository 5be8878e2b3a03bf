/// Walks a household's `records/` folder and reads what changed since the last look.
///
/// Other tools' files are skipped without a word; links are never followed; a file that does
/// not parse is reported with its line and column and remembered as broken, so nothing
/// overwrites it.
struct FolderScanner {
    enum Mode: Sendable {
        /// Read every file and compare digests: catches edits that kept size and time.
        case sweep
        /// Trust an unchanged size, modification time, change time and inode.
        case quick
    }

    struct DecodedFile {
        var relativePath: String
        var file: DecodedRecordFile
    }

    struct Result {
        var index = FolderIndex()
        /// Files whose bytes changed since the index, decoded.
        var decoded: [DecodedFile] = []
        /// Non-canonical files holding a record (conflict copies, copies made by people).
        var strays: [RecordKey: [String]] = [:]
        /// Relative paths of files that do not parse.
        var broken: Set<String> = []
        /// Records whose canonical file was in the index and is gone now.
        var vanished: Set<RecordKey> = []
        var problems: [Problem] = []
        var filesScanned = 0
        var filesRead = 0
    }

    let fileSystem: any FileSystem
    let layout: ZoneLayout
    let previous: FolderIndex
    let mode: Mode
    var progress: SyncProgressHandler?
    /// How deep under `records/` files are looked for (type, shard, file, and some slack).
    static let maximumDepth = 6

    func scan() -> Result {
        var result = Result()
        walk(directory: layout.records, relative: "records", depth: 0, into: &result)
        for (path, entry) in previous.entries where result.index.entries[path] == nil {
            if case .record(let key) = entry.content, path == "records/" + ZoneLayout.relativePath(of: key) {
                result.vanished.insert(key)
            }
        }
        return result
    }

    private func walk(directory: String, relative: String, depth: Int, into result: inout Result) {
        let entries: [DirectoryEntry]
        do { entries = try fileSystem.list(directory) } catch {
            if error.reason != .notFound {
                result.problems.append(Problem(.unreadableFile, path: layout.directoryName + "/" + relative, error.description))
            }
            return
        }
        for entry in entries where !FolderNames.isIgnored(entry.name) {
            let path = joinPath(directory, entry.name)
            let relativePath = relative + "/" + entry.name
            switch entry.kind {
            case .directory where depth < FolderScanner.maximumDepth:
                walk(directory: path, relative: relativePath, depth: depth + 1, into: &result)
            case .symlink:
                result.problems.append(
                    Problem(.symlink, path: layout.directoryName + "/" + relativePath, "symbolic link ignored; Ours never follows links"))
            case .file where FolderNames.isRecordCandidate(entry.name):
                look(at: path, relativePath: relativePath, into: &result)
            default:
                continue
            }
        }
    }

    private func look(at path: String, relativePath: String, into result: inout Result) {
        result.filesScanned += 1
        if result.filesScanned % 1000 == 0 { progress?(SyncProgress(phase: .reading, done: result.filesScanned, total: nil)) }
        let shownPath = layout.directoryName + "/" + relativePath
        let stat: FileStat
        do {
            guard let found = try fileSystem.stat(path), found.kind == .file else { return }
            stat = found
        } catch {
            result.problems.append(Problem(.unreadableFile, path: shownPath, error.description))
            return
        }
        let known = previous.entries[relativePath]
        if mode == .quick, let known, known.matches(stat), case .record(let key) = known.content {
            record(known, key: key, relativePath: relativePath, into: &result)
            return
        }
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path, limit: RecordFile.maximumSize) } catch {
            if case .tooLarge = error.reason {
                result.problems.append(
                    Problem(.brokenFile, path: shownPath, RecordFileError.tooLarge(Int(stat.size)).description))
                result.broken.insert(relativePath)
            } else if error.reason != .notFound {
                result.problems.append(Problem(.unreadableFile, path: shownPath, error.description))
            }
            return
        }
        result.filesRead += 1
        let digest = Digest.of(bytes)
        if let known, known.digest == digest, case .record(let key) = known.content {
            record(FolderIndex.Entry(stat: stat, digest: digest, content: known.content), key: key,
                   relativePath: relativePath, into: &result)
            return
        }
        let components = relativePath.split(separator: "/").map(String.init)
        let fallbackType = components.count >= 3 && RecordKey.isValidType(components[1]) ? components[1] : nil
        let fileName = components.last ?? ""
        do {
            let file = try RecordFile.decode(
                bytes, fallbackType: fallbackType,
                fallbackID: FolderNames.handMadeID(fileName: fileName, relativePath: relativePath),
                modifiedMillis: stat.modifiedMillis)
            let entry = FolderIndex.Entry(stat: stat, digest: digest, content: .record(file.state.key))
            record(entry, key: file.state.key, relativePath: relativePath, into: &result)
            result.decoded.append(DecodedFile(relativePath: relativePath, file: file))
        } catch {
            let kind: Problem.Kind = if case .newerFormat = error { .newerFormat } else { .brokenFile }
            let position = error.position
            result.problems.append(
                Problem(kind, path: shownPath, error.description + "; left as it is until fixed",
                        line: position?.line, column: position?.column))
            result.broken.insert(relativePath)
            if FolderIndex.isIndexable(relativePath) {
                result.index.entries[relativePath] = FolderIndex.Entry(stat: stat, digest: digest, content: .broken)
            }
        }
    }

    private func record(_ entry: FolderIndex.Entry, key: RecordKey, relativePath: String, into result: inout Result) {
        if FolderIndex.isIndexable(relativePath) { result.index.entries[relativePath] = entry }
        if relativePath != "records/" + ZoneLayout.relativePath(of: key) {
            result.strays[key, default: []].append(relativePath)
        }
    }
}
