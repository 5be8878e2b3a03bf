import Foundation
import Testing

@testable import OursSync

/// I/O faults injected through the `FileSystem` protocol, SQLite-style: call N fails, for
/// N = 1, 2, … until the operation runs clean, with ENOSPC, EACCES, EIO, a change that
/// happens although the call reports failure, and a write torn halfway — each once and from
/// N on. After each: errors name the file and the reason, nothing half-written is published,
/// nothing acknowledged is lost, and the next sync (without the fault) converges.
@Suite("I/O faults", .tags(.slow), .fullLoopOnly)
struct FaultTests {
    @Test(arguments: FaultScenario.all.map(\.name))
    func everyFaultPoint(scenario: String) throws {
        let figures = try FaultRunner.exercise(.named(scenario))
        print(figures.summary(scenario))
        if let log = ProcessInfo.processInfo.environment["OURS_FAULT_LOG"] {
            try? figures.violations.joined(separator: "\n").write(toFile: log + "-" + scenario, atomically: true, encoding: .utf8)
        }
        #expect(figures.faultPoints > 0)
        #expect(
            figures.violations.isEmpty,
            "\(figures.violations.count) violations:\n\(figures.violations.prefix(15).joined(separator: "\n"))")
    }
}
