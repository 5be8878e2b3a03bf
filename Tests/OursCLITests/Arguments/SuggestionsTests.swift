import OursCLI
import Testing

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("same", "same", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("sycn", "sync", 1),
        ("feilds", "fields", 1),
        ("ab", "ba", 1),
        ("kitten", "sitting", 3),
        ("household", "househld", 1),
        ("ca", "abc", 3),
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(Suggestions.distance(a, b) == expected)
        #expect(Suggestions.distance(b, a) == expected)
    }

    @Test(arguments: [
        ("sycn", ["status", "sync", "share"], ["sync"]),
        ("lis", ["add", "list", "lists"], ["list", "lists"]),
        ("xyz", ["sync", "status"], []),
        ("", ["sync"], []),
        ("SYNC", ["sync"], ["sync"]),
        ("rm", ["rm2", "rmx", "rmy", "rmz"], ["rm2", "rmx", "rmy"]),
        ("ingr", ["ingredient", "servings"], ["ingredient"]),
        ("dinnr", ["dinner", "dinner"], ["dinner"]),
    ])
    func closest(word: String, candidates: [String], expected: [String]) {
        #expect(Suggestions.closest(to: word, among: candidates) == expected)
    }

    /// Longer words tolerate more typos; short ones would otherwise match nearly anything.
    @Test func thresholdGrowsWithLength() {
        #expect(Suggestions.closest(to: "ab", among: ["xy"]) == [])
        #expect(Suggestions.closest(to: "hosehld", among: ["household"]) == ["household"])
        #expect(Suggestions.closest(to: "hsehld", among: ["household"]) == [])
    }
}
