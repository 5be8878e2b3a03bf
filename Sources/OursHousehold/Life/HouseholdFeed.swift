import Foundation
import OursSync

/// A typed change feed on top of `Watcher`: the watcher keeps the household in sync, and the
/// feed tells what changed by kind of record — the items of list X, the recipes, the chores —
/// as `HouseholdEvent`s.
///
/// ```swift
/// let feed = HouseholdFeed(household)
/// Task {
///     for await event in feed.events {
///         if case .changed(let change) = event, change.subject == .items(listID: shown.id) { reload() }
///     }
/// }
/// let end = try await feed.run()   // until feed.stop(), cancellation, or the membership ends
/// ```
///
/// Telling an item's list reads the item's record, on the library's own queue; a deleted item
/// is told by what its id says, when it says it.
public final class HouseholdFeed: Sendable {
    /// The household it follows.
    public let household: Household
    /// The watcher it runs: its `events` are the feed's to read.
    public let watcher: Watcher
    /// Every event, in order, until `run()` returns. Unbounded, like the watcher's.
    public let events: AsyncStream<HouseholdEvent>
    private let continuation: AsyncStream<HouseholdEvent>.Continuation

    /// - Parameters:
    ///   - household: the household to follow.
    ///   - watcher: the watcher to run; by default one with the default policy. The feed reads
    ///     its `events`, so nothing else should.
    public init(_ household: Household, watcher: Watcher? = nil) {
        self.household = household
        self.watcher = watcher ?? Watcher(household: household.zone)
        (events, continuation) = AsyncStream.makeStream(of: HouseholdEvent.self, bufferingPolicy: .unbounded)
    }

    /// Runs the watcher and publishes what it says, typed, until `stop()`, cancellation, or the
    /// end of the membership; `events` finishes on return, after every event was published.
    /// - Throws: what `Watcher.run()` throws.
    public func run() async throws(OursError) -> WatchEnd {
        let translating = Task { [watcher, household, continuation] in
            for await event in watcher.events {
                for typed in await HouseholdFeed.translate(event, in: household) { continuation.yield(typed) }
            }
        }
        let end: Result<WatchEnd, OursError>
        do { end = .success(try await watcher.run()) } catch { end = .failure(error) }
        await translating.value
        continuation.finish()
        return try end.get()
    }

    /// Asks `run()` to return (see `Watcher.stop()`).
    public func stop() { watcher.stop() }

    /// One watcher event as the feed's events.
    static func translate(_ event: WatchEvent, in household: Household) async -> [HouseholdEvent] {
        guard case .changes(let set) = event else { return [.watch(event)] }
        var result: [HouseholdEvent] = []
        if !set.changes.isEmpty {
            let lists = await itemLists(set.changes, in: household)
            result += group(set, lists: lists).map(HouseholdEvent.changed)
        }
        if !set.isComplete {
            let subjects = Set(set.unlistedTypes.map(HouseholdChange.Subject.init(type:)))
            result.append(.reload(set.unlisted == nil ? [] : subjects))
        }
        return result
    }

    /// The changes by subject, subjects in the order they first changed.
    static func group(_ set: ChangeSet, lists: [String: String]) -> [HouseholdChange] {
        var order: [HouseholdChange.Subject] = []
        var bySubject: [HouseholdChange.Subject: [RecordChange]] = [:]
        for change in set.changes {
            var subject = HouseholdChange.Subject(type: change.key.type)
            if change.key.type == RecordTypes.item { subject = .items(listID: lists[change.key.id]) }
            if bySubject[subject] == nil { order.append(subject) }
            bySubject[subject, default: []].append(change)
        }
        let date = Date(timeIntervalSince1970: Double(set.at) / 1000)
        return order.map { HouseholdChange(subject: $0, records: bySubject[$0] ?? [], origin: set.origin, date: date) }
    }

    /// The list of each changed item that can be told: a live item's `list` field; for a
    /// deleted one, or one that cannot be read just now, the list its id was made on. One item
    /// that fails to read never leaves the others untold.
    static func itemLists(_ changes: [RecordChange], in household: Household) async -> [String: String] {
        let ids = changes.filter { $0.key.type == RecordTypes.item }.map(\.key.id)
        guard !ids.isEmpty else { return [:] }
        return await household.perform { household -> [String: String] in
            var result: [String: String] = [:]
            var byTag: [Substring: String]?
            for id in ids where result[id] == nil {
                if let item = try? household.item(id: id) {
                    result[id] = item.listID
                } else if let tag = SemanticID.listTag(ofItemID: id) {
                    if byTag == nil {
                        let lists = (try? household.zone.list(type: RecordTypes.list).map(\.key.id)) ?? []
                        byTag = Dictionary(lists.map { (Substring(SemanticID.listTag($0)), $0) }) { first, _ in first }
                    }
                    result[id] = byTag?[tag]
                }
            }
            return result
        }
    }
}
