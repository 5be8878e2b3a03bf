import Foundation
import OursSync
import Testing

@testable import OursCLI

/// The progress line of a long command: phase, counts, estimate.
@Suite("Progress lines")
struct ProgressReportTests {
    @Test func countsAndAnEstimateOnceASecondHasPassed() {
        #expect(ProgressReport.line(phase: "Importing", done: 500, total: 2000, elapsed: 0.5) == "Importing: 500 of 2000 (25 %)")
        #expect(
            ProgressReport.line(phase: "Importing", done: 500, total: 2000, elapsed: 10)
                == "Importing: 500 of 2000 (25 %), about 30 s left")
        #expect(
            ProgressReport.line(phase: "Merging records", done: 1000, total: 100_000, elapsed: 5)
                == "Merging records: 1000 of 100000 (1 %), about 8 min left")
        #expect(ProgressReport.line(phase: "Reading", done: 12, total: nil, elapsed: 3) == "Reading: 12…")
        #expect(ProgressReport.line(phase: "Done", done: 10, total: 10, elapsed: 3) == "Done: 10 of 10 (100 %)")
    }

    @Test func estimatesReadAsPeopleSayThem() {
        #expect(ProgressReport.estimate(0.2) == "1 s")
        #expect(ProgressReport.estimate(59) == "59 s")
        #expect(ProgressReport.estimate(150) == "3 min")
        #expect(ProgressReport.estimate(3900) == "1 h 5 min")
    }

    @Test func nothingWhenQuietPipedOrJSON() throws {
        for (terminal, globals, shown) in [
            (true, GlobalOptions(), true), (true, GlobalOptions(quiet: true), false),
            (true, GlobalOptions(json: true), false), (false, GlobalOptions(), false),
        ] {
            let written = Locked("")
            let console = Console(errorIsTerminal: terminal, out: { _ in }, error: { text in written.withLock { $0 += text } })
            let context = try CommandContext(
                globals: globals, environment: ["OURS_HOME": "/nonexistent"], console: console, runCommandLine: { _, _, _ in 0 })
            let report = ProgressReport(context)
            report.begin("Importing item records")
            report.update(3, of: 10)
            report.end()
            #expect(written.current.contains("Importing item records: 3 of 10 (30 %)") == shown, "\(written.current)")
        }
    }
}
