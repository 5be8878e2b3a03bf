import Testing

@testable import OursSync

/// `sync-state.json` keeps each problem without its cause (the failed file operation). A pass
/// compares what it found with what the last one stored: an idle watcher writes nothing when
/// they are the same, and a quick pass adds a stored problem it could not see again only when
/// it did not find it itself. Both need a problem with a cause to equal its stored form.
@Suite("Problems as sync-state.json stores them")
struct StoredProblemTests {
    @Test func aProblemWithACauseEqualsItsStoredForm() throws {
        let cause = FileSystemError("read", "/shared/home/records/item/ab/milk.json", .permissionDenied, errno: 13)
        let found = Problem(.unreadableFile, path: "home/records/item/ab/milk.json", "cannot read it", cause: cause)
        let stored = try #require(Problem(json: found.json))
        #expect(stored.cause == nil, "the stored form keeps no cause")
        #expect(stored == found)
        #expect(Set([found]).contains(stored))
        var state = SyncState()
        state.problems = [found]
        let reader = try JSONObjectReader(JSONWriter.pretty(.object(state.document)), path: "sync-state.json")
        #expect(SyncState(reading: reader).problems == [found])
    }
}
