import Foundation
import OursSync

/// A memory the household keeps for someone — a grandchild's first steps, a day at the sea:
/// `memory` records.
///
/// Fields: `name` (the title: every record's human label is `name`; a `title` field another
/// app wrote is read when `name` is missing), `note`, `date` (`yyyy-MM-dd`, the day it
/// happened), `for` (who it is for: a member's participant id, or for someone who is not a
/// member — a grandchild too young to have a device — their name as typed), `forName` (beside
/// a participant id in `for`, that member's name when it was written), `addedAt` (an ISO 8601
/// instant) and `addedBy` (a participant id). A memory's id is random, as a recipe's
/// is: a memory is someone's writing, not a name, so two memories of one title written on two
/// devices offline stay two memories instead of fusing one's note with the other's.
///
/// Each of these fields may be missing (a hand edit, another app): a memory needs only its
/// title. A `date` that is no day is read as none.
///
/// `photos` is an array of attachment references (docs/FORMAT.md, "Attachments"): the pictures
/// kept with it, each a file beside the household's records. Anything else in the array is
/// skipped.
///
/// More is meant to come as more fields beside these, so memories written now read unchanged
/// later: a release day before which the one it is for cannot open it. A memory without one
/// is open.
public struct Memory: Sendable, Hashable, Codable, Identifiable {
    /// The record's id: random, made when the memory was added.
    public let id: String
    /// What it is called: `First steps`.
    public var title: String
    /// What someone wrote about it.
    public var note: String?
    /// The day it happened, a calendar day with no time zone; `nil` when none was given.
    public var date: CalendarDay?
    /// Who it is for, as the `for` field holds it: a member's participant id, or a name as
    /// typed (`Lily`) for someone who is not a member; `nil` when it is for everyone.
    /// `recipientName(among:)` gives the name to show.
    public var recipient: String?
    /// Beside a participant id in `recipient`, that member's name when it was written (the
    /// `forName` field): the name shown where the member is not known — in a household an
    /// export was imported into, on a device that has not yet learnt that they joined.
    public var recipientName: String?
    /// When it was added, an ISO 8601 UTC instant (`addedDate` as a `Date`).
    public var addedAt: String?
    /// Who added it: a participant id.
    public var addedBy: String?
    /// The pictures kept with it, in the order they were added.
    public var photos: [AttachmentRef]

    /// A memory with these values (for previews and tests: `Household.addMemory` adds memories).
    public init(
        id: String, title: String, note: String? = nil, date: CalendarDay? = nil, recipient: String? = nil,
        recipientName: String? = nil, addedAt: String? = nil, addedBy: String? = nil, photos: [AttachmentRef] = []
    ) {
        self.id = id
        self.title = title
        self.note = note
        self.date = date
        self.recipient = recipient
        self.recipientName = recipientName
        self.addedAt = addedAt
        self.addedBy = addedBy
        self.photos = photos
    }

    /// - Returns: `nil` for a record of another type, or one without a title.
    init?(_ snapshot: RecordSnapshot) {
        let values = snapshot.values
        guard snapshot.key.type == RecordTypes.memory, let title = snapshot.name ?? values["title"]?.stringValue else {
            return nil
        }
        self.init(
            id: snapshot.key.id, title: title, note: values["note"]?.stringValue,
            date: values["date"]?.stringValue.flatMap(CalendarDay.init), recipient: values["for"]?.stringValue,
            recipientName: values["forName"]?.stringValue, addedAt: values["addedAt"]?.stringValue,
            addedBy: values["addedBy"]?.stringValue, photos: AttachmentRef.photos(in: values["photos"]))
    }

    /// The name to show for whom it is for: the member's name for their participant id, else
    /// the name written beside it, else `recipient` itself (a name); `nil` when it is for everyone.
    public func recipientName(among members: [Member]) -> String? {
        guard let recipient else { return nil }
        return members.first { $0.id == recipient }?.name ?? recipientName ?? recipient
    }

    /// The day it belongs to in a timeline: the day it happened, else the day it was added (in
    /// `timeZone`'s calendar); `nil` when neither is known.
    func timelineDay(in timeZone: TimeZone) -> CalendarDay? {
        date ?? addedAt.flatMap(UTCTime.parseISO8601).map { CalendarDay(millis: $0, timeZone: timeZone) }
    }

    /// The latest first: by `timelineDay(in:)` (unknown last), then when it was added, then title and id.
    static func newestFirst(_ memories: [Memory], timeZone: TimeZone) -> [Memory] {
        let keys = memories.map { (day: $0.timelineDay(in: timeZone)?.dayNumber ?? .min, added: $0.addedAt ?? "") }
        let byName = NameKey.sortedByName(Array(memories.indices), name: { memories[$0].title }, id: { memories[$0].id })
        let rank = Dictionary(uniqueKeysWithValues: byName.enumerated().map { ($1, $0) })
        return memories.indices.sorted { a, b in
            if keys[a].day != keys[b].day { return keys[a].day > keys[b].day }
            if keys[a].added != keys[b].added { return keys[a].added > keys[b].added }
            return rank[a]! < rank[b]!
        }
        .map { memories[$0] }
    }

    /// Reads the day a memory happened as people type it: `yyyy-MM-dd`, `today`, `yesterday`,
    /// or a weekday name (`saturday`, `sat`: the latest such day, today included — a memory is
    /// of a day that has been).
    /// - Throws: `.usage` quoting the text.
    package static func day(parsing text: String, today: CalendarDay) throws(OursError) -> CalendarDay {
        let word = text.trimmingWhitespace.lowercased()
        if let day = CalendarDay(word) { return day }
        switch word {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if word.count >= 3, let index = CalendarDay.weekdayNames.firstIndex(where: { $0.lowercased().hasPrefix(word) }) {
            return today.adding(days: -((today.weekday - (index + 1) + 7) % 7))
        }
        throw .usage(
            "--date \"\(text)\" is not a day",
            hint: "Use YYYY-MM-DD (such as \(today)), today, yesterday, or a weekday such as saturday (the latest one).")
    }

    /// `{"id", "name", "note"?, "date"?, "for"?, "forName"?, "addedAt"?, "addedBy"?,
    /// "addedByName"?, "photos"?}`: `photos` the references as stored; `name` is the title, as every listing names its records; `for` is the
    /// field as stored, `forName` the name to show (`recipientName(among:)`).
    package func json(members: [Member]) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "name": .string(title)]
        if let note { object["note"] = .string(note) }
        if let date { object["date"] = .string(date.description) }
        if let recipient { object["for"] = .string(recipient) }
        if let name = recipientName(among: members) { object["forName"] = .string(name) }
        if let addedAt { object["addedAt"] = .string(addedAt) }
        if let addedBy {
            object["addedBy"] = .string(addedBy)
            if let member = members.first(where: { $0.id == addedBy }) { object["addedByName"] = .string(member.name) }
        }
        if !photos.isEmpty { object["photos"] = .array(photos.map(\.json)) }
        return .object(object)
    }
}
