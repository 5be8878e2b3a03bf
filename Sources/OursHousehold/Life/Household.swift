import Foundation
import OursSync

/// The household's everyday life — shopping lists, recipes, the meal plan, chores, tasks and
/// memories — as typed records on top of an engine `Zone`.
///
/// Things with a natural key get a semantic id (`SemanticID`), so the same list, item,
/// category, recipe, planned meal, chore or task created on two devices offline is one record
/// once they sync. Frequent commands (adding and ticking items) read only the records they
/// touch, never a whole record type.
public struct Household: Sendable {
    /// The engine's household (or the device's private data) it reads and writes.
    public let zone: Zone
    /// The time zone that decides what "today" and "this week" are.
    public let timeZone: TimeZone

    /// The household's life in `zone`, with "today" in `timeZone`.
    public init(_ zone: Zone, timeZone: TimeZone = .current) {
        self.zone = zone
        self.timeZone = timeZone
    }

    /// Now, from the device's clock (a test's clock in tests), in milliseconds since 1970 (UTC).
    public var nowMillis: Int64 { zone.device.clock.nowMillis() }

    /// The day it is now in `timeZone`.
    public var today: CalendarDay { CalendarDay(millis: nowMillis, timeZone: timeZone) }

    /// What happened to a record a call touched.
    public enum Outcome: String, Sendable {
        /// Made, or brought back after a deletion.
        case created
        /// Changed.
        case updated
        /// Was already as asked; nothing written.
        case unchanged
        /// A checked item, done task or archived list put back.
        case restored
        /// Replaced by a new version (`recipe add --force`, `plan --replace`).
        case replaced
    }

    // MARK: Records

    func key(_ type: String, _ id: String) throws(OursError) -> RecordKey {
        do { return try RecordKey(type: type, id: id) } catch { throw .usage(error.description) }
    }

    /// The record, deleted or not.
    func snapshot(_ type: String, _ id: String) throws(OursError) -> RecordSnapshot? {
        try zone.get(key(type, id))
    }

    /// The record unless it is deleted.
    func live(_ type: String, _ id: String) throws(OursError) -> RecordSnapshot? {
        guard let snapshot = try snapshot(type, id), !snapshot.isDeleted else { return nil }
        return snapshot
    }

    func all(_ type: String) throws(OursError) -> [RecordSnapshot] { try zone.list(type: type) }

    @discardableResult
    func write(_ type: String, _ id: String, _ fields: [String: JSONValue?]) throws(OursError) -> RecordKey {
        try zone.put(type: type, id: id, fields: fields)
    }

    /// The participant this device acts for (`addedBy`, `checkedBy`, `doneBy`).
    func me() throws(OursError) -> String { try zone.device.requireIdentity().participantID }

    func instant(_ millis: Int64) -> JSONValue { .string(UTCTime.iso8601(millis: millis)) }

    /// A name people typed, tidied; refuses an empty one.
    static func cleanName(_ text: String, what: String) throws(OursError) -> String {
        let name = NameKey.display(text)
        guard !name.isEmpty else { throw .usage("the \(what) needs a name") }
        return name
    }

    /// Field removals for `names` that `existing` holds, so nothing writes a removal of a
    /// field the record never had.
    static func clearing(_ names: [String], in existing: RecordSnapshot?) -> [String: JSONValue?] {
        var result: [String: JSONValue?] = [:]
        for name in names where existing?.values[name] != nil { result.updateValue(nil, forKey: name) }
        return result
    }
}

extension Household {
    /// `Tue 2025-03-18 10:00` in this household life's time zone.
    package func localTime(_ millis: Int64) -> String {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(millis) / 1000))) * 1000
        let text = UTCTime.iso8601(millis: millis + offset)
        let day = CalendarDay(millis: millis, timeZone: timeZone)
        return String(day.weekdayName.prefix(3)) + " " + String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }
}
