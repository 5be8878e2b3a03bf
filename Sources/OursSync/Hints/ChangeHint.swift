/// Something the operating system said changed in one of a household's folders. Only a hint:
/// it says where to look, soon; what changed is still found by a sync pass.
struct ChangeHint: Hashable, Sendable {
    /// The folder, relative to the household's folder: `""` (the household's folder itself),
    /// `records`, `records/item`, `records/item/3f`.
    var folder: String
    /// The entry of the folder that changed; `nil` when the folder itself was removed, moved
    /// or unmounted.
    var name: String?

    init(folder: String, name: String?) {
        self.folder = folder
        self.name = name
    }

    /// The entry's path relative to the household's folder (`records/item/3f/milk.json`).
    var path: String? { name.map { folder.isEmpty ? $0 : folder + "/" + $0 } }
}

/// Why a household's folder gets no change hints, or stopped getting them.
struct HintsUnavailable: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// No hint source on this platform, or for this kind of `FileSystem`.
        case unsupported
        /// The folder's file system does not notify changes made elsewhere.
        case fileSystem
        /// The household's folder is not there to be watched.
        case folderUnavailable
        /// The hint source failed: a limit of the system, an error.
        case failed
    }

    var kind: Kind
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Where hints wait for the watcher: a hint source posts them from its own thread, the watcher
/// takes them all at once. Distinct hints are kept (a file written ten times is one hint);
/// past `capacity` of them the inbox counts as overflowed, as the kernel's queue does.
final class HintInbox: Sendable {
    struct Batch: Sendable, Equatable {
        var hints: Set<ChangeHint> = []
        /// Hints were lost (the kernel's queue or this inbox overflowed): look everywhere.
        var overflowed = false
        /// The source failed and will post no more.
        var failure: HintsUnavailable?

        var isEmpty: Bool { hints.isEmpty && !overflowed && failure == nil }
    }

    private struct State {
        var batch = Batch()
        var waiter: CheckedContinuation<Void, Never>?
    }

    static let capacity = 10_000
    private let state = Locked(State())

    init() {}

    func post(_ hints: some Sequence<ChangeHint>) {
        update { batch in
            for hint in hints where !batch.overflowed {
                batch.hints.insert(hint)
                if batch.hints.count > Self.capacity {
                    batch.hints = []
                    batch.overflowed = true
                }
            }
        }
    }

    func overflow() {
        update {
            $0.hints = []; $0.overflowed = true
        }
    }

    func fail(_ failure: HintsUnavailable) { update { $0.failure = $0.failure ?? failure } }

    /// Everything posted since the last take.
    func take() -> Batch {
        state.withLock { state in
            defer { state.batch = Batch() }
            return state.batch
        }
    }

    var isEmpty: Bool { state.withLock { $0.batch.isEmpty } }

    /// Returns once something was posted since the last `take()`, or at once if it already
    /// was; task cancellation ends it too.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if !state.batch.isEmpty || Task.isCancelled { return true }
                    state.waiter?.resume()  // one waiter at a time: the newest
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            resumeWaiter()
        }
    }

    private func update(_ body: (inout Batch) -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            body(&state.batch)
            guard !state.batch.isEmpty else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func resumeWaiter() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }
}
