/// How a watcher learns of changes: from change hints (the operating system says where the
/// folder changed, and the watcher looks at once), or by polling alone.
///
/// The poll stays the source of truth in both: with hints it only runs less often
/// (`WatchPolicy.hintedInterval`, `hintedStatInterval`), and catches whatever a hint missed.
public enum WatchMode: Sendable, Equatable {
    /// Hints from the operating system (`source`: `inotify`), with a slower poll underneath.
    case hints(source: String)
    /// Polling every `WatchPolicy.interval`, as before hints existed; and why.
    case poll(PollReason)

    /// Whether the watcher uses change hints.
    public var isHints: Bool { if case .hints = self { true } else { false } }
}

/// Why a watcher polls instead of using change hints.
public struct PollReason: Sendable, Equatable {
    /// Why, as a value an app can act on; the raw value is its name in JSON.
    public enum Kind: String, Sendable, Equatable {
        /// `WatchPolicy.hints` is off (`ours watch --no-hints`).
        case requested
        /// No hint source here: another platform, or a `FileSystem` that is not the local disk.
        /// An app may pass its platform's notifications to `Watcher.hint()`.
        case unsupported
        /// The folder is on a file system whose notifications miss changes made elsewhere (a
        /// network or FUSE mount) or that Ours does not know.
        case fileSystem
        /// The household's folder was not there when hints were to start; they start when it is.
        case folderUnavailable
        /// The hint source failed (a system limit, an error): polling for the rest of the run.
        case failed
    }

    /// Why the watcher polls.
    public var kind: Kind
    /// For people: `the folder is on nfs, where changes made on other machines raise no change hints`.
    public var message: String

    /// A reason of `kind`, with `message` for people.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    init(_ unavailable: HintsUnavailable) {
        let kind: Kind =
            switch unavailable.kind {
            case .unsupported: .unsupported
            case .fileSystem: .fileSystem
            case .folderUnavailable: .folderUnavailable
            case .failed: .failed
            }
        self.init(kind, unavailable.message)
    }
}
