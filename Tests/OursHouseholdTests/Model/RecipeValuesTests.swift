import OursHousehold
import Testing

@testable import OursHousehold

/// Order keys, title keys and durations: the small values recipes are made of.
@Suite struct RecipeValuesTests {
    @Test func orderKeysSortBetweenTheirNeighbours() {
        let spread = OrderKey.spread(40)
        #expect(spread == spread.sorted())
        #expect(Set(spread).count == 40)
        #expect(spread.allSatisfy { !$0.hasSuffix("0") && $0.count <= 2 })
        var keys = ["h"]
        // Inserting again and again at the front, at the back and in the middle stays ordered.
        for round in 0..<200 {
            switch round % 3 {
            case 0: keys.insert(OrderKey.between(nil, keys[0]), at: 0)
            case 1: keys.append(OrderKey.between(keys.last, nil))
            default:
                let index = keys.count / 2
                keys.insert(OrderKey.between(keys[index - 1], keys[index]), at: index)
            }
        }
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == keys.count)
        #expect(OrderKey.between("a", "b") > "a")
        #expect(OrderKey.between("a", "b") < "b")
        #expect(OrderKey.between("a", "a1") < "a1")
        #expect(OrderKey.between("z", "a") > "z", "bounds in the wrong order give a key after the lower one")
        #expect(OrderKey.between(nil, nil).count == 1)
    }

    @Test(arguments: [
        ("Banana Bread!", "bananabread"), ("banana bread", "bananabread"), ("Banana-Bread", "bananabread"),
        ("Crème brûlée", "cremebrulee"), ("Mom's Chili", "momschili"), ("焗饭", "焗饭"), ("Pancakes (v2)", "pancakesv2"),
    ])
    func titleKeys(_ title: String, _ key: String) {
        #expect(RecipeTitle.key(title) == key)
    }

    @Test func sameTitle() {
        #expect(RecipeTitle.same("Banana Bread!", "banana  bread"))
        #expect(!RecipeTitle.same("Banana Bread", "Banana Cake"))
        #expect(!RecipeTitle.same("!!!", "???"), "titles of punctuation only are never the same")
    }

    @Test(arguments: [
        ("PT25M", "25 min", "PT25M"), ("PT1H30M", "1 h 30 min", "PT1H30M"), ("PT90M", "1 h 30 min", "PT1H30M"),
        ("PT0H25M0S", "25 min", "PT25M"), ("P1DT2H", "1 day 2 h", "P1DT2H"), ("PT1H", "1 h", "PT1H"), ("PT0S", "0 min", "PT0M"),
        ("PT1.5H", "1 h 30 min", "PT1H30M"), ("25m", "25 min", "PT25M"), ("25 min", "25 min", "PT25M"),
        ("1h30m", "1 h 30 min", "PT1H30M"), ("1 h 30", "1 h 30 min", "PT1H30M"), ("2 hours", "2 h", "PT2H"),
        ("90", "1 h 30 min", "PT1H30M"),
        ("3 days", "3 days", "P3D"),
    ])
    func durations(_ text: String, _ spoken: String, _ iso: String) throws {
        let duration = try #require(RecipeDuration(text))
        #expect(duration.description == spoken)
        #expect(duration.iso8601 == iso)
        #expect(RecipeDuration(iso) == duration)
    }

    @Test(arguments: ["", "soon", "PT", "P1H", "25 parsecs", "h30", "PT99999999H", "1h 30 min 20 days extra"])
    func notDurations(_ text: String) {
        #expect(RecipeDuration(text) == nil)
    }

    @Test func storedTextsThatAreNotDurationsAreShownAsTheyAre() {
        #expect(RecipeDuration.spoken("PT25M") == "25 min")
        #expect(RecipeDuration.spoken("about an hour") == "about an hour")
    }
}
