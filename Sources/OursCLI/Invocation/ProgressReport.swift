import Foundation
import OursSync

/// The progress of a long command: named phases, counts, and an estimate of the time left,
/// on standard error only when it is a terminal and `--quiet` was not given (`CommandContext.progress`).
final class ProgressReport: @unchecked Sendable {
    private let context: CommandContext
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private var phase = ""
    private var started = Date()
    private var shownAt: Date?
    private var lastShown: (phase: String, done: Int, total: Int?)?

    init(_ context: CommandContext, now: @escaping @Sendable () -> Date = { Date() }) {
        self.context = context
        self.now = now
    }

    /// Starts a named phase ("Reading items.jsonl", "Importing records").
    func begin(_ phase: String) {
        lock.withLock {
            self.phase = phase
            started = now()
            shownAt = nil
            lastShown = nil
        }
        context.progress(phase + "…")
    }

    /// Shows `done` of `total` in the current phase, at most a few times a second.
    func update(_ done: Int, of total: Int?) {
        let line: String? = lock.withLock {
            lastShown = (phase, done, total)
            let moment = now()
            if let shownAt, moment.timeIntervalSince(shownAt) < 0.2, done != total { return nil }
            shownAt = moment
            return Self.line(phase: phase, done: done, total: total, elapsed: moment.timeIntervalSince(started))
        }
        if let line { context.progress(line) }
    }

    /// Shows `done` of `total` in the phase named `name`, starting that phase if it is new.
    func update(_ name: String, _ done: Int, of total: Int?) {
        let isNew = lock.withLock { name != phase }
        if isNew { begin(name) }
        update(done, of: total)
    }

    /// What was last shown, for a message on interruption: the phase, done and total.
    var last: (phase: String, done: Int, total: Int?)? {
        lock.withLock { lastShown }
    }

    /// Clears the progress line.
    func end() { context.endProgress() }

    /// "Importing records: 5000 of 100000 (5 %), about 2 min left". The estimate assumes the
    /// rest goes as fast as what is done; it appears once a second has passed.
    static func line(phase: String, done: Int, total: Int?, elapsed: TimeInterval) -> String {
        guard let total, total > 0 else { return "\(phase): \(done)…" }
        var text = "\(phase): \(done) of \(total) (\(done * 100 / total) %)"
        if done > 0, done < total, elapsed >= 1 {
            let left = elapsed / Double(done) * Double(total - done)
            text += ", about \(estimate(left)) left"
        }
        return text
    }

    /// "3 s", "40 s", "2 min", "1 h 5 min".
    static func estimate(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(max(1, whole)) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
