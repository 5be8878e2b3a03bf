/// Walks a household's `records/` folder and reads what changed since the last look.
///
/// Other tools' files are skipped without a word; links are never followed; a file that does
/// not parse is reported with its line and column and remembered as broken, so nothing
/// overwrites it.
struct FolderScanner {
    enum Mode: Sendable, Equatable {
        /// Read every file and compare digests: catches edits that kept size and times, on
        /// file systems that lie about times.
        case sweep
        /// List every folder and stat every file; read files whose stat changed.
        case stat
        /// Stat every folder; list only folders whose stat changed (a file was added, removed
        /// or renamed in them), and reuse the rest of the index as it was.
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
        /// Non-canonical files holding a record (conflict copies, copies made by people), in
        /// the folders that were listed.
        var strays: [RecordKey: [String]] = [:]
        /// Relative paths of files that do not parse.
        var broken: Set<String> = []
        /// Records whose canonical file was in the index and is gone now.
        var vanished: Set<RecordKey> = []
        /// Records whose canonical file was written again with the bytes the index knew (a sync
        /// tool putting an older version back): the replica may have moved past those bytes.
        var rewritten: Set<RecordKey> = []
        var problems: [Problem] = []
        /// The engine's temporary files in the folders that were listed (relative paths):
        /// another device's write in progress, or the leftover of one that never finished.
        var temporaryFiles: [String] = []
        /// Folders and files that could not be read (relative paths). What the index knew of
        /// them is kept: they did not vanish, and nothing may be written over what was not read.
        var unreadable: Set<String> = []
        var filesScanned = 0
        var filesRead = 0
        /// Whether the index differs from the previous one.
        var changed = false

        /// Whether a path could not be read, or lies in a folder that could not.
        func isUnreadable(_ relativePath: String) -> Bool {
            var path = Substring(relativePath)
            while !unreadable.isEmpty {
                if unreadable.contains(String(path)) { return true }
                guard let slash = path.lastIndex(of: "/") else { return false }
                path = path[..<slash]
            }
            return false
        }
    }

    let fileSystem: any FileSystem
    let layout: ZoneLayout
    let previous: FolderIndex
    let mode: Mode
    var progress: SyncProgressHandler?
    /// Folders whose files are read again in full even in a quick pass: a rolling sweep, so
    /// in-place edits that kept every time are caught without reading everything at once.
    var reread: (@Sendable (String) -> Bool)?
    /// Files that failed to parse while still changing (a sync tool writing them): not
    /// reported as broken until they settle.
    var settling: (@Sendable (String, FileStat) -> Bool)?
    /// How deep under `records/` files are looked for (type, shard, file, and some slack).
    static let maximumDepth = 6

    func scan() -> Result {
        var result = Result()
        walk(relative: "records", depth: 0, into: &result)
        for (path, directory) in previous.directories where result.index.directories[path] == nil {
            collectVanished(directory, at: path, into: &result)
            result.changed = true
        }
        return result
    }

    private func collectVanished(_ directory: FolderIndex.Directory, at path: String, into result: inout Result) {
        for (name, entry) in directory.files {
            if case .record(let key) = entry.content, path + "/" + name == "records/" + ZoneLayout.relativePath(of: key) {
                result.vanished.insert(key)
            }
        }
    }

    private func walk(relative: String, depth: Int, into result: inout Result) {
        let directoryPath = joinPath(layout.zone, relative)
        let stat: FileStat
        do {
            guard let found = try fileSystem.stat(directoryPath) else { return }
            guard found.kind == .directory else {
                if found.kind == .symlink {  // `records` itself, or a known folder that became a link
                    let shown = layout.directoryName + "/" + relative
                    result.problems.append(Problem(.symlink, path: shown, "symbolic link ignored; Ours never follows links"))
                }
                return
            }
            stat = found
        } catch {
            result.problems.append(Problem(.unreadableFile, path: layout.directoryName + "/" + relative, error.description))
            keepUnreadable(relative, into: &result)
            return
        }
        let known = previous.directories[relative]
        if mode == .quick, let known, known.matches(stat), !(reread?(relative) ?? false) {
            reuse(known, at: relative, depth: depth, into: &result)
            return
        }
        let entries: [DirectoryEntry]
        do { entries = try fileSystem.list(directoryPath) } catch {
            if error.reason != .notFound {
                result.problems.append(Problem(.unreadableFile, path: layout.directoryName + "/" + relative, error.description))
                keepUnreadable(relative, into: &result)
            }
            return
        }
        result.index.directories[relative] = FolderIndex.Directory(stat: stat)
        if known.map({ !$0.matches(stat) }) ?? true { result.changed = true }
        for entry in entries where entry.kind == .file && TemporaryName.matches(entry.name) {
            result.temporaryFiles.append(relative + "/" + entry.name)
        }
        for entry in entries where !FolderNames.isIgnored(entry.name) {
            let relativePath = relative + "/" + entry.name
            switch entry.kind {
            case .directory where depth < FolderScanner.maximumDepth && FolderIndex.isIndexable(entry.name):
                result.index.directories[relative]?.subdirectories.insert(entry.name)
                walk(relative: relativePath, depth: depth + 1, into: &result)
            case .symlink:
                result.problems.append(
                    Problem(.symlink, path: layout.directoryName + "/" + relativePath, "symbolic link ignored; Ours never follows links"))
            case .file where FolderNames.isRecordCandidate(entry.name):
                look(at: relativePath, name: entry.name, in: relative, known: known?.files[entry.name], into: &result)
            case .other:
                // Never opened: a pipe would block a reader, and a name that is not UTF-8 cannot
                // be a record (it is shown with U+FFFD for the bytes that are not).
                let why =
                    entry.name.contains("\u{FFFD}")
                    ? "a name that is not valid UTF-8; ignored"
                    : "not a regular file or folder (a named pipe, socket or device); ignored"
                result.problems.append(Problem(.unreadableFile, path: layout.directoryName + "/" + relativePath, why))
            default:
                continue
            }
        }
        if let known {
            for (name, entry) in known.files where result.index.directories[relative]?.files[name] == nil {
                result.changed = true
                if case .record(let key) = entry.content, relative + "/" + name == "records/" + ZoneLayout.relativePath(of: key) {
                    result.vanished.insert(key)
                }
            }
        }
    }

