import Foundation
import OursSync

// The times and places of household values as Foundation types, for apps: the stored forms
// (milliseconds since 1970, ISO 8601 texts, URL texts) stay what the records and `--json`
// hold; these read them.

extension Date {
    /// The instant `millis` milliseconds after 1970 (UTC).
    init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }

    /// The instant an ISO 8601 text of a record names; `nil` for one that names none.
    init?(iso8601 text: String?) {
        guard let text, let millis = UTCTime.parseISO8601(text) else { return nil }
        self.init(millis: millis)
    }
}

extension GroceryItem {
    /// When it was ticked off, while it is.
    public var checkedDate: Date? { Date(iso8601: checkedAt) }
    /// When it was first put on the list.
    public var addedDate: Date? { Date(iso8601: addedAt) }
}

extension ItemEvent {
    /// When it happened.
    public var date: Date? { Date(iso8601: at) }
}

extension HouseholdTask {
    /// When it was marked done, while it is.
    public var doneDate: Date? { Date(iso8601: doneAt) }
}

extension Memory {
    /// When it was added.
    public var addedDate: Date? { Date(iso8601: addedAt) }
}

extension Chore {
    /// When it is next due.
    public var nextDueDate: Date { Date(millis: nextDue) }
    /// When it was last done.
    public var lastDoneDate: Date? { lastDone.map(Date.init(millis:)) }
}

extension ChoreCompletion {
    /// When it was done.
    public var date: Date { Date(millis: at) }
    /// When it was due, when recorded.
    public var dueDate: Date? { due.map(Date.init(millis:)) }
}

extension Recipe {
    /// Where the recipe came from, when it is a web address.
    public var sourceURL: URL? { url.flatMap(Recipe.webURL) }
    /// The recipe's picture, when it is a web address.
    public var imageURL: URL? { image.flatMap(Recipe.webURL) }
    /// When it was made, for recipes made by this version.
    public var createdDate: Date? { createdAt.map(Date.init(millis:)) }

    /// An `http` or `https` address; anything else a source wrote is not a place to go.
    static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}

extension CalendarDay {
    /// The instant the day begins in `timeZone` (its midnight, or the first moment after a
    /// daylight-saving gap).
    public func start(in timeZone: TimeZone) -> Date { Date(millis: LocalCalendar(timeZone).instant(self)) }
}
