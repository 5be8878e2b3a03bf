import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `ours watch` prints its events: one line each for people
/// (`12:01:03  Mike updated item "Milk" (qty)`), one compact JSON object per line with
/// `--json` (JSON Lines, the one command whose `--json` is a stream; see the README).
struct WatchOutput: Sendable {
    let context: CommandContext
    let household: Zone
    let policy: WatchPolicy
    /// The first pass's progress line, cleared before anything else is printed.
    var progress: ProgressReport?
    /// Lines printed for one change set before the rest is summed up (people only).
    static let linesPerSet = 100

    func show(_ event: WatchEvent) {
        if case .started = event {} else { progress?.end() }
        let now = household.device.clock.nowMillis()
        switch event {
        case .started(let mode):
            started(mode, at: now)
        case .modeChanged(let mode):
            if context.json {
                line(["event": "mode"].merging(WatchOutput.modeObject(mode)) { $1 }, at: now)
            } else if case .poll(let reason) = mode {
                say(
                    context.yellow("change hints stopped: ") + reason.message + "; polling every \(describe(policy.interval))",
                    at: now)
            } else {
                say("change hints on; polling every \(describe(hintedInterval)) as a safety net", at: now)
            }
        case .changes(let set):
            show(set)
        case .problem(let problem):
            if context.json {
                line(["event": "problem", "problem": problem.json], at: now)
            } else {
                say(context.yellow("problem: ") + problem.text, at: now)
            }
        case .folderUnavailable(let message):
            if context.json {
                line(["event": "folderUnavailable", "message": .string(message)], at: now)
            } else {
                say(context.red(message) + " — waiting for it; changes made meanwhile are kept on this device", at: now)
            }
        case .folderAvailable:
            if context.json {
                line(["event": "folderAvailable"], at: now)
            } else {
                say(context.green("the shared folder is back") + "; waiting changes delivered", at: now)
            }
        case .failed(let error):
            if context.json {
                line(["event": "failed", "error": .object(WatchOutput.errorObject(error))], at: now)
            } else {
                say(context.red("sync failed: ") + error.message + (error.hint.map { " (\($0))" } ?? "") + " — retrying", at: now)
            }
        case .ended(let lifecycle):
            let message = lifecycle.message(household: household.name)
            if context.json {
                line(["event": "ended", "lifecycle": .string(lifecycle.rawValue), "message": .string(message)], at: now)
            } else {
                say(message, at: now)
            }
        }
    }

    /// The first line: what is watched, how, and how often.
    private func started(_ mode: WatchMode, at now: Int64) {
        if context.json {
            var object: [String: JSONValue] = [
                "event": "watching", "household": ["id": .string(household.id), "name": .string(household.name)],
                "folder": household.membership.map { .string($0.folder) } ?? .null,
                "intervalMs": JSONValue(Int(milliseconds(policy.interval))),
            ]
            object.merge(WatchOutput.modeObject(mode)) { $1 }
            if mode.isHints { object["hintedIntervalMs"] = JSONValue(Int(milliseconds(hintedInterval))) }
            line(object, at: now)
            return
        }
        let name = context.bold(household.name)
        switch mode {
        case .hints:
            context.say(
                "Watching \(name): changes are seen as the system notifies them, with a poll every "
                    + "\(describe(hintedInterval)) as a safety net. Press Ctrl-C to stop.")
        case .poll(let reason) where reason.kind == .requested || reason.kind == .unsupported:
            context.say("Watching \(name) every \(describe(policy.interval)). Press Ctrl-C to stop.")
        case .poll(let reason):
            context.say(
                "Watching \(name) every \(describe(policy.interval)) (no change hints: \(reason.message)). Press Ctrl-C to stop.")
        }
    }

    /// `"mode"`, and for polling `"pollReason"` and `"pollMessage"`, or the hints' `"hintSource"`.
    static func modeObject(_ mode: WatchMode) -> [String: JSONValue] {
        switch mode {
        case .hints(let source):
            ["mode": "hints", "hintSource": .string(source)]
        case .poll(let reason):
            ["mode": "poll", "pollReason": .string(reason.kind.rawValue), "pollMessage": .string(reason.message)]
        }
    }

