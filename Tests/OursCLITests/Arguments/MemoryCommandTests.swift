import Testing

@testable import OursCLI

/// The memory commands, from realistic command lines.
@Suite struct MemoryCommandTests {
    /// Their paths, beyond the first contract: memories kept for someone, as GrandparentMemories kept them.
    static let paths: [[String]] = [
        ["memory", "add"], ["memory", "show"], ["memory", "edit"], ["memory", "rm"], ["memories"],
    ]

    static let cases: [(String, ParsedInvocation.Action)] = [
        ("memory add First steps", .run(MemoryAddCommand(title: "First steps", note: nil, date: nil, person: nil))),
        (
            "memory add 'First steps' --note 'To Grandpa, three steps' --date 2019-06-02 --for Lily",
            .run(MemoryAddCommand(title: "First steps", note: "To Grandpa, three steps", date: "2019-06-02", person: "Lily"))
        ),
        (
            "memory add Sea --date=yesterday --for me",
            .run(MemoryAddCommand(title: "Sea", note: nil, date: "yesterday", person: "me"))
        ),
        (
            "memory add Sandcastle --for Lily --photo IMG_2041.jpg --photo 'Beach day.jpg'",
            .run(
                MemoryAddCommand(
                    title: "Sandcastle", note: nil, date: nil, person: "Lily", photos: ["IMG_2041.jpg", "Beach day.jpg"]))
        ),
        ("memory show First steps", .run(MemoryShowCommand(name: "First steps"))),
        ("memory show 3k9xq2mw7tcv8bnd", .run(MemoryShowCommand(name: "3k9xq2mw7tcv8bnd"))),
        (
            "memory edit first --title 'First steps!' --note none --date 2019-06-01 --for Lily",
            .run(
                MemoryEditCommand(
                    name: "first", title: "First steps!", note: .clear, date: .set("2019-06-01"), person: .set("Lily")))
        ),
        (
            "memory edit First steps --note 'Three steps' --date '' --for none",
            .run(MemoryEditCommand(name: "First steps", title: nil, note: .set("Three steps"), date: .clear, person: .clear))
        ),
        (
            "memory edit Sandcastle --photo IMG_2041.jpg",
            .run(
                MemoryEditCommand(
                    name: "Sandcastle", title: nil, note: .keep, date: .keep, person: .keep, photos: .set(["IMG_2041.jpg"])))
        ),
        (
            "memory edit Sandcastle --photo none",
            .run(MemoryEditCommand(name: "Sandcastle", title: nil, note: .keep, date: .keep, person: .keep, photos: .clear))
        ),
        ("memory rm First steps", .run(MemoryRemoveCommand(name: "First steps", yes: false))),
        ("memory delete sea --yes", .run(MemoryRemoveCommand(name: "sea", yes: true))),
        ("memory remove sea -y", .run(MemoryRemoveCommand(name: "sea", yes: true))),
        ("memories", .run(MemoriesCommand(person: nil))),
        ("memories --for Lily", .run(MemoriesCommand(person: "Lily"))),
        ("deleted --type memory", .run(DeletedCommand(type: .memory, since: nil))),
        ("restore memory First steps", .run(RestoreCommand(type: .memory, name: "First steps"))),
        ("restore Memory sea", .run(RestoreCommand(type: .memory, name: "sea"))),
    ]

    @Test(arguments: cases)
    func parses(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    @Test func aTitleIsNeededAndOptionsTakeValues() {
        for line in ["memory add", "memory show", "memory add Sea --date", "memory edit", "memories --for", "memory rm"] {
            guard case .failure = command(line) else {
                Issue.record("'\(line)' parsed")
                continue
            }
        }
    }
}
