import Foundation

@testable import OursSync

/// The real file system, watched: before every operation, the folder it acts in is resolved
/// the way the kernel will resolve it (links in the folders above followed) and must lie in
/// one of the allowed places — the shared folder and the devices' state directories. Any
/// operation that would reach elsewhere is recorded (and still performed, so the engine's
/// behaviour is the real one).
final class ContainedFileSystem: FileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let allowed: [String]
    private let shared: String
    private let lock = NSLock()
    private var escapesStore: [String] = []
    private var largestReadStore = 0
    private var refusedStore: [String: FileSystemError.Reason] = [:]

    /// - Parameters:
    ///   - shared: the shared folder (its reads are measured).
    ///   - allowed: every place the engine may touch (the shared folder included).
    init(shared: String, allowed: [String]) {
        self.shared = base.realPath(shared) ?? shared
        self.allowed = allowed.map { LocalFileSystem().realPath($0) ?? $0 }
    }

    /// Operations that reached outside the allowed places: "operation path → where it led".
    var escapes: [String] { lock.withLock { escapesStore } }
    /// The most bytes one successful read in the shared folder returned.
    var largestRead: Int { lock.withLock { largestReadStore } }
    /// Reads in the shared folder that were refused, and why.
    var refusedReads: [String: FileSystemError.Reason] { lock.withLock { refusedStore } }

    /// Checks the folder an operation on `path` acts in; `followsLast` when the operation
    /// follows a link at `path` itself (opendir, open without O_NOFOLLOW, access).
    private func check(_ operation: String, _ path: String, followsLast: Bool = false) {
        if allowed.contains(base.realPath(path) ?? path) { return }  // looking at an allowed place itself
        var folder = followsLast ? path : parentPath(path)
        var resolved = base.realPath(folder)
        while resolved == nil, folder != "/" {
            folder = parentPath(folder)
            resolved = base.realPath(folder)
        }
        let real = resolved ?? "/"
        if !allowed.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) {
            lock.withLock { escapesStore.append("\(operation) \(path) → \(real)") }
        }
    }

    func stat(_ path: String) throws(FileSystemError) -> FileStat? {
        check("stat", path)
        return try base.stat(path)
    }

    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        check("read", path)
        let inShared = (base.realPath(parentPath(path)) ?? "").hasPrefix(shared)
        do {
            let bytes = try base.read(path, limit: limit)
            if inShared { lock.withLock { largestReadStore = max(largestReadStore, bytes.count) } }
            return bytes
        } catch {
            if inShared { lock.withLock { refusedStore[path] = error.reason } }
            throw error
        }
    }

    func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry] {
        check("list", path, followsLast: true)
        return try base.list(path)
    }

    func createDirectory(_ path: String) throws(FileSystemError) {
        check("create directory", path)
        try base.createDirectory(path)
    }

    func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError) {
        check("write", path)
        try base.writeAtomically(path, bytes, durability: durability)
    }

    func append(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        check("append", path)
        try base.append(path, bytes)
    }

    func remove(_ path: String) throws(FileSystemError) {
        check("remove", path)
        try base.remove(path)
    }

    func rename(_ from: String, to: String) throws(FileSystemError) {
        check("rename", from)
        check("rename", to)
        try base.rename(from, to: to)
    }

    func flush(_ path: String) throws(FileSystemError) {
        check("flush", path, followsLast: true)
        try base.flush(path)
    }

    func realPath(_ path: String) -> String? { base.realPath(path) }

    func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)? {
        check("lock", path)
        return try base.lock(path, wait: wait)
    }

    func isWritableDirectory(_ path: String) -> Bool {
        check("access", path, followsLast: true)
        return base.isWritableDirectory(path)
    }
}