    /// The poll's interval while hints are healthy.
    private var hintedInterval: Duration { policy.pollInterval(hinted: true) }

    private func show(_ set: ChangeSet) {
        for (number, change) in set.changes.enumerated() {
            if context.json {
                var object = change.json.objectValue ?? [:]
                object["event"] = "change"
                object["origin"] = .string(set.origin.rawValue)
                line(object, at: set.at)
            } else if number < WatchOutput.linesPerSet {
                say(describe(change), at: set.at)
            }
        }
        let unshown = context.json ? 0 : max(0, set.changes.count - WatchOutput.linesPerSet)
        guard !set.isComplete || unshown > 0 else { return }
        if context.json {
            line(
                [
                    "event": "unlisted", "origin": .string(set.origin.rawValue),
                    "count": set.unlisted.map { JSONValue($0) } ?? .null,
                    "types": .array(set.unlistedTypes.map { .string($0) }),
                ], at: set.at)
            return
        }
        let place = set.origin == .local ? "on this device" : "in the shared folder"
        let types = set.unlistedTypes.isEmpty ? "" : " (" + set.unlistedTypes.joined(separator: ", ") + ")"
        if let unlisted = set.unlisted {
            say("\(unlisted + unshown) more record(s) changed \(place)\(types)", at: set.at)
        } else {
            say("more records changed \(place) than could be listed", at: set.at)
        }
    }

    /// `Mike updated item "Milk" (qty)`.
    func describe(_ change: RecordChange) -> String {
        let who = change.by.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Someone"
        let verb =
            switch change.kind {
            case .inserted: "added"
            case .updated: "updated"
            case .deleted: "deleted"
            }
        var text = "\(who) \(verb) " + context.label(change.key, in: household)
        if change.kind != .deleted, !change.fields.isEmpty { text += " (" + Self.fieldNames(change.fields) + ")" }
        return text
    }

    /// The fields as people read them: a field kept as entries of one name (a chore's
    /// `log.<time>-<device>`, one per completion) is named once, by that name.
    static func fieldNames(_ fields: [String]) -> String {
        var seen: Set<Substring> = []
        return fields.map { $0.prefix { $0 != "." } }.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    func stopped() {
        progress?.end()
        let now = household.device.clock.nowMillis()
        if context.json { line(["event": "stopped"], at: now) } else { context.say("Stopped watching \(household.name).") }
    }

    // MARK: Printing

    private func say(_ text: String, at millis: Int64) {
        context.say(context.dim(WatchOutput.clockTime(millis)) + "  " + text)
    }

    private func line(_ object: [String: JSONValue], at millis: Int64) {
        var object = object
        object["at"] = .string(UTCTime.iso8601(millis: millis))
        context.console.out(JSONWriter.compactString(.object(object)) + "\n")
    }

    /// Prints a failure to start (or a failed run): on standard error, and with `--json` as one
    /// line on standard output, so the stream stays JSON Lines.
    static func report(_ error: OursError, context: CommandContext) -> Int32 {
        context.console.error("ours: \(error.message)\n" + (error.hint.map { "\($0)\n" } ?? ""))
        if context.json {
            var object = errorObject(error)
            object["exitCode"] = JSONValue(Int(error.kind.exitCode))
            context.console.out(JSONWriter.compactString(["error": .object(object)]) + "\n")
        }
        return error.kind.exitCode
    }

    static func errorObject(_ error: OursError) -> [String: JSONValue] {
        var object: [String: JSONValue] = ["kind": .string(error.kind.rawValue), "message": .string(error.message)]
        if let hint = error.hint { object["hint"] = .string(hint) }
        return object
    }

    /// `12:01:03`, in local time: when this device saw it.
    static func clockTime(_ millis: Int64) -> String {
        var seconds = time_t(millis / 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    private func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private func describe(_ duration: Duration) -> String {
        let millis = milliseconds(duration)
        return millis % 1000 == 0 ? "\(millis / 1000)s" : "\(millis)ms"
    }
}
