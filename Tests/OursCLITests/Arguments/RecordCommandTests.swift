import Testing

@testable import OursCLI

/// Every command under "Records, for scripts and other apps".
@Suite struct RecordCommandTests {
    static let cases: [(String, ParsedInvocation.Action)] = [
        (
            #"record put item --fields '{"name": "milk"}'"#,
            .recordPut(type: "item", id: nil, fields: #"{"name": "milk"}"#)
        ),
        (
            #"record put item 3F2A9C --fields='{"done":true}'"#,
            .recordPut(type: "item", id: "3F2A9C", fields: #"{"done":true}"#)
        ),
        ("record put note --fields -", .recordPut(type: "note", id: nil, fields: "-")),
        ("record put note abc --fields - ", .recordPut(type: "note", id: "abc", fields: "-")),
        ("record get item 3F2A9C", .recordGet(type: "item", id: "3F2A9C")),
        ("record list recipe", .recordList(type: "recipe")),
        ("record ls recipe", .recordList(type: "recipe")),
        ("record rm item 3F2A9C", .recordRemove(type: "item", id: "3F2A9C")),
        ("record remove item 3F2A9C", .recordRemove(type: "item", id: "3F2A9C")),
        ("record import item items.jsonl", .recordImport(type: "item", file: "items.jsonl")),
        ("record import item -", .recordImport(type: "item", file: "-")),
    ]

    @Test(arguments: cases)
    func parses(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }

    /// Field values that look like options must still reach the record intact.
    @Test func fieldsMayStartWithADashWhenAttachedWithEquals() {
        #expect(
            command("record put item --fields=--raw")
                == .success(
                    .recordPut(type: "item", id: nil, fields: "--raw")))
    }
}
