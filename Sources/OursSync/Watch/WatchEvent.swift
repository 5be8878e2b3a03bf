/// What a `Watcher` publishes: changes to the household, and what a person should know about
/// its folder. Each state (a problem, the folder being gone, a failing pass) is published once
/// when it starts, not on every poll.
public enum WatchEvent: Sendable, Equatable {
    /// The watcher holds its lock and is about to make its first pass, in this mode.
    case started(WatchMode)
    /// The mode changed during the run: hints failed and the watcher polls (told once), or
    /// hints started once the folder they waited for was there.
    case modeChanged(WatchMode)
    /// Records changed in this device's copy.
    case changes(ChangeSet)
    /// A new problem: a broken file (once it has settled), an ignored change, a restored file…
    case problem(Problem)
    /// The shared folder or the household's folder is missing. Polling backs off; local
    /// changes wait in the replica; nothing is deleted anywhere.
    case folderUnavailable(message: String)
    /// The folder is back; waiting changes have been delivered.
    case folderAvailable
    /// A pass failed for another reason (permissions, a damaged replica file); polling backs off
    /// and retries.
    case failed(OursError)
    /// This device's membership ended (removed, dissolved, left): the watcher stops.
    case ended(LifecycleEvent)
}

/// Why `Watcher.run()` returned.
public enum WatchEnd: Sendable, Equatable {
    /// `stop()` was called or the task was cancelled.
    case stopped
    /// This device's membership ended; the household stays as a read-only copy.
    case ended(LifecycleEvent)
}
