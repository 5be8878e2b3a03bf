import OursHousehold
import OursSync

/// Makes a household's records as years of use would leave them: lists, categories, items
/// (most of them ticked off long ago), recipes with ingredients and steps, tasks. Each record is
/// written by the library's own merge state (`RecordState.write`) with stamps from the real
/// clock, spread over the past year, so files are byte for byte what devices write.
struct Generator {
    let device: DeviceID
    let participant: String
    let nowMillis: Int64
    var random: SplitMix64

    /// The list items go on when a command names none.
    static let listNames = [
        "Groceries", "Hardware", "Pharmacy", "Party", "Camping", "Baby", "Garden", "Christmas", "Costco", "Farmers market",
        "Office", "Pets", "Baking", "BBQ", "Holiday", "Weekly shop", "Bulk", "Car", "School", "Birthday",
    ]
    static let categories = [
        "Dairy", "Produce", "Bakery", "Meat", "Fish", "Frozen", "Drinks", "Snacks", "Household", "Toiletries", "Baby",
        "Pets", "Spices", "Tins", "Pasta & rice", "Breakfast", "Baking", "Deli", "Sauces", "World food", "Health",
        "Garden", "Hardware", "Stationery", "Alcohol",
    ]
    static let products = [
        "milk", "eggs", "bread", "butter", "cheese", "yoghurt", "apples", "bananas", "oranges", "lemons", "limes",
        "grapes", "strawberries", "blueberries", "tomatoes", "potatoes", "onions", "garlic", "carrots", "peppers",
        "cucumber", "lettuce", "spinach", "broccoli", "cauliflower", "mushrooms", "courgettes", "leeks", "celery", "ginger",
        "chicken thighs", "chicken breasts", "mince", "sausages", "bacon", "ham", "salmon", "cod", "prawns", "tuna",
        "rice", "pasta", "spaghetti", "noodles", "couscous", "oats", "cornflakes", "granola", "flour", "sugar", "honey",
        "jam", "peanut butter", "olive oil", "vinegar", "soy sauce", "ketchup", "mayonnaise", "mustard", "stock cubes",
        "chopped tomatoes", "chickpeas", "lentils", "kidney beans", "baked beans", "coconut milk", "coffee", "tea",
        "orange juice", "sparkling water", "beer", "wine", "crisps", "biscuits", "chocolate", "ice cream", "peas",
        "sweetcorn", "pizza", "fish fingers", "toilet roll", "kitchen roll", "bin bags", "washing-up liquid",
        "dishwasher tablets", "laundry pods", "sponges", "foil", "cling film", "shampoo", "conditioner", "toothpaste",
        "soap", "deodorant", "razors", "plasters", "paracetamol", "nappies", "wipes", "cat food", "dog food", "cat litter",
        "batteries", "light bulbs", "candles", "matches", "screws", "wood glue", "sandpaper", "compost", "seeds",
        "birthday cards", "wrapping paper", "sellotape", "envelopes", "stamps", "charcoal", "firelighters", "ice",
    ]
    static let variants = [
        "", "organic", "oat", "whole", "semi-skimmed", "smoked", "frozen", "large", "small", "free-range", "wholemeal",
        "sourdough", "low-fat", "spicy", "unsalted", "salted", "red", "green", "baby", "cherry", "extra virgin", "dark",
        "white", "brown", "fresh", "dried", "tinned", "sliced", "grated", "mature", "mild", "greek", "vegan", "gluten-free",
        "family pack", "value", "premium", "mini", "jumbo", "reduced",
    ]
    static let brands = [
        "", "Tesco", "Lidl", "Aldi", "Waitrose", "M&S", "Co-op", "Sainsbury's", "Heinz", "Kellogg's", "Cathedral City",
        "Yeo Valley", "Warburtons", "Hovis", "Alpro",
    ]
    static let quantities = ["2", "1", "6", "12", "1 kg", "500 g", "250 g", "2 l", "1 l", "4 pints", "1 dozen", "2 packs", "3"]
    static let notes = ["the one on offer", "ask Mike which brand", "for Saturday", "big pack", "not the spicy one", "if cheap"]
    static let dishes = [
        "lentil soup", "pancakes", "lasagne", "chilli", "curry", "risotto", "stir fry", "shepherd's pie", "fish pie",
        "tacos", "burritos", "pad thai", "ramen", "carbonara", "bolognese", "roast chicken", "tagine", "stew", "salad",
        "frittata", "quiche", "banana bread", "brownies", "flapjacks", "scones", "crumble", "cheesecake", "dal", "paella",
        "gnocchi",
    ]
    static let dishVariants = ["", "quick", "spicy", "vegan", "easy", "weekend", "grandma's", "one-pot", "healthy", "smoky"]
    static let steps = [
        "Preheat the oven to 200°C.", "Chop the onions and garlic.", "Fry gently for five minutes until soft.",
        "Add the rest and bring to the boil.", "Simmer for twenty minutes, stirring now and then.",
        "Season to taste and serve hot.", "Mix the dry ingredients in a large bowl.", "Bake for 25 minutes until golden.",
    ]
    static let tasks = [
        "Fix the tap", "Paint the fence", "Renew car insurance", "Book dentist", "Clear the gutters", "Call the plumber",
        "Sort the loft", "Return library books", "Service the boiler", "Replace smoke alarm battery", "Plan summer holiday",
    ]

    init(device: DeviceID, participant: String, nowMillis: Int64, seed: UInt64) {
        self.device = device
        self.participant = participant
        self.nowMillis = nowMillis
        random = SplitMix64(seed: seed)
    }

