import Foundation

/// A failed file operation: which, on what, and the system's reason — as typed values an app
/// can act on (`reason`, `errno`, `path`), not only as words.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why an operation failed, as a value an app can act on.
    public enum Reason: Sendable, Hashable {
        /// No such file or folder (`ENOENT`).
        case notFound
        /// Not allowed (`EACCES`, `EPERM`).
        case permissionDenied
        /// The disk or the quota is full (`ENOSPC`, `EDQUOT`).
        case noSpace
        /// The file system is mounted read-only (`EROFS`).
        case readOnly
        /// The file is larger than `limit` bytes, the most the read accepts.
        case tooLarge(limit: Int)
        /// A part of the path is not a folder (`ENOTDIR`).
        case notADirectory
        /// A folder where a file was expected (`EISDIR`).
        case isADirectory
        /// A symbolic link where a file or folder was expected: never followed, since the
        /// shared folder may hold links that lead anywhere.
        case symbolicLink
        /// A named pipe, socket or device where a file was expected: never opened.
        case notARegularFile
        /// The device failed to read or write (`EIO`).
        case io
        /// Any other system error: its `errno` and the system's text for it.
        case other(code: Int32, message: String)
    }

    /// What was being done: `read`, `write`, `list`, `create directory`, `remove`, `use`…
    public var operation: String
    /// The file or folder it was done on.
    public var path: String
    /// Why it failed.
    public var reason: Reason
    /// The system's error number (`ENOENT`, `EACCES`, `ENOSPC`…) when the failure came from a
    /// system call; `nil` when Ours refused by itself (a link, a file over the size limit) or
    /// the file system is not the operating system's (the in-memory one of tests).
    public var errno: Int32?

    /// A failure of `operation` on `path`; `errno` is the system's error number, `nil` when the
    /// failure did not come from a system call.
    public init(_ operation: String, _ path: String, _ reason: Reason, errno: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.errno = errno
    }

    /// `path` as a file URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// For people: `cannot <operation> <path>: <reason>`.
    public var description: String {
        let why: String
        switch reason {
        case .notFound: why = "no such file or directory"
        case .permissionDenied: why = "permission denied"
        case .noSpace: why = "no space left on the device"
        case .readOnly: why = "the file system is read-only"
        case .tooLarge(let limit): why = "larger than \(limit) bytes"
        case .notADirectory: why = "not a directory"
        case .isADirectory: why = "is a directory"
        case .symbolicLink: why = "it is a symbolic link, and Ours never follows links"
        case .notARegularFile: why = "not a regular file (a named pipe, socket or device)"
        case .io: why = "input/output error"
        case .other(let code, let message): why = "\(message) (errno \(code))"
        }
        return "cannot \(operation) \(path): \(why)"
    }
}
