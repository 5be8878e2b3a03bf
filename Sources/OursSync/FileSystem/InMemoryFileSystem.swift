/// A file system held in memory, for fast unit tests of everything above the disk.
///
/// It behaves like a POSIX tree where that matters to the engine: parents must exist,
/// renames replace atomically, directories have modification times that move when entries
/// are added or removed, and links are stored but never followed except by `realPath`.
///
/// Public so that an app can give one to `Device(home:fileSystem:clock:)` for previews and its
/// own tests: a device and its households that touch no disk and vanish with the object. Two
/// devices given the same instance share a "folder" as two devices on one disk would.
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    enum Node {
        case file([UInt8], modified: Int64, changed: Int64, inode: UInt64)
        case directory(modified: Int64, inode: UInt64)
        case symlink(String)
    }

    private let lock = Lock()
    private var nodes: [String: Node] = ["/": .directory(modified: 0, inode: 1)]
    private var children: [String: Set<String>] = ["/": []]
    private var nextInode: UInt64 = 2
    private var heldLocks: Set<String> = []
    private let clock: any WallClock
    /// Paths whose writes should fail, for permission tests.
    package var readOnlyPaths: Set<String> = []

    /// An empty tree holding only `/`; file times come from `clock`.
    public init(clock: any WallClock = SystemWallClock()) { self.clock = clock }

    private func now() -> Int64 { clock.nowMillis() * 1_000_000 }

    private func normalize(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// See `FileSystem.stat(_:)`.
    public func stat(_ path: String) throws(FileSystemError) -> FileStat? {
        lock.withLock {
            switch nodes[normalize(path)] {
            case nil: return nil
            case .file(let bytes, let modified, let changed, let inode)?:
                return FileStat(
                    kind: .file, size: Int64(bytes.count), modifiedNanos: modified, changedNanos: changed, inode: inode)
            case .directory(let modified, let inode)?:
                return FileStat(kind: .directory, size: 0, modifiedNanos: modified, changedNanos: modified, inode: inode)
            case .symlink?:
                return FileStat(kind: .symlink, size: 0, modifiedNanos: 0, changedNanos: 0, inode: 0)
            }
        }
    }

    /// See `FileSystem.read(_:limit:)`.
    public func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        let node = lock.withLock { nodes[normalize(path)] }
        switch node {
        case .file(let bytes, _, _, _)?:
            if bytes.count > limit { throw FileSystemError("read", path, .tooLarge(limit: limit)) }
            return bytes
        case .directory?: throw FileSystemError("read", path, .isADirectory)
        case .symlink?: throw FileSystemError("read", path, .symbolicLink)
        case nil: throw FileSystemError("read", path, .notFound)
        }
    }

    /// See `FileSystem.list(_:)`.
    public func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry] {
        let path = normalize(path)
        let result: [DirectoryEntry]? = lock.withLock {
            guard case .directory? = nodes[path], let names = children[path] else { return nil }
            return names.map { name in
                let kind: FileKind
                switch nodes[joinPath(path, name)] {
                case .file?: kind = .file
                case .directory?: kind = .directory
                case .symlink?: kind = .symlink
                case nil: kind = .other
                }
                return DirectoryEntry(name: name, kind: kind)
            }
        }
        guard let result else {
            let exists = lock.withLock { nodes[path] != nil }
            throw FileSystemError("list", path, exists ? .notADirectory : .notFound)
        }
        return result
    }

    /// See `FileSystem.createDirectory(_:)`.
    public func createDirectory(_ path: String) throws(FileSystemError) {
        let path = normalize(path)
        if case .directory? = lock.withLock({ nodes[path] }) { return }
        if lock.withLock({ nodes[path] }) != nil { throw FileSystemError("create directory", path, .notADirectory) }
        try createDirectory(parentPath(path))
        try checkWritable(path, "create directory")
        lock.withLock {
            nodes[path] = .directory(modified: now(), inode: takeInode())
            children[path] = []
            attach(path)
        }
    }

    /// See `FileSystem.writeAtomically(_:_:durability:)`; durable at once, as memory goes.
    public func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError) {
        let path = normalize(path)
        try checkWritable(path, "write")
        try lock.withLock { () throws(FileSystemError) in
            guard case .directory? = nodes[parentPath(path)] else { throw FileSystemError("write", path, .notFound) }
            if case .directory? = nodes[path] { throw FileSystemError("write", path, .isADirectory) }
            let time = now()
            nodes[path] = .file(bytes, modified: time, changed: time, inode: takeInode())
            attach(path)
        }
    }

    /// Writes a file in place, without the atomic dance: how tests play a person or a sync tool.
    package func writeInPlace(_ path: String, _ bytes: [UInt8], modifiedNanos: Int64? = nil) throws(FileSystemError) {
        let path = normalize(path)
        try lock.withLock { () throws(FileSystemError) in
            guard case .directory? = nodes[parentPath(path)] else { throw FileSystemError("write", path, .notFound) }
            let time = now()
            var inode = takeInode()
            if case .file(_, _, _, let existing)? = nodes[path] { inode = existing }
            nodes[path] = .file(bytes, modified: modifiedNanos ?? time, changed: time, inode: inode)
            attach(path)
        }
    }

    /// Makes a symbolic link at `path` pointing to `target`: how tests play a hostile folder.
    package func createSymlink(_ path: String, to target: String) {
        lock.withLock {
            nodes[normalize(path)] = .symlink(target)
            attach(normalize(path))
        }
    }

    /// See `FileSystem.remove(_:)`.
    public func remove(_ path: String) throws(FileSystemError) {
        let path = normalize(path)
        try checkWritable(path, "remove")
        try lock.withLock { () throws(FileSystemError) in
            guard let node = nodes[path] else { return }
            if case .directory = node, !(children[path] ?? []).isEmpty {
                throw FileSystemError("remove", path, .other(code: 39, message: "directory not empty"))
            }
            nodes[path] = nil
            children[path] = nil
            detach(path)
        }
    }

    /// Removes a whole subtree: how tests play `rm -r` or an unmount.
    package func removeTree(_ path: String) {
        let path = normalize(path)
        lock.withLock {
            let prefix = path == "/" ? "/" : path + "/"
            for key in nodes.keys where key == path || key.hasPrefix(prefix) {
                nodes[key] = nil
                children[key] = nil
            }
            detach(path)
        }
    }

    /// See `FileSystem.rename(_:to:)`.
    public func rename(_ from: String, to: String) throws(FileSystemError) {
        let from = normalize(from)
        let to = normalize(to)
        try checkWritable(to, "rename")
        try lock.withLock { () throws(FileSystemError) in
            guard nodes[from] != nil else { throw FileSystemError("rename", from, .notFound) }
            guard case .directory? = nodes[parentPath(to)] else { throw FileSystemError("rename", to, .notFound) }
            let prefix = from + "/"
            let moved = nodes.filter { $0.key == from || $0.key.hasPrefix(prefix) }
            let movedChildren = children.filter { $0.key == from || $0.key.hasPrefix(prefix) }
            for key in moved.keys {
                nodes[key] = nil
                children[key] = nil
            }
            detach(from)
            for (key, node) in moved { nodes[to + key.dropFirst(from.count)] = node }
            for (key, names) in movedChildren { children[to + key.dropFirst(from.count)] = names }
            attach(to)
        }
    }

    /// Nothing to do: memory holds every write already.
    public func flush(_ path: String) throws(FileSystemError) {}

    /// See `FileSystem.realPath(_:)`; gives up (`nil`) after 32 links, as a loop would never end.
    public func realPath(_ path: String) -> String? {
        var resolved = "/"
        var hops = 0
        var pending = normalize(path).split(separator: "/").map(String.init)
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." { continue }
            if component == ".." { resolved = parentPath(resolved); continue }
            let candidate = joinPath(resolved, component)
            switch lock.withLock({ nodes[candidate] }) {
            case nil: return nil
            case .symlink(let target)?:
                hops += 1
                if hops > 32 { return nil }
                if target.hasPrefix("/") { resolved = "/" }
                pending = target.split(separator: "/").map(String.init) + pending
            default: resolved = candidate
            }
        }
        return resolved
    }

    /// See `FileSystem.lock(_:wait:)`; shared by whoever holds this instance.
    public func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)? {
        let path = normalize(path)
        while true {
            let taken = lock.withLock { heldLocks.insert(path).inserted }
            if taken { return MemoryLock(release: { [weak self] in self?.lock.withLock { _ = self?.heldLocks.remove(path) } }) }
            if !wait { return nil }
            usleepCompat(1000)
        }
    }

    /// See `FileSystem.isWritableDirectory(_:)`.
    public func isWritableDirectory(_ path: String) -> Bool {
        !readOnlyPaths.contains { normalize(path) == $0 || normalize(path).hasPrefix($0 + "/") }
    }

    /// Every file's path and contents under `path`, for assertions.
    package func files(under path: String) -> [String: [UInt8]] {
        let prefix = normalize(path) + "/"
        return lock.withLock {
            var result: [String: [UInt8]] = [:]
            for (key, node) in nodes where key.hasPrefix(prefix) {
                if case .file(let bytes, _, _, _) = node { result[key] = bytes }
            }
            return result
        }
    }

    private func checkWritable(_ path: String, _ operation: String) throws(FileSystemError) {
        if !isWritableDirectory(parentPath(path)) { throw FileSystemError(operation, path, .permissionDenied) }
    }

    private func takeInode() -> UInt64 {
        nextInode += 1
        return nextInode
    }

    private func attach(_ path: String) {
        let parent = parentPath(path)
        children[parent, default: []].insert(lastComponent(path))
        touch(parent)
    }

    private func detach(_ path: String) {
        let parent = parentPath(path)
        children[parent]?.remove(lastComponent(path))
        touch(parent)
    }

    private func touch(_ directory: String) {
        if case .directory(_, let inode)? = nodes[directory] { nodes[directory] = .directory(modified: now(), inode: inode) }
    }
}

final class MemoryLock: FileLock, @unchecked Sendable {
    private let release: @Sendable () -> Void
    private let once = Locked(false)

    init(release: @escaping @Sendable () -> Void) { self.release = release }

    func unlock() {
        if once.withLock({
            let was = $0; $0 = true; return was
        }) {
            return
        }
        release()
    }

    deinit { unlock() }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func usleepCompat(_ micros: UInt32) { usleep(micros) }
