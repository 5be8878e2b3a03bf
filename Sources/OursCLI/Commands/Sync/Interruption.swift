import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM during a long command that stops safely between steps: the
/// signal is noted, the command finishes the step it is in, and says how far it got.
final class Interruption: Sendable {
    /// The exit code after an interruption, as a shell reports death by SIGINT (128 + 2).
    static let exitCode: Int32 = OursExitCode.interrupted.rawValue

    private let requested = Locked(false)
    private let trap = Locked<SignalTrap?>(nil)

    /// Starts listening; `stop()` gives the signals back their default action.
    init() {
        let requested = self.requested
        trap.withLock { $0 = SignalTrap([SIGINT, SIGTERM]) { _ in requested.withLock { $0 = true } } }
    }

    /// Whether a signal came.
    var wasRequested: Bool { requested.current }

    func stop() {
        trap.withLock {
            $0?.cancel()
            $0 = nil
        }
    }

    /// "interrupted after 4000 of 100000; run the same command to finish"
    static func message(done: Int, total: Int) -> String {
        "interrupted after \(done) of \(total); run the same command to finish"
    }
}

extension Interruption {
    /// For a command that cannot stop between steps itself (a join's first sync): on Ctrl-C
    /// or SIGTERM it says how far it got and ends the process at once, as a kill would. Safe
    /// because every file is written whole (a temporary file renamed) and the command, run
    /// again, finishes what was left.
    static func exiting(_ context: CommandContext, report: ProgressReport, unit: String) -> SignalTrap {
        SignalTrap([SIGINT, SIGTERM]) { _ in
            report.end()
            let text: String
            if let last = report.last, let total = last.total {
                text = message(done: last.done, total: total)
            } else {
                text = "interrupted before any \(unit) were synced; run the same command to finish"
            }
            context.console.error("ours: \(text)\n")
            _exit(exitCode)
        }
    }
}

extension SignalTrap: @unchecked Sendable {}
