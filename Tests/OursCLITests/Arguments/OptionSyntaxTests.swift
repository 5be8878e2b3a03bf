import Testing

@testable import OursCLI

/// How options and words are read, independent of which command they belong to.
@Suite struct OptionSyntaxTests {
    /// `--x v` and `--x=v` must mean the same for every kind of value.
    @Test(arguments: [
        ("join ABC --folder /f --name Robin", "join ABC --folder=/f --name=Robin"),
        ("invite --expires 7d --uses 2", "invite --expires=7d --uses=2"),
        (
            "recipe add P --ingredient 'a b' --servings 2",
            "recipe add P --ingredient='a b' --servings=2"
        ),
        ("export --format json --out x", "export --format=json --out=x"),
        ("--household Home --home /h sync", "--household=Home --home=/h sync"),
        ("plan 2025-03-14 dinner x", "plan 2025-03-14 dinner x"),
    ])
    func spaceAndEqualsAreTheSame(spaced: String, joined: String) throws {
        #expect(try parse(spaced) == parse(joined))
    }

    @Test func equalsSplitsAtTheFirstEqualsSign() {
        #expect(
            command("add x --note a=b=c")
                == .success(
                    .run(AddCommand(items: ["x"], list: nil, qty: nil, category: nil, note: "a=b=c"))))
        #expect(
            command("add x --note=a=b")
                == .success(
                    .run(AddCommand(items: ["x"], list: nil, qty: nil, category: nil, note: "a=b"))))
    }

    @Test func repeatedOptionsKeepTheirOrder() {
        #expect(
            command("recipe add Soup -i leeks --ingredient stock --ingredient=salt")
                == .success(
                    .run(
                        RecipeAddCommand(
                            name: "Soup", ingredients: ["leeks", "stock", "salt"], steps: [], servings: nil,
                            sameTitle: .refuse))))
    }

    @Test func repeatedFlagsAreHarmless() {
        #expect(command("doctor --fix --fix") == .success(.run(DoctorCommand(fix: true))))
    }

    @Test func optionsAndWordsInterleave() {
        #expect(
            command("add --list G milk --qty 2 eggs")
                == .success(
                    .run(AddCommand(items: ["milk", "eggs"], list: "G", qty: "2", category: nil, note: nil))))
    }

    @Test(arguments: [
        ("add -- -milk --list", ["-milk", "--list"]),
        ("add milk -- --json -h", ["milk", "--json", "-h"]),
        ("add -- --", ["--"]),
        ("add -- milk", ["milk"]),
    ])
    func doubleDashEndsOptions(line: String, items: [String]) throws {
        let invocation = try parse(line)
        #expect(
            invocation.action == .run(AddCommand(items: items, list: nil, qty: nil, category: nil, note: nil)))
        #expect(invocation.globals == GlobalOptions())
    }

    @Test func doubleDashStillAllowsOptionsBeforeIt() {
        #expect(
            command("record put item --fields '{}' -- -id-")
                == .success(
                    .run(RecordPutCommand(type: "item", id: "-id-", fields: "{}"))))
    }

    /// A lone dash means standard input and numbers may be negative, so neither is an option.
    @Test func dashAndNumbersAreValues() {
        #expect(command("record import item -") == .success(.run(RecordImportCommand(type: "item", file: "-"))))
        #expect(
            command("add -3 --qty -1.5")
                == .success(
                    .run(AddCommand(items: ["-3"], list: nil, qty: "-1.5", category: nil, note: nil))))
    }

    @Test func emptyValuesArePassedThrough() {
        #expect(
            command("add x --note ''")
                == .success(
                    .run(AddCommand(items: ["x"], list: nil, qty: nil, category: nil, note: ""))))
        #expect(
            command("add x --note=")
                == .success(
                    .run(AddCommand(items: ["x"], list: nil, qty: nil, category: nil, note: ""))))
    }

    @Test func shortFormsMatchLongForms() throws {
        #expect(try parse("members remove Alex -y") == parse("members remove Alex --yes"))
        #expect(try parse("check milk -l G") == parse("check milk --list G"))
        #expect(try parse("export -o f") == parse("export --out f"))
        #expect(try parse("recipe add P -i x") == parse("recipe add P --ingredient x"))
    }
}
