#if canImport(Glibc)
    import Dispatch
    import Glibc

    /// Change hints from Linux's inotify (see `inotify(7)`): one instance per watcher, with a
    /// watch on the household's folder, `records/`, each type folder and each shard folder —
    /// about 2,600 watches for a household of ten types — added as folders appear.
    ///
    /// The kernel queues events as they happen; a Dispatch read source posts them to the inbox
    /// on a queue of its own, and `collect()` reads whatever is queued before returning, so the
    /// watcher can judge the events its own pass caused right after the pass. Names the engine
    /// never reads (hidden and temporary files: `FolderNames.isIgnored`) are dropped at once.
    final class InotifyHints: HintSource {
        /// `inotify_add_watch(2)`: the watch descriptor, or minus `errno`. Tests replace it.
        typealias AddWatch = @Sendable (_ fd: Int32, _ path: String, _ mask: UInt32) -> Int32

        let name = "inotify"
        private let fd: Int32
        private let root: String
        private let inbox: HintInbox
        private let addWatch: AddWatch
        /// Also what keeps two readers of the descriptor (the read source and `collect()`) apart.
        private let state = Locked(State())

        private struct State {
            var folders: [Int32: String] = [:]
            var watches: [String: Int32] = [:]
            var stopped = false
            var source: (any DispatchSourceRead)?
        }

        /// What is watched for: an entry created, moved in or out, written and closed, removed or
        /// changed in its metadata; the folder itself removed or moved. The kernel adds an
        /// overflow of its queue (`IN_Q_OVERFLOW`) and a watch's end (`IN_IGNORED`) on its own.
        static let events = bits(
            IN_CREATE, IN_MOVED_TO, IN_MOVED_FROM, IN_CLOSE_WRITE, IN_DELETE, IN_ATTRIB, IN_DELETE_SELF, IN_MOVE_SELF)
        /// Folders only, never through a link; no events for names already unlinked.
        static let options = bits(IN_ONLYDIR, IN_DONT_FOLLOW, IN_EXCL_UNLINK)
        /// `records/<type>/<shard>`: deeper folders are not the engine's.
        static let deepest = 3

        static let systemAddWatch: AddWatch = { fd, path, mask in
            let watch = inotify_add_watch(fd, path, mask)
            return watch >= 0 ? watch : -errno
        }

        private init(fd: Int32, root: String, inbox: HintInbox, addWatch: @escaping AddWatch) {
            self.fd = fd
            self.root = root
            self.inbox = inbox
            self.addWatch = addWatch
        }

        /// Starts watching the household's folder `root` and `records/`; the caller adds the
        /// type and shard folders with `watch(_:)`.
        /// - Parameter reading: whether events are read as they come; tests that fill the
        ///   kernel's queue on purpose read with `collect()` only.
        static func open(
            root: String, inbox: HintInbox, addWatch: @escaping AddWatch = systemAddWatch, reading: Bool = true
        ) -> Result<InotifyHints, HintsUnavailable> {
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return .failure(initFailure(errno)) }
            let hints = InotifyHints(fd: fd, root: root, inbox: inbox, addWatch: addWatch)
            if let failure = hints.watch(["", "records"]) { return .failure(failure) }
            guard hints.isWatching("") else {
                hints.stop()
                return .failure(HintsUnavailable(.folderUnavailable, "the household's folder is not there to watch"))
            }
            if reading { hints.startReading() }
            return .success(hints)
        }

        func watch(_ folders: [String]) -> HintsUnavailable? {
            state.withLock { state in
                guard !state.stopped else { return nil }
                for folder in folders where state.watches[folder] == nil && Self.isWatchable(folder) {
                    if let failure = add(folder, &state) {
                        halt(&state)
                        return failure
                    }
                }
                return nil
            }
        }

        func collect() {
            state.withLock { state in if !state.stopped { readQueued(&state) } }
        }

        func stop() { state.withLock { halt(&$0) } }

        deinit { stop() }

        /// Whether a folder is being watched (for tests and `open`).
        func isWatching(_ folder: String) -> Bool { state.withLock { $0.watches[folder] != nil } }

        var watchCount: Int { state.withLock { $0.watches.count } }

        /// The household's folder, `records` and the folders up to `deepest` below it, unless
        /// hidden or ignored.
        static func isWatchable(_ folder: String) -> Bool {
            if folder.isEmpty { return true }
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count <= deepest && parts[0] == "records"
                && parts.allSatisfy { !$0.isEmpty && !FolderNames.isIgnored(String($0)) }
        }

        // MARK: Watches

        private func startReading() {
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "ours.hints.inotify"))
            source.setEventHandler { [weak self] in self?.collect() }
            source.setCancelHandler { [fd] in _ = close(fd) }
            state.withLock { state in
                state.source = source
                source.resume()
            }
        }

        private func add(_ folder: String, _ state: inout State) -> HintsUnavailable? {
            let path = folder.isEmpty ? root : root + "/" + folder
            let watch = addWatch(fd, path, Self.events | Self.options)
            if watch >= 0 {
                if let old = state.folders[watch], old != folder { state.watches[old] = nil }  // the same folder by another name
                state.folders[watch] = folder
                state.watches[folder] = watch
                return nil
            }
            switch -watch {
            case ENOENT, ENOTDIR, EACCES, ELOOP:
                return nil  // gone, not a folder, a link, unreadable: the sync pass sees to it
            case ENOSPC:
                return HintsUnavailable(
                    .failed, "the system's limit of inotify watches was reached (fs.inotify.max_user_watches)")
            case ENOMEM:
                return HintsUnavailable(.failed, "the kernel had no memory for more inotify watches")
            default:
                return HintsUnavailable(.failed, "inotify could not watch \(path): \(String(cString: strerror(-watch)))")
            }
        }

        /// Stops watching a folder and every folder below it.
        private func forget(_ folder: String, _ state: inout State) {
            let prefix = folder + "/"
            for (path, watch) in state.watches where path == folder || folder.isEmpty || path.hasPrefix(prefix) {
                _ = inotify_rm_watch(fd, watch)
                state.watches[path] = nil
                state.folders[watch] = nil
            }
        }

        private func halt(_ state: inout State) {
            guard !state.stopped else { return }
            state.stopped = true
            if let source = state.source {
                source.cancel()  // its cancel handler closes the descriptor
            } else {
                _ = close(fd)
            }
            state.source = nil
        }

        private static func initFailure(_ error: Int32) -> HintsUnavailable {
            switch error {
            case EMFILE:
                HintsUnavailable(.failed, "the limit of inotify instances was reached (fs.inotify.max_user_instances)")
            default:
                HintsUnavailable(.failed, "inotify could not start: \(String(cString: strerror(error)))")
            }
        }

        // MARK: Events

        /// Reads every event the kernel has queued and posts what they say. Called with the
        /// lock held: by the read source when the descriptor is readable, and by `collect()`.
        private func readQueued(_ state: inout State) {
            var hints: [ChangeHint] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while !state.stopped {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
                guard count > 0 else {
                    let error = count < 0 ? errno : EIO
                    inbox.fail(HintsUnavailable(.failed, "reading inotify events failed: \(String(cString: strerror(error)))"))
                    halt(&state)
                    break
                }
                var offset = 0
                while offset + 16 <= count {
                    let event = Self.event(in: buffer, at: offset)
                    offset += 16 + event.length
                    handle(event, &state, into: &hints)
                }
            }
            inbox.post(hints)
        }

        private struct Event {
            var watch: Int32
            var mask: UInt32
            var length: Int
            var name: String
        }

        /// `struct inotify_event`: `int wd; uint32_t mask, cookie, len; char name[len]` (the name
        /// padded with NULs).
        private static func event(in buffer: [UInt8], at offset: Int) -> Event {
            buffer.withUnsafeBytes { bytes in
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let start = offset + 16
                let end = min(start + length, bytes.count)
                let nameBytes = bytes[start..<end].prefix { $0 != 0 }
                return Event(watch: watch, mask: mask, length: length, name: String(decoding: nameBytes, as: UTF8.self))
            }
        }

        private func handle(_ event: Event, _ state: inout State, into hints: inout [ChangeHint]) {
            if event.mask & Self.bits(IN_Q_OVERFLOW) != 0 {
                inbox.overflow()
                return
            }
            guard let folder = state.folders[event.watch] else { return }  // a watch already forgotten
            if event.mask & Self.bits(IN_IGNORED) != 0 {  // the folder was removed or unmounted
                state.folders[event.watch] = nil
                if state.watches[folder] == event.watch { state.watches[folder] = nil }
                hints.append(ChangeHint(folder: folder, name: nil))
                return
            }
            if event.mask & Self.bits(IN_MOVE_SELF) != 0 {  // its watch would follow it to another name
                forget(folder, &state)
                hints.append(ChangeHint(folder: folder, name: nil))
                return
            }
            if event.mask & Self.bits(IN_DELETE_SELF, IN_UNMOUNT) != 0 {
                hints.append(ChangeHint(folder: folder, name: nil))
                return
            }
            guard !event.name.isEmpty, !FolderNames.isIgnored(event.name) else { return }
            hints.append(ChangeHint(folder: folder, name: event.name))
            let child = folder.isEmpty ? event.name : folder + "/" + event.name
            if event.mask & Self.bits(IN_ISDIR) != 0, event.mask & Self.bits(IN_CREATE, IN_MOVED_TO) != 0,
                Self.isWatchable(child), state.watches[child] == nil, let failure = add(child, &state)
            {
                inbox.fail(failure)
                halt(&state)
            }
        }

        private static func bits<T: BinaryInteger>(_ values: T...) -> UInt32 {
            values.reduce(0) { $0 | UInt32(truncatingIfNeeded: $1) }
        }
    }
#endif
