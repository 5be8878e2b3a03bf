import Foundation
import Testing

/// A long-running `ours` (such as `ours watch`) in its own process: its standard output read
/// line by line as it comes, so a test can wait for a line and then signal the process.
final class RunningOurs: @unchecked Sendable {
    private let process: Process
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var errors = Data()

    /// Starts `ours` with `arguments` on `device`'s state directory.
    init(_ device: SimulatedDevice, _ arguments: String...) throws {
        process = device.process(arguments)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }  // end of file: stop being called
            self?.received(data)
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.lock.withLock { self?.errors.append(data) }
        }
        try process.run()
    }

    deinit { if process.isRunning { process.terminate() } }

    private func received(_ data: Data) {
        lock.withLock {
            partial.append(data)
            while let newline = partial.firstIndex(of: 0x0A) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[partial.index(after: newline)...])
            }
        }
    }

    /// Every complete line printed so far.
    var output: [String] { lock.withLock { lines } }
    var errorOutput: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    /// The lines parsed as JSON objects (for `--json`, which is JSON Lines here).
    var objects: [[String: Any]] {
        output.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    /// Waits (generously: a minute) until a printed JSON object matches; records an issue if none does.
    @discardableResult
    func waitForObject(
        sourceLocation: SourceLocation = #_sourceLocation, where matches: ([String: Any]) -> Bool
    ) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let found = objects.first(where: matches) { return found }
            if !process.isRunning, objects.first(where: matches) == nil { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("no matching line; got:\n\(output.joined(separator: "\n"))\n\(errorOutput)", sourceLocation: sourceLocation)
        return nil
    }

    /// Sends a signal and goes on (SIGSTOP and SIGCONT hold the process still and let it go).
    func send(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Sends a signal, then waits (up to a minute) for the process to end.
    /// - Returns: its exit status, or `nil` if it did not end.
    func signal(_ number: Int32) -> Int32? {
        kill(process.processIdentifier, number)
        return waitForExit()
    }

    func waitForExit() -> Int32? {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return nil }
        Thread.sleep(forTimeInterval: 0.05)  // let the last output arrive
        return process.terminationStatus
    }
}
