import Foundation
import OursSync
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What people do to files and devices in ordinary use — editors that write in place, clocks
/// and times gone wrong, a device that keeps putting a file back — for the tests that check
/// nothing is lost and nothing splits.
extension World {
    /// The inode number of a file, or `nil` when it is not there.
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }

    /// Edits a file in place, keeping its inode, as `ed`, vim with its default `backupcopy` or
    /// any program that truncates and writes does; records an issue unless `old` occurs exactly
    /// once or the inode changed.
    func editInPlace(_ path: String, _ old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let content = text(path)
        let count = content.components(separatedBy: old).count - 1
        guard count == 1 else {
            Issue.record("\"\(old)\" occurs \(count) times in \(path):\n\(content)", sourceLocation: sourceLocation)
            return
        }
        let before = inode(path)
        overwriteInPlace(path, Array(content.replacingOccurrences(of: old, with: new).utf8))
        if inode(path) != before { Issue.record("the edit changed the inode of \(path)", sourceLocation: sourceLocation) }
    }

    /// Truncates a file and writes `bytes` into it: the same inode, new contents.
    func overwriteInPlace(_ path: String, _ bytes: [UInt8]) {
        let handle = FileHandle(forWritingAtPath: path)!
        try! handle.truncate(atOffset: 0)
        try! handle.write(contentsOf: Data(bytes))
        try! handle.close()
    }

    /// Replaces a file the way sync tools and this engine do: a new file renamed into place.
    func replaceAtomically(_ path: String, _ bytes: [UInt8]) {
        let temporary = (path as NSString).deletingLastPathComponent + "/.test-" + UUID().uuidString + ".tmp"
        try! Data(bytes).write(to: URL(fileURLWithPath: temporary))
        precondition(rename(temporary, path) == 0, "cannot rename into \(path)")
    }

    /// Sets a file's access and modification times to `seconds` since 1970 (negative: before),
    /// as `touch -d` does; the change time moves to now, as it always does.
    func setFileTimes(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        precondition(utimensat(AT_FDCWD, path, &times, 0) == 0, "cannot set the times of \(path)")
    }

    /// Waits (generously: a minute) until `condition` holds; records an issue if it never does.
    @discardableResult
    func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
    ) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("waited a minute for \(what)", sourceLocation: sourceLocation)
        return false
    }

    var participantsFile: String { zone + "/participants.json" }
    var zoneFile: String { zone + "/zone.json" }

    /// Writes a change to `participants.json` exactly as a device writes one: stamped by
    /// `device` after everything the file holds, having seen all of it, with correct hashes.
    func writeManifestChange(_ fields: [String: JSONValue?], stampedBy device: String) throws {
        let bytes = try #require(self.bytes(participantsFile))
        var state = try StampedDocument.decodeManifest(bytes, modifiedMillis: 0).state
        let latest = state.latestStamp?.millis ?? 0
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        state.write(fields, at: Stamp(millis: max(now, latest + 1), device: try #require(DeviceID(device))))
        replaceAtomically(participantsFile, StampedDocument.encodeManifest(state))
    }

    /// Writes a change to a record's file in the folder exactly as a device writes one (see
    /// `writeManifestChange`).
    func writeRecordChange(type: String, id: String, _ fields: [String: JSONValue?], stampedBy device: String) throws {
        let path = recordPath(type: type, id: id)
        let bytes = try #require(self.bytes(path))
        var state = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
        let latest = state.latestStamp?.millis ?? 0
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        state.write(fields, at: Stamp(millis: max(now, latest + 1), device: try #require(DeviceID(device))))
        replaceAtomically(path, RecordFile.encode(state))
    }
}

extension SimulatedDevice {
    /// This device's person's participant id.
    func participantID() throws -> String {
        try run("init", "--name", name, "--json").object["participantId"] as? String ?? "none"
    }

    /// `ours members --json`, by name.
    func members() throws -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        for member in try run("members", "--json").array { result[member["name"] as? String ?? ""] = member }
        return result
    }

    /// The names of the items on a list (`ours list show [NAME] --json`), in shopping order;
    /// `nil` when the command fails.
    func itemNames(on list: String? = nil) throws -> [String]? {
        let shown = try run(arguments: ["list", "show"] + (list.map { [$0] } ?? []) + ["--json"])
        guard shown.exitCode == 0 else { return nil }
        return (shown.object["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// Every list `ours export --json` holds, with the names of its items.
    func exportedLists() throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for list in try run("export", "--json").object["lists"] as? [[String: Any]] ?? [] {
            result[list["name"] as? String ?? ""] = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        return result
    }

    /// The problems a `sync --json` reported, as messages with their paths.
    static func problems(_ result: RunResult) -> [String] {
        (result.object["problems"] as? [[String: Any]] ?? []).map {
            "\($0["kind"] as? String ?? ""): \($0["path"] as? String ?? ""): \($0["message"] as? String ?? "")"
        }
    }
}

/// A device on an earlier version that puts its own version of a file back whenever the file
/// holds anything else, by a new file renamed into place: one side of a write loop.
final class StubbornWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var restores = 0
    private let done = DispatchSemaphore(value: 0)

    init(path: String, bytes: [UInt8]) {
        DispatchQueue.global().async { [self] in
            while lock.withLock({ running }) {
                if FileManager.default.contents(atPath: path).map({ Array($0) }) != bytes {
                    let temporary = (path as NSString).deletingLastPathComponent + "/.stubborn-" + UUID().uuidString + ".tmp"
                    if (try? Data(bytes).write(to: URL(fileURLWithPath: temporary))) != nil, rename(temporary, path) == 0 {
                        lock.withLock { restores += 1 }
                    }
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            done.signal()
        }
    }

    /// Stops it; returns how many times it put its version back.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { restores }
    }
}

/// How a run of `ours` ended: its exit code, or the signal that killed it (a trap is SIGILL,
/// whose number 4 `terminationStatus` would give as if it were exit code 4).
struct RunEnding: CustomStringConvertible {
    var result: RunResult
    var signal: Int32?

    /// Whether it exited (no signal) with one of `codes`.
    func exited(_ codes: ClosedRange<Int32>) -> Bool { signal == nil && codes.contains(result.exitCode) }

    var description: String { signal.map { "killed by signal \($0)\n\(result.stderr)" } ?? "\(result)" }
}

extension SimulatedDevice {
    /// Runs `ours` with `arguments` and tells an exit from a signal.
    func runEnding(_ arguments: [String]) throws -> RunEnding {
        let process = process(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = RunResult(
            exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
        return RunEnding(result: result, signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}
