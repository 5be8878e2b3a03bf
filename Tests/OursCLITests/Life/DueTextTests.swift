import Testing

@testable import OursCLI

@Suite struct DueTextTests {
    static let minute: Int64 = 60_000
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour
    static let cases: [(Int64, String)] = [
        (0, "now"), (30_000, "now"), (5 * minute, "in 5m"), (50 * minute, "in 1h"), (5 * hour, "in 5h"),
        (23 * hour + 59 * minute, "in 1d"), (3 * day, "in 3d"), (-2 * day, "2d ago"), (-90 * minute, "2h ago"),
    ]

    @Test(arguments: cases)
    func due(_ delta: Int64, _ text: String) {
        #expect(DueText.phrase(1_000_000_000_000 + delta, now: 1_000_000_000_000) == text)
    }
}
