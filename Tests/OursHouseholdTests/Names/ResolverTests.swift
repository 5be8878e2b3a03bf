import OursSync
import Testing

@testable import OursHousehold

/// The one way commands find what a person means: an id, a name, a beginning.
@Suite struct ResolverTests {
    struct Thing: Equatable {
        var id: String
        var name: String
        var place: String?
    }

    static let things = [
        Thing(id: "buy-paint-1", name: "Buy paint", place: "Home"),
        Thing(id: "buy-paint-2", name: "Buy paint", place: "Garden Shed"),
        Thing(id: "paint-fence", name: "Paint the fence", place: "Garden Shed"),
        Thing(id: "weeknight-lasagne", name: "Weeknight Lasagne"),
    ]

    let resolver = Resolver<Thing>(
        "task", id: \.id, name: \.name, scope: .init(flag: "--project") { $0.place }, notFoundHint: "`ours tasks` lists them.")

    @Test func anIdThenANameThenABeginningThenALaterWord() throws {
        #expect(try resolver.resolve("BUY-PAINT-2", in: Self.things).place == "Garden Shed")
        #expect(try resolver.resolve("paint the FENCE", in: Self.things).id == "paint-fence")
        #expect(try resolver.resolve("  paint  the ", in: Self.things).id == "paint-fence")
        #expect(try resolver.resolve("lasagne", in: Self.things).id == "weeknight-lasagne")
        #expect(try resolver.resolve("week", in: Self.things).id == "weeknight-lasagne")
        // An exact name wins over names it begins.
        let exact = [Thing(id: "a", name: "Milk"), Thing(id: "b", name: "Milk chocolate")]
        #expect(try Resolver<Thing>("item", id: \.id, name: \.name).resolve("milk", in: exact).id == "a")
        // Accents and compatibility forms do not matter.
        let accented = [Thing(id: "j", name: "Jalapeño")]
        #expect(try Resolver<Thing>("item", id: \.id, name: \.name).resolve("JALAPENO", in: accented).id == "j")
    }

    @Test func severalMatchesListTheCandidatesAndTheOptionThatTellsThemApart() {
        let error = OursError.caught { _ = try resolver.resolve("buy paint", in: Self.things) }
        #expect(error?.kind == .usage)
        #expect(error?.message == "\"buy paint\" matches several tasks: Buy paint (Garden Shed), Buy paint (Home)")
        #expect(
            error?.hint == "Say which with --project (\"Garden Shed\", Home), or use the id: buy-paint-1, buy-paint-2.")
    }

    @Test func withoutAScopeOnlyTheIdTellsThemApart() throws {
        let plain = Resolver<Thing>("list", id: \.id, name: \.name)
        #expect(try plain.resolve("paint", in: Self.things).id == "paint-fence")
        let error = OursError.caught { _ = try plain.resolve("buy", in: Self.things) }
        #expect(error?.message == "\"buy\" matches several lists: Buy paint, Buy paint")
        // More of the name cannot tell two of one name apart.
        #expect(error?.hint == "Only the id tells them apart: buy-paint-1, buy-paint-2.")
        let milks = [Thing(id: "a", name: "Milk chocolate"), Thing(id: "b", name: "Millet")]
        #expect(OursError.caught { _ = try plain.resolve("mil", in: milks) }?.hint == "Use more of the name, or the id: a, b.")
        // A scope without an option only labels the candidates.
        let labelled = Resolver<Thing>("item", id: \.id, name: \.name, scope: .init(flag: nil) { $0.place })
        let labelledError = OursError.caught { _ = try labelled.resolve("buy", in: Self.things) }
        #expect(labelledError?.message == "\"buy\" matches several items: Buy paint (Garden Shed), Buy paint (Home)")
        #expect(labelledError?.hint == "Only the id tells them apart: buy-paint-1, buy-paint-2.")
    }

    @Test func aTypeMayCountOtherNamesAsTheSameName() throws {
        let titles = Resolver<Thing>("recipe", id: \.id, name: \.name, sameName: RecipeTitle.key)
        let recipes = [
            Thing(id: "b1", name: "Banana Bread!"), Thing(id: "b2", name: "banana-bread"), Thing(id: "p", name: "Pie"),
        ]
        #expect(titles.exactMatches("banana bread", in: recipes).map(\.id) == ["b1", "b2"])
        #expect(try titles.resolve("banana bread", in: recipes, preferring: { $0.id == "b2" }).id == "b2")
        // Punctuation alone is no title: it matches nothing by the key.
        #expect(titles.exactMatches("!!", in: recipes).isEmpty)
        let error = OursError.caught { _ = try titles.resolve("BANANA BREAD", in: recipes) }
        #expect(error?.hint == "Only the id tells them apart: b1, b2.")
    }

    @Test func resolvingExactlyTakesNoBeginningAndAnswersNilForNone() throws {
        #expect(try resolver.resolveExactly("weeknight lasagne", in: Self.things)?.id == "weeknight-lasagne")
        #expect(try resolver.resolveExactly("paint-fence", in: Self.things)?.name == "Paint the fence")
        #expect(try resolver.resolveExactly("lasagne", in: Self.things) == nil, "a later word is not the name")
        #expect(try resolver.resolveExactly("week", in: Self.things) == nil, "nor a beginning")
        #expect(OursError.caught { _ = try resolver.resolveExactly("buy paint", in: Self.things) }?.kind == .usage)
    }

    @Test func noMatchIsNotFoundWithTheHintAndAnEmptyNameIsAUsageError() {
        let missing = OursError.caught { _ = try resolver.resolve("hoover", in: Self.things) }
        #expect(missing?.kind == .notFound)
        #expect(missing?.message == "no task called \"hoover\"")
        #expect(missing?.hint == "`ours tasks` lists them.")
        #expect(OursError.caught { _ = try resolver.resolve("  ", in: Self.things) }?.kind == .usage)
        #expect(resolver.matches("nothing", in: Self.things).isEmpty)
    }

    @Test func aPreferenceSettlesSeveralMatchesOnlyWhenItLeavesOne() throws {
        #expect(try resolver.resolve("buy paint", in: Self.things, preferring: { $0.place == "Home" }).id == "buy-paint-1")
        let still = OursError.caught { _ = try resolver.resolve("buy paint", in: Self.things, preferring: { _ in true }) }
        #expect(still?.kind == .usage)
    }

    @Test func recordKindsReadTheWordsPeopleType() {
        #expect(RecordKind(word: "meal") == .meal)
        #expect(RecordKind(word: "meal-plan") == .meal)
        #expect(RecordKind(word: "Categories") == .category)
        #expect(RecordKind(word: "tasks") == .task)
        #expect(RecordKind(word: "chair") == nil)
        #expect(RecordKind.meal.recordType == "meal-plan")
    }
}
