import Foundation

/// The lock that keeps a second watcher off a household on one device: a file in the replica,
/// locked without waiting, so the second one is refused at once with a clear message instead
/// of racing the first (two in-memory folder indexes and two journal readers would each see
/// half the truth). The lock goes when the process does, however it ends.
enum WatcherLock {
    static func path(for household: Zone) -> String { joinPath(household.replica.directory, "watcher.lock") }
    /// Who holds the lock, for the refusal message; informative only.
    static func ownerPath(for household: Zone) -> String { joinPath(household.replica.directory, "watcher.pid") }

    /// - Throws: `.failed` when another watcher holds it.
    static func acquire(for household: Zone) throws(OursError) -> any FileLock {
        guard let membership = household.membership else {
            throw .notFound(
                "no household: private data has no shared folder to watch",
                hint: "Create a household with `ours household create`, or join one.")
        }
        guard membership.status == .active else {
            throw .notPermitted(LifecycleEvent(membership.status).message(household: membership.name) + " Nothing to watch.")
        }
        let fileSystem = household.device.fileSystem
        let lock = try io { () throws(FileSystemError) -> (any FileLock)? in
            if try fileSystem.stat(household.replica.directory) == nil {
                try fileSystem.createDirectory(household.replica.directory)
            }
            return try fileSystem.lock(path(for: household), wait: false)
        }
        guard let lock else {
            let pid = (try? fileSystem.read(ownerPath(for: household), limit: 64)).map {
                String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let holder = pid.map { $0.isEmpty ? "" : " (process \($0))" } ?? ""
            throw .failed(
                "another watcher is already running for \(membership.name) on this device\(holder)",
                hint: "One `ours watch` per household and device is enough; stop the other one first. "
                    + "Commands such as `ours add` or `ours sync` work while it runs.")
        }
        // Under the device lock, as every write to the state directory: a sweep removes the
        // temporary files it finds there, on the promise that nobody else is writing one.
        let pid = Array("\(ProcessInfo.processInfo.processIdentifier)\n".utf8)
        try? household.device.withLock { () throws(OursError) in
            try? fileSystem.writeAtomically(ownerPath(for: household), pid, durability: .deferred)
        }
        return lock
    }

    static func release(_ lock: any FileLock, for household: Zone) {
        // Before unlocking: afterwards it may be the next watcher's.
        try? household.device.withLock { () throws(OursError) in
            try? household.device.fileSystem.remove(ownerPath(for: household))
        }
        lock.unlock()
    }
}
