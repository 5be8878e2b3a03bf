/// The process exit codes promised by the command's contract (README, "Exit codes").
///
/// Kept beside the parser because usage errors are the first producer and because help prints
/// this table; the code that runs commands maps its own failures onto the same values.
public enum OursExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 2
    case notPermitted = 3
    case notFound = 4
    case folderUnavailable = 5
    /// Ctrl-C or SIGTERM stopped a command that finishes when run again (128 + SIGINT's 2, as a
    /// shell reports death by SIGINT).
    case interrupted = 130

    /// What the code means, as printed in `ours --help`.
    public var meaning: String {
        switch self {
        case .success: "done"
        case .failure: "failed"
        case .usage: "usage error"
        case .notPermitted: "not permitted (read-only member, not the owner, removed)"
        case .notFound: "not found (code, household, record, list)"
        case .folderUnavailable: "shared folder unavailable (missing, or cannot be written now)"
        case .interrupted: "interrupted (Ctrl-C or SIGTERM); run the same command again to finish"
        }
    }
}
