/// What went wrong, in words a person can act on, and the exit code the command uses for it.
///
/// Every message names the thing that was wrong (the file, the code, the household) and,
/// where there is one, says what to do next.
///
/// A failure that came from the file system keeps it as `cause`, so an app can tell a full disk
/// from a folder it may not write, and name the path, without reading the message.
public struct OursError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case failed
        case usage
        case notPermitted
        case notFound
        case folderUnavailable

        /// The command's exit code for this kind (see the README).
        public var exitCode: Int32 {
            switch self {
            case .failed: 1
            case .usage: 2
            case .notPermitted: 3
            case .notFound: 4
            case .folderUnavailable: 5
            }
        }
    }

    public var kind: Kind
    public var message: String
    /// What to do next, when there is something.
    public var hint: String?
    /// The file operation that failed, when that is what went wrong: its `errno`, `path` and
    /// `reason`.
    public var cause: FileSystemError?

    public init(_ kind: Kind, _ message: String, hint: String? = nil, cause: FileSystemError? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
        self.cause = cause
    }

    /// The system's error number behind the failure, when a system call failed.
    public var errno: Int32? { cause?.errno }

    /// The file or folder the failure concerns, when a file operation failed.
    public var path: String? { cause?.path }

    public var description: String { hint.map { "\(message)\n\($0)" } ?? message }

    public static func failed(_ message: String, hint: String? = nil) -> OursError { OursError(.failed, message, hint: hint) }
    public static func usage(_ message: String, hint: String? = nil) -> OursError { OursError(.usage, message, hint: hint) }
    public static func notPermitted(_ message: String, hint: String? = nil) -> OursError {
        OursError(.notPermitted, message, hint: hint)
    }
    public static func notFound(_ message: String, hint: String? = nil) -> OursError { OursError(.notFound, message, hint: hint) }
    public static func folderUnavailable(_ message: String, hint: String? = nil) -> OursError {
        OursError(.folderUnavailable, message, hint: hint)
    }
}
