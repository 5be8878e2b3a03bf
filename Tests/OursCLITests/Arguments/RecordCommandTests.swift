import Testing

@testable import OursCLI

/// Every command under "Records, for scripts and other apps".
@Suite struct RecordCommandTests {
    static let cases: [(String, ParsedInvocation.Action)] = [
        (
            #"record put item --fields '{"name": "milk"}'"#,
            .run(RecordPutCommand(type: "item", id: nil, fields: #"{"name": "milk"}"#))
        ),
        (
            #"record put item 3F2A9C --fields='{"done":true}'"#,
            .run(RecordPutCommand(type: "item", id: "3F2A9C", fields: #"{"done":true}"#))
        ),
        ("record put note --fields -", .run(RecordPutCommand(type: "note", id: nil, fields: "-"))),
        ("record put note abc --fields - ", .run(RecordPutCommand(type: "note", id: "abc", fields: "-"))),
        ("record get item 3F2A9C", .run(RecordGetCommand(type: "item", id: "3F2A9C"))),
        ("record list recipe", .run(RecordListCommand(type: "recipe"))),
        ("record ls recipe", .run(RecordListCommand(type: "recipe"))),
        ("record rm item 3F2A9C", .run(RecordRemoveCommand(type: "item", id: "3F2A9C"))),
        ("record rm item 3F2A9C --yes", .run(RecordRemoveCommand(type: "item", id: "3F2A9C", yes: true))),
        ("record remove item 3F2A9C", .run(RecordRemoveCommand(type: "item", id: "3F2A9C"))),
        ("record import item items.jsonl", .run(RecordImportCommand(type: "item", file: "items.jsonl"))),
        ("record import item -", .run(RecordImportCommand(type: "item", file: "-"))),
        ("attachment add soup.jpg", .run(AttachmentAddCommand(file: "soup.jpg", name: nil))),
        (
            "attachment add IMG_2041.jpg --name 'Soup, day two.jpg'",
            .run(AttachmentAddCommand(file: "IMG_2041.jpg", name: "Soup, day two.jpg"))
        ),
        ("attachment list", .run(AttachmentListCommand())), ("attachment ls", .run(AttachmentListCommand())),
        ("attachment show 9650f149d622", .run(AttachmentShowCommand(id: "9650f149d622"))),
        (
            "attachment save 9650f149d622 --out soup.jpg",
            .run(AttachmentSaveCommand(id: "9650f149d622", out: "soup.jpg"))
        ),
        ("attachment save 9650", .run(AttachmentSaveCommand(id: "9650", out: nil))),
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
                    .run(RecordPutCommand(type: "item", id: nil, fields: "--raw"))))
    }
}
