@testable import OursSync

/// What an injected fault does to the call it hits.
enum FaultKind: Sendable, Equatable, CustomStringConvertible {
    /// The call fails before doing anything, with this reason (ENOSPC, EACCES, EIO).
    case fail(FileSystemError.Reason)
    /// The call does its work, then reports EIO anyway: a rename that happened although the
    /// call failed (an NFS reply lost after the server renamed, say).
    case failAfterSuccess
    /// A write fails with ENOSPC after half its bytes reached the temporary file, which stays
    /// behind (as it would when the process dies before cleaning it up).
    case tornWrite

    var description: String {
        switch self {
        case .fail(let reason): "fails: \(reasonText(reason))"
        case .failAfterSuccess: "succeeds, then reports EIO"
        case .tornWrite: "writes half, then fails with ENOSPC"
        }
    }

    /// The reason the caller sees.
    var reason: FileSystemError.Reason {
        switch self {
        case .fail(let reason): reason
        case .failAfterSuccess: .io
        case .tornWrite: .noSpace
        }
    }
}

/// How a reason reads in an error message ("no space left on the device").
func reasonText(_ reason: FileSystemError.Reason) -> String {
    String(FileSystemError("", "", reason).description.dropFirst("cannot  : ".count))
}

/// Which calls count towards N.
enum FaultCounting: Sendable {
    /// Every call that can fail (stat, read, list, lock, and every change).
    case everyCall
    /// Only calls that change the disk: create a directory, write, append, remove, rename, flush.
    case mutatingCalls
}

/// A `FileSystem` around another that fails the Nth counted call — once, or that call and
/// every counted call after it — the way SQLite's test harness injects I/O errors.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    struct Plan: Sendable {
        var failAt: Int
        var kind: FaultKind
        var persistent: Bool
        var counting: FaultCounting
    }

    /// A fault that fired: which call, on what.
    struct Hit: Sendable, Equatable {
        var call: Int
        var operation: String
        var path: String
        var error: FileSystemError
    }

    let base: any FileSystem
    private let state = Locked<(plan: Plan?, calls: Int, hits: [Hit])>((nil, 0, []))

    init(_ base: any FileSystem) { self.base = base }

    func arm(_ plan: Plan) { state.withLock { $0 = (plan, 0, []) } }

    /// Stops injecting; returns the faults that fired and how many calls were counted.
    @discardableResult
    func disarm() -> (hits: [Hit], calls: Int) {
        state.withLock { state in
            defer { state = (nil, 0, []) }
            return (state.hits, state.calls)
        }
    }

    var hits: [Hit] { state.current.hits }

    /// Counts the call; the fault to inject into it, if any.
    private func fault(_ operation: String, _ path: String, mutating: Bool) -> (FaultKind, FileSystemError)? {
        state.withLock { state -> (FaultKind, FileSystemError)? in
            guard let plan = state.plan, mutating || plan.counting == .everyCall else { return nil }
            state.calls += 1
            let due = plan.persistent ? state.calls >= plan.failAt : state.calls == plan.failAt
            guard due else { return nil }
            // Only writes can be torn, and only changes can happen before the failure.
            var kind = plan.kind
            if kind == .tornWrite, operation != "write" { kind = .fail(.noSpace) }
            if kind == .failAfterSuccess, !mutating { kind = .fail(.io) }
            let error = FileSystemError(operation, path, kind.reason)
            state.hits.append(Hit(call: state.calls, operation: operation, path: path, error: error))
            return (kind, error)
        }
    }

    /// Runs a change with the fault that is due, if any.
    private func change(_ operation: String, _ path: String, _ body: () throws(FileSystemError) -> Void) throws(FileSystemError) {
        guard let (kind, error) = fault(operation, path, mutating: true) else { return try body() }
        if kind == .failAfterSuccess { try body() }
        throw error
    }

    private func check(_ operation: String, _ path: String) throws(FileSystemError) {
        if let (_, error) = fault(operation, path, mutating: false) { throw error }
    }

    // MARK: FileSystem

    func stat(_ path: String) throws(FileSystemError) -> FileStat? {
        try check("read", path)
        return try base.stat(path)
    }

    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try check("read", path)
        return try base.read(path, limit: limit)
    }

    func list(_ path: String) throws(FileSystemError) -> [DirectoryEntry] {
        try check("list", path)
        return try base.list(path)
    }

    func createDirectory(_ path: String) throws(FileSystemError) {
        try change("create directory", path) { () throws(FileSystemError) in try base.createDirectory(path) }
    }

    func writeAtomically(_ path: String, _ bytes: [UInt8], durability: Durability) throws(FileSystemError) {
        if let (kind, error) = fault("write", path, mutating: true) {
            switch kind {
            case .failAfterSuccess: try base.writeAtomically(path, bytes, durability: durability)
            case .tornWrite:
                let temporary = joinPath(parentPath(path), TemporaryName.make())
                try? base.writeAtomically(temporary, Array(bytes.prefix(bytes.count / 2)), durability: .deferred)
            case .fail: break
            }
            throw error
        }
        try base.writeAtomically(path, bytes, durability: durability)
    }

    func append(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try change("append to", path) { () throws(FileSystemError) in try base.append(path, bytes) }
    }

    func remove(_ path: String) throws(FileSystemError) {
        try change("remove", path) { () throws(FileSystemError) in try base.remove(path) }
    }

    func rename(_ from: String, to: String) throws(FileSystemError) {
        try change("rename", from) { () throws(FileSystemError) in try base.rename(from, to: to) }
    }

    func flush(_ path: String) throws(FileSystemError) {
        try change("flush", path) { () throws(FileSystemError) in try base.flush(path) }
    }

    func realPath(_ path: String) -> String? { base.realPath(path) }

    func lock(_ path: String, wait: Bool) throws(FileSystemError) -> (any FileLock)? {
        try check("lock", path)
        return try base.lock(path, wait: wait)
    }

    func isWritableDirectory(_ path: String) -> Bool { base.isWritableDirectory(path) }
}
