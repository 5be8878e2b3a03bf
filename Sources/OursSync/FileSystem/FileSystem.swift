/// The engine's only way to touch disk, so tests can run it on an in-memory tree and inject
/// faults, and the real implementation can be tested against real temporary directories.
///
/// Paths are absolute, `/`-separated strings. Nothing here follows a symbolic link except
/// `realPath(_:)`: the shared folder is hostile and may hold links that point anywhere.
///
/// An app passes one to `Device(home:fileSystem:clock:)`: `LocalFileSystem` (the default) for
/// real folders, `InMemoryFileSystem` for previews and tests. An implementation of its own (one
/// that wraps `LocalFileSystem`, say) must keep every rule written on the requirements, above
/// all that writes are atomic and that no link is followed.
public protocol FileSystem: Sendable {
    /// Information about the entry at `path` without following a link; `nil` when absent.
    func stat(_ path: String) throws(FileSystemError) -> FileStat?

    /// Information about several entries of one directory, in the order of `names`: each a
    /// stat, `nil` when absent, or the error for that entry. The real file system opens the
    /// directory once and looks each name up in it, instead of walking the whole path per file.
    func stat(_ names: [String], in directory: String) -> [Result<FileStat?, FileSystemError>]

    /// The whole file; refuses files larger than `limit` bytes.
    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]

    /// The whole file, read under a shared lock on it, so an `overwrite(_:_:)` in progress is
    /// never seen half done. For the device's own files, never the shared folder's (a lock on
    /// a network mount may cost a round trip, or fail).
    func readLocked(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]

    /// Rewrites an existing file in place, under an exclusive lock on it that `readLocked(_:limit:)`
    /// waits for: no new file and no rename, which on some disks cost far more than the write.
    /// Not atomic across a crash: a caller keeps the new bytes elsewhere until they are flushed
    /// (see `OverwriteJournal`). Throws `.notFound` when there is no file to rewrite.
    func overwrite(_ path: String, _ bytes: [UInt8]) throws(FileSystemError)

    /// The entries of a directory (not `.` and `..`), in no particular order.
    func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry]

    /// Creates a directory and any missing parents.
    func createDirectory(_ path: String) throws(FileSystemError)

    /// Replaces the file at `path` atomically: write a temporary file in the same directory
    /// under a name every reader ignores, flush it, rename it over the target, flush the
    /// directory. Readers see the old bytes or the new, never a mix.
    func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError)

    /// Removes a file or an empty directory. Removing what is already gone is not an error.
    func remove(_ path: String) throws(FileSystemError)

    /// Moves a file or directory within one file system, replacing a file at `to` atomically.
    func rename(_ from: String, to: String) throws(FileSystemError)

    /// Makes everything written with `.deferred` under `path` durable in one step.
    func flush(_ path: String) throws(FileSystemError)

    /// Starts writing back what was written under `path` so far, without waiting and without
    /// promising anything: a later `flush(_:)` is still what makes it durable, and then has
    /// less left to wait for. For long batches, so the disk works while the batch goes on.
    func beginFlush(_ path: String)

    /// The path with every link resolved, or `nil` when it does not exist.
    func realPath(_ path: String) -> String?

    /// Takes an exclusive advisory lock on a file (created if needed), shared between
    /// processes. With `wait: false`, returns `nil` when another holder has it.
    func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)?

    /// Whether the current user may write into this directory.
    func isWritableDirectory(_ path: String) -> Bool

    /// Adds bytes to the end of a file (created if needed), for small logs that several
    /// processes append to under the device lock. Not flushed, and not atomic across a crash:
    /// a reader must tolerate a torn last line.
    func append(_ path: String, _ bytes: [UInt8]) throws(FileSystemError)

    /// Reads a regular file a chunk of about `chunkSize` bytes at a time, for a file too big to
    /// hold whole beside what is made of it (the folder index).
    func read(_ path: String, chunkSize: Int, _ body: ([UInt8]) -> Void) throws(FileSystemError)

    /// The time, in nanoseconds since 1970, on the clock this file system stamps entries with;
    /// `nil` when its stamps never repeat (each change gets a later one). A folder whose stamps
    /// fall in the moment it was listed may change again without its stamps moving (many
    /// kernels move them once per clock tick), so a scan lists it again next time.
    func timestampNow() -> Int64?
}

extension FileSystem {
    /// Does nothing: an implementation without background write-back loses nothing by it.
    public func beginFlush(_ path: String) {}

    /// A plain `read(_:limit:)`: right for an implementation whose `overwrite(_:_:)` is atomic.
    public func readLocked(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try read(path, limit: limit)
    }

    /// Replaces the file with `writeAtomically(_:_:durability:)` (deferred), after checking it is
    /// there: atomic, if not in place.
    public func overwrite(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        guard try stat(path)?.kind == .file else { throw FileSystemError("write", path, .notFound) }
        try writeAtomically(path, bytes, durability: .deferred)
    }

    /// One `stat(_:)` per name: correct for any implementation, if not cheap.
    public func stat(_ names: [String], in directory: String) -> [Result<FileStat?, FileSystemError>] {
        names.map { name in Result { () throws(FileSystemError) in try stat(joinPath(directory, name)) } }
    }

    /// The whole file as one chunk: correct for any implementation, if not frugal.
    public func read(_ path: String, chunkSize: Int, _ body: ([UInt8]) -> Void) throws(FileSystemError) {
        body(try read(path, limit: Int.max))
    }

