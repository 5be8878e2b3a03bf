/// What went wrong, in words a person can act on, and the exit code the command uses for it.
///
/// Every message names the thing that was wrong (the file, the code, the household) and,
/// where there is one, says what to do next.
///
/// A failure that came from the file system keeps it as `cause`, so an app can tell a full disk
/// from a folder it may not write, and name the path, without reading the message.
public struct OursError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What sort of failure it is: what an app switches on.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Anything the other kinds do not cover: a damaged file, a failed write.
        case failed
        /// A bad value from the caller: an empty name, a malformed code, a bad field.
        case usage
        /// Not allowed: a read-only member writing, someone removed, a folder this device may
        /// not write.
        case notPermitted
        /// No such record, household, member or code.
        case notFound
        /// The shared folder or the household's folder is missing (unmounted, offline, or not
        /// synced here yet), or cannot be written now (mounted read-only) by a change that must
        /// reach it at once: a share code, a membership change. Changes to records made
        /// meanwhile wait on this device.
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

    /// What sort of failure it is.
    public var kind: Kind
    /// What was wrong, in a sentence for people, naming the file, code or household.
    public var message: String
    /// What to do next, when there is something.
    public var hint: String?
    /// The file operation that failed, when that is what went wrong: its `errno`, `path` and
    /// `reason`.
    public var cause: FileSystemError?

    /// An error of `kind`; an app may throw its own from a `perform` closure declared
    /// `throws(OursError)`.
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

    /// The message, and the hint on a line of its own when there is one: what the command prints.
    public var description: String { hint.map { "\(message)\n\($0)" } ?? message }

    // One constructor per kind, without a cause.

    /// A `.failed` error.
    public static func failed(_ message: String, hint: String? = nil) -> OursError { OursError(.failed, message, hint: hint) }
    /// A `.usage` error.
    public static func usage(_ message: String, hint: String? = nil) -> OursError { OursError(.usage, message, hint: hint) }
    /// A `.notPermitted` error.
    public static func notPermitted(_ message: String, hint: String? = nil) -> OursError {
        OursError(.notPermitted, message, hint: hint)
    }
    /// A `.notFound` error.
    public static func notFound(_ message: String, hint: String? = nil) -> OursError { OursError(.notFound, message, hint: hint) }
    /// A `.folderUnavailable` error.
    public static func folderUnavailable(_ message: String, hint: String? = nil) -> OursError {
        OursError(.folderUnavailable, message, hint: hint)
    }
}
