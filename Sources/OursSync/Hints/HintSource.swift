/// Something that tells a watcher where its household's folder changed, by posting hints to
/// an inbox from a thread of its own.
protocol HintSource: AnyObject, Sendable {
    /// A short name for people and scripts (`inotify`).
    var name: String { get }
    /// Watches these folders too (relative to the household's folder); folders already
    /// watched, or that the source does not watch (too deep, hidden), are skipped.
    /// - Returns: why the source failed, if it did; it is then stopped.
    func watch(_ folders: [String]) -> HintsUnavailable?
    /// Posts what the operating system has queued so far, before returning: everything a
    /// change made before the call caused is in the inbox after it.
    func collect()
    /// Stops watching; posts nothing more.
    func stop()
}

/// Opens hint sources: the operating system's, or one a test drives.
struct HintProvider: Sendable {
    /// Opens a source on a household's folder (an absolute path) that posts to `inbox`, or says
    /// why the folder gets no hints.
    let open: @Sendable (_ folder: String, _ inbox: HintInbox) -> Result<any HintSource, HintsUnavailable>

    init(open: @escaping @Sendable (_ folder: String, _ inbox: HintInbox) -> Result<any HintSource, HintsUnavailable>) {
        self.open = open
    }

    /// The operating system's notifications (inotify on Linux), where the folder's file system
    /// is known to notify every change.
    /// - Parameter fileSystemKind: tells a folder's file system (`statfs`); tests replace it.
    static func system(
        fileSystemKind: @escaping @Sendable (String) -> FileSystemKind? = { FileSystemKind.of($0) }
    ) -> HintProvider {
        HintProvider { folder, inbox in
            #if canImport(Glibc)
                guard let kind = fileSystemKind(folder) else {
                    return .failure(HintsUnavailable(.folderUnavailable, "the household's folder is not there to watch"))
                }
                guard kind.notifiesEveryChange else { return .failure(HintsUnavailable(.fileSystem, kind.unreliableBecause)) }
                return InotifyHints.open(root: folder, inbox: inbox).map { $0 }
            #else
                return .failure(
                    HintsUnavailable(
                        .unsupported,
                        "change hints are built for Linux only; an app can pass its platform's notifications to Watcher.hint()"))
            #endif
        }
    }
}