    /// How many records of each type a household of `size` records holds.
    static func mix(size: Int) -> [(type: String, count: Int)] {
        let lists = min(listNames.count, max(3, size / 5_000))
        let categories = min(self.categories.count, max(5, size / 4_000))
        let recipes = size * 8 / 100
        let tasks = size * 4 / 100
        let items = size - lists - categories - recipes - tasks
        return [
            (RecordTypes.list, lists), (RecordTypes.category, categories), (RecordTypes.item, items),
            (RecordTypes.recipe, recipes), (RecordTypes.task, tasks),
        ]
    }

    /// Every record of a household of `size` records, in a fixed order.
    mutating func records(size: Int, visit: (RecordState) throws -> Void) rethrows {
        let mix = Dictionary(uniqueKeysWithValues: Generator.mix(size: size).map { ($0.type, $0.count) })
        let lists = Generator.listNames.prefix(mix[RecordTypes.list]!).map { SemanticID.list(named: $0) }
        for name in Generator.listNames.prefix(lists.count) {
            try visit(record(RecordTypes.list, SemanticID.list(named: name), ["name": .string(name), "archived": false]))
        }
        for name in Generator.categories.prefix(mix[RecordTypes.category]!) {
            try visit(record(RecordTypes.category, SemanticID.category(named: name), ["name": .string(name)]))
        }
        for index in 0..<mix[RecordTypes.item]! {
            let listID = lists[index % lists.count]
            let name = Generator.itemName(index / lists.count)
            var fields: [String: JSONValue?] = ["name": .string(name), "list": .string(listID), "checked": false]
            if random.chance(0.5) { fields["qty"] = .string(random.pick(Generator.quantities)) }
            if random.chance(0.6) { fields["category"] = .string(random.pick(Generator.categories)) }
            if random.chance(0.1) { fields["note"] = .string(random.pick(Generator.notes)) }
            // Years of shopping: most items were bought (ticked) some time after being added.
            let checked: [String: JSONValue?]? =
                random.chance(0.7) ? ["checked": true, "checkedBy": .string(participant)] : nil
            try visit(record(RecordTypes.item, SemanticID.item(named: name, onList: listID), fields, then: checked))
        }
        for index in 0..<mix[RecordTypes.recipe]! {
            let name = Generator.numbered(index, Generator.dishVariants, Generator.dishes)
            let ingredients = (0..<random.int(in: 4...10)).map { _ in
                Ingredient(parsing: random.pick(Generator.quantities) + " " + random.pick(Generator.products)).json
            }
            let steps = (0..<random.int(in: 3...6)).map { _ in JSONValue.string(random.pick(Generator.steps)) }
            let fields: [String: JSONValue?] = [
                "name": .string(name), "ingredients": .array(ingredients), "servings": JSONValue(random.int(in: 2...6)),
                "steps": .array(steps), "favorite": .bool(random.chance(0.1)),
            ]
            try visit(record(RecordTypes.recipe, SemanticID.recipe(named: name), fields))
        }
        for index in 0..<mix[RecordTypes.task]! {
            let name = Generator.numbered(index, [""], Generator.tasks)
            let project = random.pick(["Home", "Garden", "Car", "Admin"])
            let fields: [String: JSONValue?] = [
                "name": .string(name), "project": .string(project), "done": false, "priority": JSONValue(random.int(in: 1...3)),
            ]
            let done: [String: JSONValue?]? = random.chance(0.8) ? ["done": true, "doneBy": .string(participant)] : nil
            try visit(record(RecordTypes.task, SemanticID.task(named: name, project: project), fields, then: done))
        }
    }

    /// A record written once (`fields`), and possibly changed later (`then`), by this device.
    private mutating func record(
        _ type: String, _ id: String, _ fields: [String: JSONValue?], then later: [String: JSONValue?]? = nil
    ) -> RecordState {
        var state = RecordState(key: try! RecordKey(type: type, id: id))
        let year: Int64 = 365 * 86_400_000
        let created = nowMillis - 3_600_000 - random.int64(below: year)
        state.write(fields, at: Stamp(millis: created, counter: UInt16(random.int64(below: 16)), device: device))
        if var later {
            let changed = min(nowMillis - 60_000, created + 60_000 + random.int64(below: 7 * 86_400_000))
            for name in ["checkedBy", "doneBy"] where later[name] != nil {
                later[String(name.dropLast(2)) + "At"] = .string(UTCTime.iso8601(millis: changed))
            }
            state.write(later, at: Stamp(millis: changed, device: device))
        }
        return state
    }

    /// The `n`th distinct item name: `oat milk`, `Lidl frozen peas`; numbered past the vocabulary.
    static func itemName(_ n: Int) -> String {
        let product = products[n % products.count]
        let variant = variants[(n / products.count) % variants.count]
        let brandIndex = n / (products.count * variants.count)
        let brand = brands[brandIndex % brands.count]
        var words = [brand, variant, product].filter { !$0.isEmpty }
        if brandIndex >= brands.count { words.append(String(brandIndex / brands.count + 1)) }
        let name = words.joined(separator: " ")
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    static func numbered(_ n: Int, _ first: [String], _ second: [String]) -> String {
        let base = [first[(n / second.count) % first.count], second[n % second.count]].filter { !$0.isEmpty }
        let round = n / (first.count * second.count)
        let name = (base + (round > 0 ? [String(round + 1)] : [])).joined(separator: " ")
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// A small, fast, seeded generator (Steele, Lea and Flood's SplitMix64): the same seed makes
/// the same household.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    mutating func int64(below bound: Int64) -> Int64 { Int64(next() % UInt64(bound)) }
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
