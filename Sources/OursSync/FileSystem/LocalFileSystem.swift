import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, through POSIX calls: no Foundation on the hot paths, no links
/// followed, every write atomic. What a `Device` uses unless it is given another.
public struct LocalFileSystem: FileSystem {
    /// The file system of this process; it holds no state, so any number may exist.
    public init() {}

    /// See `FileSystem.timestampNow()`: the real-time clock the kernel stamps entries from.
    public func timestampNow() -> Int64? {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// See `FileSystem.stat(_:)`: `lstat`, so a link is reported, not followed.
    public func stat(_ path: String) throws(FileSystemError) -> FileStat? {
        var info = PlatformStat()
        if lstat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw Self.error("read", path, code)
        }
        return Self.fileStat(info)
    }

    /// See `FileSystem.stat(_:in:)`: opens the directory once and looks each name up in it.
    public func stat(_ names: [String], in directory: String) -> [Result<FileStat?, FileSystemError>] {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {  // each name then fails (or is absent) on its own, with its own path
            return names.map { name in Result { () throws(FileSystemError) in try stat(joinPath(directory, name)) } }
        }
        defer { close(fd) }
        var info = PlatformStat()
        return names.map { name in
            if fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { return .success(Self.fileStat(info)) }
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .success(nil) }
            return .failure(Self.error("read", joinPath(directory, name), code))
        }
    }

    /// See `FileSystem.read(_:limit:)`: only a regular file is read (a pipe left in the folder
    /// fails at once instead of blocking).
    public func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try read(path, limit: limit, locked: false)
    }

    /// See `FileSystem.readLocked(_:limit:)`: under a shared `flock`.
    public func readLocked(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try read(path, limit: limit, locked: true)
    }

    /// See `FileSystem.overwrite(_:_:)`: in place under an exclusive `flock` when old and new
    /// both fit in one page (a kill never leaves it half written); larger files are replaced
    /// atomically instead.
    public func overwrite(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw Self.error("write", path, errno) }
        var closed = false
        defer { if !closed { close(fd) } }  // closing also releases the lock
        var info = PlatformStat()
        guard fstat(fd, &info) == 0 else { throw Self.error("write", path, errno) }
        guard Self.kind(info.st_mode) == .file else { throw FileSystemError("write", path, .notARegularFile) }
        // A kill lands between system calls, and a write of one page is done whole or not at
        // all: so a file that fits in a page, old and new, is never seen half rewritten. A
        // shorter one is first padded with spaces (which JSON ignores) to the old length, so
        // that a kill before the truncation leaves whole JSON too. Bigger files are replaced.
        let old = Int(info.st_size)
        guard max(old, bytes.count) <= Self.pageSize else {
            closed = true
            close(fd)
            try writeAtomically(path, bytes, durability: .deferred)
            return
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw Self.error("lock", path, errno) }
        }
        let padded = bytes.count < old ? bytes + [UInt8](repeating: UInt8(ascii: " "), count: old - bytes.count) : bytes
        if let code = Self.writeAll(fd, padded) { throw Self.error("write", path, code) }
        if ftruncate(fd, off_t(bytes.count)) != 0 { throw Self.error("write", path, errno) }
    }

    /// Below this size a write is one page: done whole or not at all when a process is killed.
    static let pageSize = 4096

    /// Opens a regular file for reading (the caller closes it), with its stat. Non-blocking, so
    /// that opening a named pipe someone left in the folder returns at once instead of waiting
    /// forever for a writer; only a regular file is then read. The flag stays: it means nothing
    /// to a regular file (a file system that answers "try again" anyway gets it cleared, see
    /// `readSome`), and clearing it would cost two system calls a file.
    private func openForReading(_ path: String) throws(FileSystemError) -> (fd: Int32, info: PlatformStat) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw Self.error("read", path, errno) }
        var info = PlatformStat()
        do throws(FileSystemError) {
            guard fstat(fd, &info) == 0 else { throw Self.error("read", path, errno) }
            switch Self.kind(info.st_mode) {
            case .file: break
            case .directory: throw FileSystemError("read", path, .isADirectory)
            default: throw FileSystemError("read", path, .notARegularFile)
            }
        } catch {
            close(fd)
            throw error
        }
        return (fd, info)
    }

    /// One `read` into `buffer` from `offset`: the bytes read, 0 at the end of the file.
    private func readSome(_ fd: Int32, into buffer: inout [UInt8], at offset: Int, path: String) throws(FileSystemError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in Glibc_read(fd, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            case let code: throw Self.error("read", path, code)
            }
        }
    }

    private func read(_ path: String, limit: Int, locked: Bool) throws(FileSystemError) -> [UInt8] {
        let opened = try openForReading(path)
        let fd = opened.fd
        var info = opened.info
        defer { close(fd) }
        if locked {
            while flock(fd, LOCK_SH) != 0 {
                if errno != EINTR { throw Self.error("lock", path, errno) }
            }
            guard fstat(fd, &info) == 0 else { throw Self.error("read", path, errno) }  // the size may have changed
        }
        let size = Int(info.st_size)
        if size > limit { throw FileSystemError("read", path, .tooLarge(limit: limit)) }
        // One byte more than the stat said: a file that grew meanwhile fills it, and is read on.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        while true {
            if total == bytes.count {
                if total > limit { throw FileSystemError("read", path, .tooLarge(limit: limit)) }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: max(4096, total)))
            }
            let count = try readSome(fd, into: &bytes, at: total, path: path)
            if count == 0 { break }
            total += count
            // All the stat said, and less than asked: a regular file reads short only at its
            // end, so no second call is needed to hear it.
            if total == size, total < bytes.count { break }
        }
        if total > limit { throw FileSystemError("read", path, .tooLarge(limit: limit)) }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// See `FileSystem.read(_:chunkSize:_:)`.
    public func read(_ path: String, chunkSize: Int, _ body: ([UInt8]) -> Void) throws(FileSystemError) {
        let fd = try openForReading(path).fd
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        while true {
            let count = try readSome(fd, into: &chunk, at: 0, path: path)
            if count == 0 { return }
            body(count == chunk.count ? chunk : Array(chunk[..<count]))
        }
    }

    /// See `FileSystem.list(_:)`.
    public func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry] {
        guard let directory = opendir(path) else { throw Self.error("list", path, errno) }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(validatingCString: $0) }
            }
            guard let name else {
                // A name that is not UTF-8 cannot be a record: listed as `.other` (never opened)
                // under a readable form, U+FFFD for each byte that is not UTF-8.
                let shown = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                entries.append(DirectoryEntry(name: shown, kind: .other))
                continue
            }
            if name == "." || name == ".." { continue }
            var kind: FileKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN):
                kind = (try? stat(joinPath(path, name)))??.kind ?? .other
            default: kind = .other
            }
            entries.append(DirectoryEntry(name: name, kind: kind, inode: UInt64(entry.pointee.d_ino)))
        }
        return entries
    }

    /// See `FileSystem.createDirectory(_:)`: an existing directory is no error; anything else in
    /// the way is `.notADirectory`.
    public func createDirectory(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        if code == EEXIST {
            if let existing = try stat(path), existing.kind == .directory { return }
            throw FileSystemError("create directory", path, .notADirectory)
        }
        if code == ENOENT, path != "/" {
            try createDirectory(parentPath(path))
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        }
        throw Self.error("create directory", path, code == ENOENT ? errno : code)
    }

    /// See `FileSystem.writeAtomically(_:_:durability:)`: a temporary file in the same directory,
    /// renamed over the target; `.immediate` flushes the file and the directory first.
    public func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError) {
        let directory = parentPath(path)
        let temporary = joinPath(directory, TemporaryName.make())
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 { throw Self.error("write", path, errno) }
        var closed = false
        defer { if !closed { close(fd) } }
        if let code = Self.writeAll(fd, bytes) {
            unlink(temporary)
            throw Self.error("write", path, code)
        }
        if durability == .immediate || Self.mustSyncEachFile, Self.fullSync(fd) != 0 {
            let code = errno
            unlink(temporary)
            throw Self.error("write", path, code)
        }
        closed = true
        if close(fd) != 0 {
            let code = errno
            unlink(temporary)
            throw Self.error("write", path, code)
        }
        if Glibc_rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Self.error("write", path, code)
        }
        if durability == .immediate { try syncDirectory(directory) }
    }

    /// See `FileSystem.remove(_:)`.
    public func remove(_ path: String) throws(FileSystemError) {
        if unlink(path) == 0 { return }
        var code = errno
        if code == ENOENT { return }
        if code == EISDIR || code == EPERM {
            if rmdir(path) == 0 { return }
            code = errno
            if code == ENOENT { return }
        }
        throw Self.error("remove", path, code)
    }

    /// See `FileSystem.rename(_:to:)`.
    public func rename(_ from: String, to: String) throws(FileSystemError) {
        if Glibc_rename(from, to) != 0 { throw Self.error("rename", from, errno) }
    }

    /// See `FileSystem.flush(_:)`: on Linux flushes the whole file system holding `path`
    /// (`syncfs`), so a batch costs one flush; on Apple platforms `fsync` on `path`.
    public func flush(_ path: String) throws(FileSystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw Self.error("flush", path, errno) }
        defer { close(fd) }
        if Self.syncFileSystem(fd) != 0 { throw Self.error("flush", path, errno) }
    }

    /// See `FileSystem.beginFlush(_:)`: a `flush(_:)` on a background queue, errors ignored; on
    /// Apple platforms nothing, as each file is flushed when written.
    public func beginFlush(_ path: String) {
        #if !canImport(Darwin)  // Darwin flushes each file as it is written (see `mustSyncEachFile`)
            DispatchQueue.global(qos: .utility).async { try? self.flush(path) }
        #endif
    }

    func syncDirectory(_ path: String) throws(FileSystemError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw Self.error("flush", path, errno) }
        defer { close(fd) }
        // Some file systems (and some network mounts) refuse fsync on a directory.
        if fsync(fd) != 0, errno != EINVAL, errno != EBADF, errno != ENOTSUP {
            throw Self.error("flush", path, errno)
        }
    }

    /// See `FileSystem.realPath(_:)`.
    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// See `FileSystem.lock(_:wait:)`: `flock`, released when the lock object is unlocked or
    /// the process ends.
    public func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw Self.error("lock", path, errno) }
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw Self.error("lock", path, code)
        }
        return DescriptorLock(fd: fd)
    }

    /// Writes every byte to `fd`, retrying interrupted and short writes; the `errno` of a
    /// failure, `nil` on success.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc_write(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// See `FileSystem.isWritableDirectory(_:)`.
    public func isWritableDirectory(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// See `FileSystem.append(_:_:)`: `O_APPEND`, so concurrent appends do not overwrite each other.
    public func append(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0 { throw Self.error("append to", path, errno) }
        defer { close(fd) }
        if let code = Self.writeAll(fd, bytes) { throw Self.error("append to", path, code) }
    }

    /// Sets a file's modification time; for tests that play a sync tool restoring old times.
    package func setModified(_ path: String, nanos: Int64) throws(FileSystemError) {
        var times = [
            timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000)),
            timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000)),
        ]
        if utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) != 0 { throw Self.error("set time of", path, errno) }
    }
}

final class DescriptorLock: FileLock, @unchecked Sendable {
    private let lock = Lock()
    private var fd: Int32

    init(fd: Int32) { self.fd = fd }

    func unlock() {
        lock.withLock {
            guard fd >= 0 else { return }
            flock(fd, LOCK_UN)
            close(fd)
            fd = -1
        }
    }

    deinit { unlock() }
}
