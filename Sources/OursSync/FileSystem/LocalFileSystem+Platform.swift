#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

typealias PlatformStat = stat

// Module-qualified names for calls that `FileSystem` methods shadow.
func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

func Glibc_rename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

extension LocalFileSystem {
    #if canImport(Darwin)
        /// Darwin's fsync does not reach the platter; F_FULLFSYNC does, file by file.
        static let mustSyncEachFile = true

        static func fullSync(_ fd: Int32) -> Int32 {
            fcntl(fd, F_FULLFSYNC) == 0 ? 0 : fsync(fd)
        }

        static func syncFileSystem(_ fd: Int32) -> Int32 { fsync(fd) }

        static func fileStat(_ info: stat) -> FileStat {
            FileStat(
                kind: kind(info.st_mode), size: Int64(info.st_size),
                modifiedNanos: nanoseconds(info.st_mtimespec),
                changedNanos: nanoseconds(info.st_ctimespec),
                inode: UInt64(info.st_ino))
        }
    #else
        static let mustSyncEachFile = false

        static func fullSync(_ fd: Int32) -> Int32 { fsync(fd) }

        /// syncfs(2) flushes a whole file system in one call, so a batch of thousands of
        /// atomic writes costs one flush instead of thousands. Looked up at run time because
        /// the C library declares it only under _GNU_SOURCE.
        static func syncFileSystem(_ fd: Int32) -> Int32 {
            if let syncfs = syncfsFunction { return syncfs(fd) }
            sync()
            return 0
        }

        private static let syncfsFunction: (@convention(c) (Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        }()

        static func fileStat(_ info: stat) -> FileStat {
            FileStat(
                kind: kind(info.st_mode), size: Int64(info.st_size),
                modifiedNanos: nanoseconds(info.st_mtim),
                changedNanos: nanoseconds(info.st_ctim),
                inode: UInt64(info.st_ino))
        }
    #endif

    /// A file time in nanoseconds since 1970, clamped to what 64 bits hold (1677 to 2262): a
    /// time outside that range (`touch -d 2300-01-01`, a clock set to the year 10000) is a
    /// value from outside and must not trap. Two times past the end compare equal; the sweep,
    /// which compares bytes, still sees any change to such a file.
    static func nanoseconds(_ time: timespec) -> Int64 {
        nanoseconds(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    static func nanoseconds(seconds: Int64, nanoseconds: Int64) -> Int64 {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, carried) = whole.addingReportingOverflow(nanoseconds)
        if carried { return nanoseconds < 0 ? .min : .max }
        return sum
    }

    static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
    }

    static func error(_ operation: String, _ path: String, _ code: Int32) -> FileSystemError {
        let reason: FileSystemError.Reason
        switch code {
        case ENOENT: reason = .notFound
        case EACCES, EPERM: reason = .permissionDenied
        case ENOSPC, EDQUOT: reason = .noSpace
        case EROFS: reason = .readOnly
        case ENOTDIR: reason = .notADirectory
        case EISDIR: reason = .isADirectory
        case ELOOP: reason = .symbolicLink  // O_NOFOLLOW met a link
        case EIO: reason = .io
        default: reason = .other(code: code, message: String(cString: strerror(code)))
        }
        return FileSystemError(operation, path, reason, errno: code)
    }
}
