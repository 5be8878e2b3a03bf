/// Notices this device writing a shared file back and forth with something else — a device on
/// an older version that judges the file differently, a person or a tool that keeps putting
/// their version back — and stops it.
///
/// For each file it replaced, the device remembers the digests of what it found and of what it
/// wrote. Finding the same bytes again and writing the same bytes over them again is a round
/// of a loop; after `roundsBeforeStopping` rounds in a row it stops writing that file (it keeps
/// merging it) and reports a `writeLoop` problem. It writes again as soon as the file holds
/// what it would write (and has for `settleDelay` since the last round: the other side may be a
/// moment away from putting its version back, and a pass woken by a change hint can see the
/// file in that moment), or either side has anything new: only the same exchange repeated is a
/// loop, so a sync tool putting an old version back once, or two owners changing a value in
/// turn, never stops a write. Once stopped it tries again after `firstPause`, then after twice
/// as long each time the exchange resumes (at most `longestPause`): the other side may have
/// been updated meanwhile, and the file must not keep its version for good. Stopping changes
/// no merged state; other devices converge as before.
///
/// Kept in the replica (`write-loops.json`), so one-shot commands take part as watchers do.
struct WriteLoopGuard {
    struct Exchange: Equatable {
        var found: UInt64
        var wrote: UInt64
        var rounds: Int
        /// When this device stopped writing, if it did; how long it waits before trying again.
        var stoppedAt: Int64?
        var pause: Int64 = WriteLoopGuard.firstPause
        /// When this exchange was last seen (a round, a stop, a retry).
        var lastRound: Int64 = 0
    }

    static let fileName = "write-loops.json"
    /// How many times in a row this device puts the same bytes over the same bytes before it stops.
    static let roundsBeforeStopping = 2
    static let firstPause: Int64 = 15 * 60 * 1000
    static let longestPause: Int64 = 24 * 60 * 60 * 1000
    /// How long the file must have held what this device writes, after the last round, for an
    /// exchange to be over.
    static let settleDelay: Int64 = 10 * 1000

    /// By the file's path as problems show it.
    private(set) var exchanges: [String: Exchange] = [:]
    private(set) var changed = false

    init() {}

    /// Whether to replace `found` (`nil`: no file) with `writing` at `path`, at `now`.
    /// - Returns: `false` when that would be another round of a loop.
    mutating func mayReplace(_ path: String, found: [UInt8]?, writing: [UInt8], now: Int64) -> Bool {
        mayReplace(path, foundDigest: found.map { Digest.of($0) } ?? 0, writingDigest: Digest.of(writing), now: now)
    }

    /// The same, from the digests of the bytes found and to be written (a record's write-back
    /// knows both from the folder index and the replica without the bytes).
    mutating func mayReplace(_ path: String, foundDigest: UInt64, writingDigest wroteDigest: UInt64, now: Int64) -> Bool {
        guard var exchange = exchanges[path], exchange.found == foundDigest, exchange.wrote == wroteDigest else {
            exchanges[path] = Exchange(found: foundDigest, wrote: wroteDigest, rounds: 0, lastRound: now)
            changed = true
            return true
        }
        defer {
            exchange.lastRound = now
            exchanges[path] = exchange
            changed = true
        }
        if let stoppedAt = exchange.stoppedAt {
            guard now - stoppedAt >= exchange.pause else { return false }
            // Try once more; if the exchange resumes, stop again at once, for twice as long.
            exchange.stoppedAt = nil
            exchange.pause = min(exchange.pause * 2, Self.longestPause)
            return true
        }
        exchange.rounds += 1
        guard exchange.rounds >= Self.roundsBeforeStopping else { return true }
        exchange.stoppedAt = now
        return false
    }

    /// The file holds what this device would write, at `now`: whatever went on has stopped —
    /// if this device is the one that stopped writing, or the last round is `settleDelay` old.
    mutating func settled(_ path: String, now: Int64) {
        guard let exchange = exchanges[path], exchange.stoppedAt != nil || now - exchange.lastRound >= Self.settleDelay
        else { return }
        exchanges.removeValue(forKey: path)
        changed = true
    }

    static func problem(_ path: String) -> Problem {
        Problem(
            .writeLoop, path: path,
            "written back and forth with another device (one of them may run an older version of Ours, "
                + "or a person or program keeps putting its version back); this device stopped writing it and "
                + "keeps what it merged; left as it is")
    }

    // MARK: Stored

    var document: [String: JSONValue] {
        var files: [String: JSONValue] = [:]
        for (path, exchange) in exchanges {
            var file: [String: JSONValue] = [
                "found": .string(String(exchange.found, radix: 16)), "wrote": .string(String(exchange.wrote, radix: 16)),
                "rounds": JSONValue(exchange.rounds), "pauseMillis": .number(String(exchange.pause)),
            ]
            if let stoppedAt = exchange.stoppedAt { file["stoppedAt"] = .string(UTCTime.iso8601(millis: stoppedAt)) }
            file["lastRound"] = .string(UTCTime.iso8601(millis: exchange.lastRound))
            files[path] = .object(file)
        }
        return ["format": 1, "files": .object(files)]
    }

    init(reading reader: JSONObjectReader) {
        for (path, value) in reader.object["files"]?.objectValue ?? [:] {
            guard let found = value["found"]?.stringValue.flatMap({ UInt64($0, radix: 16) }),
                let wrote = value["wrote"]?.stringValue.flatMap({ UInt64($0, radix: 16) }),
                let rounds = value["rounds"]?.intValue
            else { continue }
            var exchange = Exchange(found: found, wrote: wrote, rounds: rounds)
            exchange.stoppedAt = value["stoppedAt"]?.stringValue.flatMap(UTCTime.parseISO8601)
            exchange.pause = value["pauseMillis"]?.numberText.flatMap { Int64($0) } ?? Self.firstPause
            exchange.lastRound = value["lastRound"]?.stringValue.flatMap(UTCTime.parseISO8601) ?? 0
            exchanges[path] = exchange
        }
    }
}

extension Replica {
    var writeLoopsFile: String { joinPath(directory, WriteLoopGuard.fileName) }

    func loadWriteLoops() -> WriteLoopGuard {
        guard let bytes = try? readIfPresent(writeLoopsFile), let reader = try? JSONObjectReader(bytes, path: writeLoopsFile)
        else { return WriteLoopGuard() }
        return WriteLoopGuard(reading: reader)
    }

    /// Saves what the guard learnt, if anything (a courtesy: losing it only delays a stop).
    func saveWriteLoops(_ loops: WriteLoopGuard) {
        guard loops.changed else { return }
        try? write(stateFileBytes(loops.document), to: writeLoopsFile)
    }
}
