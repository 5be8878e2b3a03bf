import Testing

@testable import OursCLI

/// `ours watch` names the fields a change touched as people read them.
@Suite struct WatchFieldNameTests {
    @Test func aFieldKeptAsEntriesOfOneNameIsNamedOnce() {
        let fields = [
            "log.2026-11-28T17:45:50.979Z-0000-9f2btpa0", "lastDoneBy", "log.2026-11-29T08:00:00.000Z-0000-9f2btpa0", "qty",
        ]
        #expect(WatchOutput.fieldNames(fields) == "log, lastDoneBy, qty")
        #expect(WatchOutput.fieldNames(["name"]) == "name")
    }
}
