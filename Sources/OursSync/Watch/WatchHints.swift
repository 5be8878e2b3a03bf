/// A watcher's change hints: whether it has them (its `WatchMode`), the source, and the inbox
/// they wait in.
///
/// Hints start with the watcher when the policy allows, the household's `FileSystem` is the
/// local disk and the provider opens a source. When the folder is missing at the start, they
/// start after the first pass that reaches it. When the source fails, the watcher polls for
/// the rest of its run, and says so once.
final class WatchHints: Sendable {
    let inbox: HintInbox
    private let household: Zone
    private let provider: HintProvider
    private let state: Locked<State>

    private struct State {
        var mode: WatchMode
        var source: (any HintSource)?
        /// How many folders the source was last asked to watch: the index's folders are
        /// offered again only when that changes, or when the source lost some.
        var offered = -1
    }

    init(household: Zone, policy: WatchPolicy, provider: HintProvider, inbox: HintInbox) {
        self.household = household
        self.inbox = inbox
        self.provider = provider
        let mode: WatchMode
        if !policy.hints {
            mode = .poll(PollReason(.requested, "change hints are turned off"))
        } else if !(household.device.fileSystem is LocalFileSystem) {
            mode = .poll(PollReason(.unsupported, "the household is not on the local disk's file system"))
        } else {
            mode = .poll(PollReason(.folderUnavailable, "the household's folder is not there to watch"))
        }
        state = Locked(State(mode: mode))
    }

    var mode: WatchMode { state.withLock { $0.mode } }

    /// Whether hints are on: polls may slow down.
    var healthy: Bool { state.withLock { $0.source != nil } }

    /// Opens the source, if the mode allows trying. Returns the mode.
    @discardableResult
    func start() -> WatchMode {
        state.withLock { state in
            guard state.source == nil, case .poll(let reason) = state.mode, reason.kind == .folderUnavailable,
                let layout = household.layout
            else { return state.mode }
            switch provider.open(layout.zone, inbox) {
            case .success(let source):
                state.source = source
                state.mode = .hints(source: source.name)
            case .failure(let unavailable):
                state.mode = .poll(PollReason(unavailable))
            }
            return state.mode
        }
    }

    /// After a pass: watches the folders the index holds that the source does not yet watch,
    /// and starts hints if they waited for the folder. Returns the new mode if it changed.
    func afterPass(index: FolderIndex?, reachedFolder: Bool) -> WatchMode? {
        let before = mode
        if reachedFolder { start() }
        let failure = state.withLock { state -> HintsUnavailable? in
            guard let source = state.source, let index, index.directories.count != state.offered else { return nil }
            state.offered = index.directories.count
            return source.watch([""] + index.directories.keys)
        }
        if let failure { fail(failure) }
        let after = mode
        return after == before ? nil : after
    }

    /// Reads what the operating system queued, before returning.
    func collect() {
        state.withLock { $0.source }?.collect()
    }

    /// A folder was removed or moved: offer the index's folders again after the next pass.
    func rewatch() { state.withLock { $0.offered = -1 } }

    /// The source failed: poll for the rest of the run. Returns the new mode unless it was
    /// already polling.
    @discardableResult
    func fail(_ failure: HintsUnavailable) -> WatchMode? {
        state.withLock { state -> WatchMode? in
            guard let source = state.source else { return nil }
            source.stop()
            state.source = nil
            state.mode = .poll(PollReason(failure))
            return state.mode
        }
    }

    func stop() {
        state.withLock { state in
            state.source?.stop()
            state.source = nil
        }
    }
}
