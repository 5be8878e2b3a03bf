/// What went wrong, in words a person can act on, and the exit code the command uses for it.
///
/// Every message names the thing that was wrong (the file, the code, the household) and,
/// where there is one, says what to do next.
public struct OursError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
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

    public init(_ kind: Kind, _ message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

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

    /// Wraps a file-system failure.
    public static func io(_ error: FileSystemError) -> OursError {
        switch error.reason {
        case .noSpace: .failed(error.description, hint: "Free some space and run the command again; nothing was half-written.")
        case .permissionDenied, .readOnly:
            .notPermitted(error.description, hint: "Check that you may write there.")
        default: .failed(error.description)
        }
    }
}

/// Runs file operations, turning their failure into an `OursError` (usable inside closures,
/// where a `do`/`catch` cannot keep the error's type).
func io<T>(_ body: () throws(FileSystemError) -> T) throws(OursError) -> T {
    do { return try body() } catch { throw .io(error) }
}