    /// An unchanged folder: its files are as they were; its subfolders are looked at in turn.
    private func reuse(_ known: FolderIndex.Directory, at relative: String, depth: Int, into result: inout Result) {
        var copy = known
        copy.subdirectories = []
        result.index.directories[relative] = copy
        result.filesScanned += known.files.count
        for (name, entry) in known.files where entry.content == .broken {
            result.broken.insert(relative + "/" + name)
        }
        for name in known.subdirectories.sorted() where depth < FolderScanner.maximumDepth {
            let before = result.index.directories[relative + "/" + name]
            walk(relative: relative + "/" + name, depth: depth + 1, into: &result)
            if before != nil || result.index.directories[relative + "/" + name] != nil {
                result.index.directories[relative]?.subdirectories.insert(name)
            }
        }
    }

    private func look(
        at relativePath: String, name: String, in directory: String, known: FolderIndex.Entry?, into result: inout Result
    ) {
        result.filesScanned += 1
        if result.filesScanned % 1000 == 0 { progress?(SyncProgress(phase: .reading, done: result.filesScanned, total: nil)) }
        var shownPath: String { layout.directoryName + "/" + relativePath }  // for problems only
        let path = joinPath(layout.zone, relativePath)
        let stat: FileStat
        do {
            guard let found = try fileSystem.stat(path), found.kind == .file else { return }
            stat = found
        } catch {
            result.problems.append(Problem(.unreadableFile, path: shownPath, error.description))
            keepUnreadable(relativePath, known: known, name: name, in: directory, into: &result)
            return
        }
        let indexable = FolderIndex.isIndexable(name)
        if mode != .sweep, !(reread?(directory) ?? false), let known, known.matches(stat), case .record(let key) = known.content {
            keep(known, key: key, name: name, in: directory, indexable: indexable, into: &result)
            return
        }
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path, limit: RecordFile.maximumSize) } catch {
            if case .tooLarge = error.reason {
                result.problems.append(Problem(.brokenFile, path: shownPath, RecordFileError.tooLarge(Int(stat.size)).description))
                result.broken.insert(relativePath)
            } else if error.reason != .notFound {
                result.problems.append(Problem(.unreadableFile, path: shownPath, error.description))
                keepUnreadable(relativePath, known: known, name: name, in: directory, into: &result)
            }
            return
        }
        result.filesRead += 1
        let digest = Digest.of(bytes)
        if let known, known.digest == digest, case .record(let key) = known.content {
            if !known.matches(stat) {
                result.changed = true
                if relativePath == "records/" + ZoneLayout.relativePath(of: key) { result.rewritten.insert(key) }
            }
            keep(FolderIndex.Entry(stat: stat, digest: digest, content: known.content), key: key, name: name, in: directory,
                 indexable: indexable, into: &result)
            return
        }
        result.changed = true
        let components = relativePath.split(separator: "/").map(String.init)
        let fallbackType = components.count >= 3 && RecordKey.isValidType(components[1]) ? components[1] : nil
        do {
            let file = try RecordFile.decode(
                bytes, fallbackType: fallbackType,
                fallbackID: FolderNames.handMadeID(fileName: name, relativePath: relativePath),
                modifiedMillis: stat.modifiedMillis)
            let entry = FolderIndex.Entry(stat: stat, digest: digest, content: .record(file.state.key))
            keep(entry, key: file.state.key, name: name, in: directory, indexable: indexable, into: &result)
            result.decoded.append(DecodedFile(relativePath: relativePath, file: file))
        } catch {
            result.broken.insert(relativePath)
            if settling?(relativePath, stat) ?? false { return }  // still being written; read again next time
            let kind: Problem.Kind = if case .newerFormat = error { .newerFormat } else { .brokenFile }
            let position = error.position
            result.problems.append(
                Problem(kind, path: shownPath, error.description + "; left as it is until fixed",
                        line: position?.line, column: position?.column))
            if indexable {
                result.index.directories[directory]?.files[name] = FolderIndex.Entry(stat: stat, digest: digest, content: .broken)
            }
        }
    }

    /// A folder or file that could not be read keeps what the index knew of it (and below it),
    /// so its records do not count as vanished, and is noted so nothing is written over it.
    private func keepUnreadable(
        _ relative: String, known: FolderIndex.Entry? = nil, name: String? = nil, in directory: String? = nil,
        into result: inout Result
    ) {
        result.unreadable.insert(relative)
        if let known, let name, let directory {
            result.index.directories[directory]?.files[name] = known
            return
        }
        for (path, folder) in previous.directories where path == relative || path.hasPrefix(relative + "/") {
            result.index.directories[path] = folder
        }
    }

    private func keep(
        _ entry: FolderIndex.Entry, key: RecordKey, name: String, in directory: String, indexable: Bool,
        into result: inout Result
    ) {
        if indexable { result.index.directories[directory]?.files[name] = entry }
        if !ZoneLayout.isCanonical(directory: directory, name: name, of: key) {
            result.strays[key, default: []].append(directory + "/" + name)
        }
    }
}
