import Testing

@testable import OursSync

/// A file this version cannot read must be reported precisely and left alone, never guessed
/// at: a wrong guess would be written back and destroy what a person or newer version wrote.
@Suite struct RecordFileErrorTests {
    func decode(_ text: String) throws(RecordFileError) -> DecodedRecordFile {
        try RecordFile.decode(Fixture.bytes(text), fallbackType: "item", fallbackID: "milk", modifiedMillis: Fixture.t0)
    }

    static let stamp = "2026-11-22T10:15:00.123Z-0000-aaaaaaaa"

    @Test func aNewerFormatIsLeftAlone() {
        #expect(throws: RecordFileError.newerFormat(2)) { try decode(#"{"_ours": {"format": 2, "id": "milk"}}"#) }
        #expect(RecordFileError.newerFormat(2).description.contains("format 2"))
    }

    @Test func theCurrentFormatAndNoFormatAreRead() throws {
        #expect(try decode(#"{"_ours": {"format": 1, "id": "milk", "type": "item"}}"#).state.key == Fixture.key)
        #expect(try decode(#"{"_ours": {"id": "milk", "type": "item"}}"#).state.key == Fixture.key)
    }

    @Test(arguments: [
        (#"{"_ours": []}"#, "it is array, not an object"),
        (#"{"_ours": "x"}"#, "it is string, not an object"),
        (#"{"_ours": {"format": "1", "id": "milk"}}"#, "\"format\" is not a number"),
        (#"{"_ours": {"type": "item"}}"#, "\"id\" is missing"),
        (#"{"_ours": {"id": 7}}"#, "\"id\" is missing"),
        (#"{"_ours": {"id": "Milk"}}"#, "invalid record id \"Milk\""),
        (#"{"_ours": {"id": "milk", "type": "Item"}}"#, "invalid record type \"Item\""),
        (#"{"_ours": {"id": "milk", "fields": []}}"#, "\"fields\" is not an object"),
        (#"{"_ours": {"id": "milk", "fields": {"name": "x"}}, "name": 1}"#, "\"fields.name\" entry is not an object"),
        (#"{"_ours": {"id": "milk", "fields": {"name": {}}}}"#, "\"fields.name\" has no valid stamp in \"at\""),
        (#"{"_ours": {"id": "milk", "fields": {"name": {"at": "2026-11-22"}}}}"#, "\"fields.name\" has no valid stamp"),
        (
            #"{"_ours": {"id": "milk", "fields": {"name": {"at": "\#(stamp)", "seen": "x"}}}}"#,
            "\"fields.name.seen\" is not a list"
        ),
        (
            #"{"_ours": {"id": "milk", "fields": {"name": {"at": "\#(stamp)", "seen": [1]}}}}"#,
            "\"fields.name.seen\" holds something"
        ),
        (#"{"_ours": {"id": "milk", "conflicts": {"name": {}}}}"#, "\"conflicts.name\" is not a list"),
        (#"{"_ours": {"id": "milk", "conflicts": {"name": [{"at": "bad"}]}}}"#, "\"conflicts.name\" has no valid stamp"),
        (#"{"_ours": {"id": "milk", "deleted": {}}}"#, "\"deleted\" is not a list"),
        (#"{"_ours": {"id": "milk", "deleted": [{"at": "\#(stamp.uppercased())"}]}}"#, "\"deleted\" has no valid stamp"),
    ])
    func damagedMetadataIsReported(text: String, detail: String) {
        let error = #expect(throws: RecordFileError.self) { try decode(text) }
        guard case .badMetadata(let message)? = error else {
            Issue.record("expected badMetadata, got \(String(describing: error))")
            return
        }
        #expect(message.contains(detail), "message was: \(message)")
        #expect(error?.position == nil)
        #expect(error?.description.hasPrefix("the \"_ours\" metadata is damaged: ") == true)
    }

    @Test func aHandMadeFileNeedsAUsableFolderAndName() {
        let text = #"{"name": "Milk"}"#
        for (type, id) in [(nil, "milk"), ("item", nil), ("Item", "milk"), ("item", "Milk")] as [(String?, String?)] {
            let error = #expect(throws: RecordFileError.self) {
                try RecordFile.decode(Fixture.bytes(text), fallbackType: type, fallbackID: id, modifiedMillis: 0)
            }
            guard case .badMetadata? = error else {
                Issue.record("expected badMetadata for \(String(describing: type))/\(String(describing: id))")
                continue
            }
        }
    }

    @Test func aFileOverFourMebibytesIsNotRead() {
        let size = RecordFile.maximumSize + 1
        let bytes = Fixture.bytes("{}") + [UInt8](repeating: 0x20, count: size - 2)
        #expect(throws: RecordFileError.tooLarge(size)) {
            try RecordFile.decode(bytes, fallbackType: "item", fallbackID: "milk", modifiedMillis: 0)
        }
        #expect(RecordFile.maximumSize == 4 * 1024 * 1024)
        #expect(RecordFileError.tooLarge(size).description.contains("\(size) bytes"))
    }

    @Test(arguments: [("[1]", "array"), ("\"x\"", "string"), ("null", "null"), ("3", "number"), ("true", "boolean")])
    func aRecordMustBeAnObject(text: String, kind: String) {
        #expect(throws: RecordFileError.notAnObject(kind)) { try decode(text) }
    }

    @Test func aParseErrorCarriesItsPosition() throws {
        let text = "{\n  \"name\": \"Milk\",\n}\n"
        let error = #expect(throws: RecordFileError.self) { try decode(text) }
        #expect(error?.position?.line == 3)
        #expect(error?.position?.column == 1)
        guard case .notJSON(let parse)? = error else {
            Issue.record("expected notJSON")
            return
        }
        #expect(parse.offset == 20)
        #expect(error?.description == "not valid JSON at line 3, column 1: unexpected '}'; expected a key in double quotes")
    }

    @Test func aHandBrokenRecordReportsTheLineOfTheBreak() throws {
        // A realistic mistake: a missing comma deep in a device-written file.
        let state = Fixture.state(["name": "Milk", "qty": 1], at: Fixture.stamp(0))
        var lines = Fixture.text(RecordFile.encode(state)).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let index = try #require(lines.firstIndex(of: "  \"name\": \"Milk\","))
        lines[index] = "  \"name\": \"Milk\""
        let error = #expect(throws: RecordFileError.self) { try decode(lines.joined(separator: "\n")) }
        #expect(error?.position?.line == index + 2)
        #expect(error?.position?.column == 3)
    }
}
