import Testing

@testable import OursSync

/// A person edits the file's visible fields and never touches the metadata; the engine must
/// notice, stamp the edit the same way on every device, and sync it as a new write.
@Suite struct RecordFileHandEditTests {
    let s1 = Fixture.stamp(123, 0, Fixture.alice)
    let edited = Fixture.t0 + 60_000

    /// The file a device wrote: name and quantity, both by Alice.
    func original() -> RecordState { Fixture.state(["name": "Milk", "qty": 1], at: s1) }

    func text() -> String { Fixture.text(RecordFile.encode(original())) }

    func decode(_ text: String, at millis: Int64? = nil) throws -> DecodedRecordFile {
        try RecordFile.decode(Fixture.bytes(text), fallbackType: "item", fallbackID: "milk", modifiedMillis: millis ?? edited)
    }

    /// Replaces exactly one occurrence, so a test cannot silently edit nothing.
    func replacing(_ old: String, with new: String, in text: String) -> String {
        #expect(text.ranges(of: old).count == 1, "expected one \(old)")
        return text.replacing(old, with: new)
    }

    @Test func aChangedValueBecomesANewWriteThatSupersedesTheOld() throws {
        let file = try decode(replacing(#""name": "Milk""#, with: #""name": "Oat milk""#, in: text()))
        #expect(file.handEditedFields == ["name"])
        #expect(!file.isHandMade)
        let register = try #require(file.state.fields["name"])
        #expect(register.entries.count == 1)
        let entry = register.winner
        #expect(entry.value == "Oat milk")
        #expect(entry.stamp.device.isHandEdit)
        #expect(entry.stamp.millis == edited && entry.stamp.counter == 0)
        #expect(entry.supersedes(s1))
        #expect(file.state.fields["qty"]?.winner.stamp == s1, "untouched fields keep their stamps")
        // Another device still holding the old value takes the edit without a conflict.
        let merged = original().merging(file.state)
        #expect(merged == file.state.merging(original()))
        #expect(merged.values == ["name": "Oat milk", "qty": 1])
        #expect(merged.conflicts.isEmpty)
    }

    @Test func theEditIsStampedAfterEverythingItReplacedEvenWithAnOldFileTime() throws {
        let file = try decode(replacing(#""qty": 1"#, with: #""qty": 5"#, in: text()), at: 0)
        #expect(file.state.fields["qty"]?.winner.stamp.millis == s1.millis + 1)
    }

    @Test func aRemovedFieldBecomesARemoval() throws {
        let file = try decode(replacing(",\n  \"qty\": 1", with: "", in: text()))
        #expect(file.handEditedFields == ["qty"])
        #expect(file.state.values == ["name": "Milk"])
        let entry = try #require(file.state.fields["qty"]?.winner)
        #expect(entry.value == nil && entry.supersedes(s1))
    }

    @Test func aFieldSetToNullBecomesARemoval() throws {
        let file = try decode(replacing(#""qty": 1"#, with: #""qty": null"#, in: text()))
        #expect(file.handEditedFields == ["qty"])
        #expect(file.state.values == ["name": "Milk"])
        #expect(file.state.fields["qty"]?.winner.value == nil)
        #expect(!Fixture.text(RecordFile.encode(file.state)).contains("\"qty\": null"))
    }

    @Test func anAddedFieldBecomesAWrite() throws {
        let file = try decode(replacing(#""name": "Milk","#, with: #""name": "Milk", "note": "fresh","#, in: text()))
        #expect(file.handEditedFields == ["note"])
        #expect(file.state.values == ["name": "Milk", "note": "fresh", "qty": 1])
        #expect(file.state.fields["note"]?.winner.stamp.device.isHandEdit == true)
    }

    @Test func anAddedNullFieldIsNotAnEdit() throws {
        let file = try decode(replacing(#""name": "Milk","#, with: #""name": "Milk", "note": null,"#, in: text()))
        #expect(file.handEditedFields.isEmpty)
        #expect(file.state == original())
    }

    @Test func reformattingIsNotAnEdit() throws {
        // Whitespace and a BOM change the bytes but no value.
        let compact = Fixture.text(JSONWriter.compact(RecordFile.document(original())))
        let withBOM = [0xEF, 0xBB, 0xBF] + Fixture.bytes(compact.replacingTabs())
        let file = try RecordFile.decode(withBOM, fallbackType: nil, fallbackID: nil, modifiedMillis: edited)
        #expect(file.handEditedFields.isEmpty)
        #expect(file.state == original())
    }

    @Test func everyDeviceMakesTheSameEditFromTheSameBytes() throws {
        let bytes = replacing(#""qty": 1"#, with: #""qty": 7"#, in: replacing(",\n  \"name\": \"Milk\"", with: "", in: text()))
        let a = try decode(bytes)
        let b = try decode(bytes)
        #expect(a.state == b.state)
        #expect(RecordFile.encode(a.state) == RecordFile.encode(b.state))
        #expect(a.handEditedFields == ["name", "qty"])
        let stamps = Set(a.handEditedFields.compactMap { a.state.fields[$0]?.winner.stamp })
        #expect(stamps.count == 1, "one edit, one stamp")
        // A sync tool may give the file another time on another device: a different stamp but
        // the same pseudo-device, so the later one supersedes the other and nothing conflicts.
        let later = try decode(bytes, at: edited + 5_000)
        #expect(later.state != a.state)
        let merged = a.state.merging(later.state)
        #expect(merged == later.state.merging(a.state))
        #expect(merged.fields["qty"]?.entries.count == 1)
        #expect(merged.conflicts.isEmpty)
    }

    @Test func theWrittenEditIsStable() throws {
        let first = try decode(replacing(#""qty": 1"#, with: #""qty": 2.50"#, in: text()))
        let rewritten = RecordFile.encode(first.state)
        let second = try decode(Fixture.text(rewritten), at: edited + 99_000)
        #expect(second.handEditedFields.isEmpty)
        #expect(second.state == first.state)
        #expect(second.state.values["qty"] == .number("2.50"))
    }

    @Test func editingAConflictedFieldResolvesTheConflict() throws {
        var a = original()
        var b = original()
        a.write(["qty": 2], at: Fixture.stamp(200, 0, Fixture.alice))
        b.write(["qty": 3], at: Fixture.stamp(300, 0, Fixture.bob))
        let conflicted = a.merging(b)
        #expect(conflicted.conflicts.count == 1)
        let text = Fixture.text(RecordFile.encode(conflicted))
        let file = try decode(replacing(#""qty": 3"#, with: #""qty": 4"#, in: text))
        #expect(file.state.conflicts.isEmpty)
        #expect(file.state.fields["qty"]?.entries.map(\.value) == [4])
        #expect(file.state.merging(a).merging(b) == file.state, "stale copies cannot bring the conflict back")
    }

    @Test func aFileMadeByHandUsesItsFolderAndName() throws {
        let text = #"{"name": "Milk", "qty": 2, "gone": null}"#
        let file = try decode(text)
        #expect(file.isHandMade)
        #expect(file.state.key == Fixture.key)
        #expect(file.handEditedFields == ["name", "qty"])
        #expect(file.state.values == ["name": "Milk", "qty": 2])
        #expect(Set(file.state.allStamps).count == 1)
        #expect(file.state.allStamps.first?.millis == edited)
        #expect(try decode(text).state == file.state)
        // Written back, it becomes an ordinary record.
        let again = try RecordFile.decode(RecordFile.encode(file.state), fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(!again.isHandMade && again.handEditedFields.isEmpty && again.state == file.state)
    }

    @Test func metadataWithoutATypeUsesTheFolder() throws {
        let text = #"{"_ours": {"id": "milk"}, "name": "Milk"}"#
        let file = try decode(text)
        #expect(file.state.key == Fixture.key && !file.isHandMade)
        #expect(file.handEditedFields == ["name"])
    }
}

extension String {
    /// Puts a tab after every comma: a reformatting no value notices.
    fileprivate func replacingTabs() -> String {
        var result = ""
        var inString = false
        var escaped = false
        for c in self {
            result.append(c)
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = inString; continue }
            if c == "\"" { inString.toggle() }
            if c == ",", !inString { result.append("\t") }
        }
        return result
    }
}
