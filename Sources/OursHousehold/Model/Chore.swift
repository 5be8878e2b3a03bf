import Foundation
import OursSync

/// A chore that comes round again: `chore` records.
///
/// Fields: `name`; `rule` (how often: `every 2 weeks`, `every mon,thu`, `on day 15`, see
/// `Recurrence`), `fixed` (true: the next due time follows the schedule, not the last
/// completion), `start` (where the schedule starts), `timeZone` (whose calendar days it counts);
/// `assignee` (a participant id), `rotation` (participant ids taking turns) and `rotationStart`
/// (the rotation step at which the first of them was up); `note`; `paused`, `resumedAt`; one
/// `done.<id>` field per completion (`ChoreCompletion`). For older versions it also keeps
/// `every` (an interval such as `7d`), `lastDone`, `lastDoneBy` and `nextDue` up to date.
/// Instants are ISO 8601 UTC with milliseconds. A new chore is due when it is added (a day
/// rule: on its first day).
public struct Chore: Sendable, Hashable, Codable, Identifiable {
    /// The record's id, made from the name it was first added under.
    public let id: String
    /// The name as shown: `Take out the bins`.
    public var name: String
    /// When it comes round: its rule, whether it keeps to a fixed schedule, where it starts and
    /// in which time zone.
    public var schedule: ChoreSchedule
    /// Who is up now: the rotation's current member when there is a rotation.
    public var assignee: String?
    /// Participant ids taking turns, in order; empty when the chore does not rotate.
    public var rotation: [String]
    /// The rotation step at which `rotation[0]` was up.
    public var rotationStart: Int
    /// A remark on it.
    public var note: String?
    /// A paused chore is never due.
    public var paused: Bool
    /// When it was last resumed after a pause, in milliseconds since 1970 (UTC).
    public var resumedAt: Int64?
    /// Every completion, newest first.
    public var completions: [ChoreCompletion]
    /// When it is next due (also while paused: when it would be), in milliseconds since 1970
    /// (UTC); `nextDueDate` as a `Date`.
    public var nextDue: Int64

    /// A chore with these values (for previews and tests: `Household.addChore` adds chores).
    /// `nextDue` is computed from the schedule, the completions and the pause unless given;
    /// with a rotation, `assignee` is whoever is up.
    public init(
        id: String, name: String, schedule: ChoreSchedule, assignee: String? = nil, rotation: [String] = [],
        rotationStart: Int = 0, note: String? = nil, paused: Bool = false, resumedAt: Int64? = nil,
        completions: [ChoreCompletion] = [], nextDue: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.schedule = schedule
        self.rotation = rotation
        self.rotationStart = rotationStart
        self.note = note
        self.paused = paused
        self.resumedAt = resumedAt
        self.completions = completions.sorted { ($0.at, $0.id) > ($1.at, $1.id) }
        self.assignee = assignee
        self.nextDue = 0
        self.nextDue = nextDue ?? computedNextDue
        if !rotation.isEmpty { self.assignee = rotationAssignee }
    }

    /// - Parameter timeZone: the calendar for a chore that names none (made by an older version).
    /// - Returns: `nil` for a record of another type, or one without a name or a readable rule.
    init?(_ snapshot: RecordSnapshot, timeZone: TimeZone) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.chore, let name = snapshot.name,
            let rule = Chore.rule(in: values)
        else { return nil }
        let zone = values["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? timeZone
        let start =
            values["start"]?.stringValue.flatMap(UTCTime.parseISO8601)
            ?? values["nextDue"]?.stringValue.flatMap(UTCTime.parseISO8601) ?? snapshot.updatedAt?.millis ?? 0
        let schedule = ChoreSchedule(
            rule: rule, fixed: values["fixed"]?.boolValue ?? false, start: start, calendar: LocalCalendar(zone))
        self.init(
            id: snapshot.key.id, name: name, schedule: schedule, assignee: values["assignee"]?.stringValue,
            rotation: values["rotation"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            rotationStart: values["rotationStart"]?.intValue ?? 0, note: values["note"]?.stringValue,
            paused: values["paused"]?.boolValue ?? false,
            resumedAt: values["resumedAt"]?.stringValue.flatMap(UTCTime.parseISO8601),
            completions: ChoreCompletion.log(of: values))
    }

    /// The rule in `rule`, unless `every` says something else: then an older version (or a
    /// person editing the file) changed the interval after this version wrote both, and
    /// `every` is the newer word.
    static func rule(in values: [String: JSONValue]) -> Recurrence? {
        let every = values["every"]?.stringValue.flatMap(Interval.init)
        if let rule = values["rule"]?.stringValue.flatMap(Recurrence.init), every == nil || rule.legacyInterval == every {
            return rule
        }
        return every.map(Recurrence.init(legacy:))
    }

    /// The interval an older version reads (`every`).
    var every: Interval { schedule.rule.legacyInterval }

    /// The latest completion's time, in milliseconds since 1970 (UTC); `nil` when it was never
    /// done.
    public var lastDone: Int64? { completions.first?.at }
    /// Who did the latest completion: a participant id.
    public var lastDoneBy: String? { completions.first?.by }

    /// Whether it is due at `now` (milliseconds since 1970, such as `Household.nowMillis`):
    /// never while paused.
    public func isOverdue(at now: Int64) -> Bool { !paused && nextDue <= now }

    /// The rotation steps taken so far: the largest generation of any completion.
    var generation: Int { completions.compactMap(\.generation).max() ?? 0 }

    /// The rotation's member who is up after `generation` steps.
    func rotationMember(at generation: Int) -> String? {
        guard !rotation.isEmpty else { return nil }
        let count = rotation.count
        return rotation[((generation - rotationStart) % count + count) % count]
    }

    var rotationAssignee: String? { rotationMember(at: generation) }

    /// The rotation, starting with whoever is up now.
    public var rotationOrder: [String] {
        (0..<rotation.count).compactMap { rotationMember(at: generation + $0) }
    }

    /// The next due time from the rule, the completions and the pause:
    /// - fixed: the first time the schedule falls due after what the latest completion covered
    ///   (the occurrence it was done for, or the time it was done, whichever is later), or at or
    ///   after the schedule's start and the last resumption;
    /// - from completions: one interval after the latest completion (by when it was done, not
    ///   when it arrived), or the schedule's start; never before the last resumption.
    var computedNextDue: Int64 {
        let base = max(schedule.start, resumedAt ?? schedule.start)
        if schedule.fixed {
            let covered = completions.map { max($0.due ?? $0.at, $0.at) }.max()
            if let covered, covered >= base { return schedule.first(after: covered) }
            return schedule.first(onOrAfter: base)
        }
        var due = completions.first.map { schedule.next(afterCompletion: $0.at) } ?? schedule.first(onOrAfter: schedule.start)
        if let resumedAt { due = max(due, schedule.first(onOrAfter: resumedAt)) }
        return due
    }
}
