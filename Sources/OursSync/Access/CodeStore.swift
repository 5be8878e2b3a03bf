/// Reads and writes share codes in `<root>/codes/`, merging any conflict copies a sync tool
/// made of a code file (two devices using one code at once).
struct CodeStore {
    let fileSystem: any FileSystem
    let root: String

    var directory: String { joinPath(root, "codes") }

    /// The code, merged with its conflict copies; `nil` when there is no such code.
    /// - Throws: `.failed` naming the file when the code file is damaged.
    func load(_ code: String) throws(OursError) -> ShareCode? {
        let path = joinPath(directory, code + ".json")
        var result: ShareCode?
        do {
            try fileSystem.requireNoLinks(path, under: root, creating: false)  // `codes` may be a link out
            let bytes = try fileSystem.read(path, limit: 64 * 1024)
            result = try ShareCode.decode(bytes, path: path)
        } catch let error as FileSystemError where error.reason == .notFound || error.reason == .notADirectory {
            result = nil
        } catch let error as FileSystemError where error.reason == .symbolicLink || error.reason == .notARegularFile {
            throw .failed(
                "refused: \(error.description)", hint: "Someone put something other than a code file there; ask for a new code.")
        } catch let error as FileSystemError {
            throw .io(error)
        } catch let error as ShareCodeError {
            throw .failed("the share code file is damaged: \(error)", hint: "Ask for a new code.")
        } catch {
            throw .failed("\(error)")
        }
        for copy in conflictCopies(of: code) {
            result = result.map { $0.merging(copy.1) } ?? copy.1
        }
        return result
    }

    /// Every code in the folder (canonical files only), skipping damaged ones.
    func all() -> [ShareCode] {
        guard isRealDirectory, let entries = try? fileSystem.list(directory) else { return [] }
        return entries.compactMap { entry in
            guard entry.kind == .file, entry.name.hasSuffix(".json"), !FolderNames.isIgnored(entry.name) else { return nil }
            let code = String(entry.name.dropLast(5))
            guard code.count == ShareCode.length, code.allSatisfy({ ShareCode.alphabet.contains($0) }) else { return nil }
            return try? load(code)
        }
    }

    func save(_ shareCode: ShareCode) throws(OursError) {
        try io { () throws(FileSystemError) in
            let path = joinPath(directory, shareCode.code + ".json")
            try fileSystem.requireNoLinks(path, under: root, creating: true)  // never write through a link
            try fileSystem.writeAtomically(path, shareCode.encode(), durability: .immediate)
        }
        for copy in conflictCopies(of: shareCode.code) { try? fileSystem.remove(copy.0) }
    }

    /// Removes a code's file and its conflict copies (never through a link); whether the
    /// file is gone afterwards.
    func remove(_ code: String) -> Bool {
        let path = joinPath(directory, code + ".json")
        guard (try? fileSystem.requireNoLinks(path, under: root, creating: false)) != nil else { return false }
        for copy in conflictCopies(of: code) { try? fileSystem.remove(copy.0) }
        try? fileSystem.remove(path)
        if case .some(.none) = try? fileSystem.stat(path) { return true }
        return false
    }

    /// Whether `codes` is a folder, not a link that could lead out of the shared folder.
    private var isRealDirectory: Bool { (try? fileSystem.stat(directory))??.kind == .directory }

    /// Files like `ABC234.sync-conflict-….json` or `ABC234 (conflicted copy).json` holding the code.
    private func conflictCopies(of code: String) -> [(String, ShareCode)] {
        guard isRealDirectory, let entries = try? fileSystem.list(directory) else { return [] }
        return entries.compactMap { entry in
            guard entry.kind == .file, entry.name.hasPrefix(code), entry.name != code + ".json",
                entry.name.hasSuffix(".json"), !FolderNames.isIgnored(entry.name)
            else { return nil }
            let path = joinPath(directory, entry.name)
            guard let bytes = try? fileSystem.read(path, limit: 64 * 1024),
                let decoded = try? ShareCode.decode(bytes, path: path), decoded.code == code
            else { return nil }
            return (path, decoded)
        }
    }
}