    /// No clock: stamps taken as always moving on, which holds for a file system that counts its
    /// changes (`InMemoryFileSystem`), not for one that wraps the disk.
    public func timestampNow() -> Int64? { nil }

    /// Appends by rewriting the whole file: correct for any implementation, if not cheap.
    public func append(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        var existing: [UInt8] = []
        do { existing = try read(path, limit: Int.max) } catch { if error.reason != .notFound { throw error } }
        try writeAtomically(path, existing + bytes, durability: .deferred)
    }
}

/// When an atomic write must be on disk: at once, or with the rest of its batch.
public enum Durability: Sendable {
    /// Flushed before the call returns: the write survives a power cut once it has returned.
    case immediate
    /// Atomic, but flushed only by a later `flush(_:)` over the batch: for bulk writes.
    case deferred
}

/// What an entry is, as seen without following links: a `symlink` is never what it points to,
/// and `other` (a pipe, a socket, a device) is never read.
public enum FileKind: Sendable, Equatable {
    /// A regular file, a folder, a symbolic link, or anything else.
    case file, directory, symlink, other
}

/// What `FileSystem.stat(_:)` tells about an entry: enough to see whether a file changed since
/// it was last read (size, times, inode) without reading it.
public struct FileStat: Sendable, Equatable {
    /// What the entry is (a link is reported as `.symlink`, not followed).
    public var kind: FileKind
    /// The size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modifiedNanos: Int64
    /// Status-change time: moves on any write, even when a tool puts the old mtime back.
    public var changedNanos: Int64
    /// The inode number: changes when a file is replaced (an atomic write, a sync tool's
    /// download) even if size and times are put back.
    public var inode: UInt64

    /// A stat with these values; for `FileSystem` implementations.
    public init(kind: FileKind, size: Int64, modifiedNanos: Int64, changedNanos: Int64, inode: UInt64) {
        self.kind = kind
        self.size = size
        self.modifiedNanos = modifiedNanos
        self.changedNanos = changedNanos
        self.inode = inode
    }

    /// The modification time in milliseconds since 1970.
    public var modifiedMillis: Int64 { modifiedNanos / 1_000_000 }
}

/// One entry of `FileSystem.list(_:)`.
public struct DirectoryEntry: Sendable, Equatable {
    /// The entry's name in its directory (no path).
    public var name: String
    /// What the entry is, links not followed.
    public var kind: FileKind
    /// The inode number the listing gives (`d_ino`), when it gives one.
    public var inode: UInt64?

    /// An entry with these values; for `FileSystem` implementations.
    public init(name: String, kind: FileKind, inode: UInt64? = nil) {
        self.name = name
        self.kind = kind
        self.inode = inode
    }
}

/// A held lock; released by `unlock()` or when the object goes away.
public protocol FileLock: AnyObject, Sendable {
    /// Releases the lock; calling it again does nothing.
    func unlock()
}

extension FileSystem {
    /// Checks the way from `base` (a folder known to be a real one, still there) down to `path`:
    /// every folder on it must be a real folder, not a link, and `path` itself must be a file
    /// or absent. Missing folders are created when `creating`. Call before reading, writing or
    /// removing a file at a path built from names in the shared folder: `stat`, `read` and
    /// `writeAtomically` never follow a link at the last component, but the system follows
    /// links in the folders above it, and a link there could lead anywhere.
    /// - Throws: `.symbolicLink` naming the link; `.notADirectory`, `.isADirectory` or
    ///   `.notARegularFile` for something else in the way; `.notFound` when `creating` and
    ///   `base` is gone.
    package func requireNoLinks(_ path: String, under base: String, creating: Bool) throws(FileSystemError) {
        guard path.count > base.count, path.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw FileSystemError("use", path, .notADirectory)
        }
        // A folder that went away meanwhile (unmounted, moved) is never made again here: creating
        // the folders below it would make them, and it, on the local disk at its old place.
        if creating, try stat(base)?.kind != .directory { throw FileSystemError("use", base, .notFound) }
        let components = path.dropFirst(base.count).split(separator: "/")
        var current = base
        for (index, component) in components.enumerated() {
            current = joinPath(current, String(component))
            let isLast = index == components.count - 1
            switch try stat(current)?.kind {
            case nil:
                guard !isLast, creating else { return }  // nothing lies below a missing folder
                try createDirectory(current)
            case .directory?: if isLast { throw FileSystemError("use", current, .isADirectory) }
            case .file?: if !isLast { throw FileSystemError("use", current, .notADirectory) }
            case .symlink?: throw FileSystemError("use", current, .symbolicLink)
            case .other?: throw FileSystemError("use", current, .notARegularFile)
            }
        }
    }
}

/// Joins path components with `/`.
package func joinPath(_ base: String, _ components: String...) -> String {
    var result = base
    for component in components where !component.isEmpty {
        if result.utf8.last == UInt8(ascii: "/") { result += component } else { result += "/" + component }
    }
    return result
}

// Paths are split at their last `/` byte: a `/` is never part of another character in UTF-8,
// and looking at bytes spares walking the path character by character.

/// The parent directory of a path.
public func parentPath(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    if slash == path.utf8.startIndex { return "/" }
    return String(path[..<slash])
}

/// The last component of a path.
package func lastComponent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
}
