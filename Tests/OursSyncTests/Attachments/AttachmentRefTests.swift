import Foundation
import Testing

@testable import OursSync

/// References to attachments: how a record holds them, and every place in a record one can be.
@Suite("Attachments: references in records")
struct AttachmentRefTests {
    static let photo = AttachmentRef(
        sha256: String(repeating: "ab", count: 32), size: 4_821_337, type: "image/jpeg", name: "IMG_2041.jpg")
    static let note = AttachmentRef(sha256: String(repeating: "0f", count: 32), size: 12, type: "audio/mp4", name: nil)

    /// `Codable` (for apps that keep a memory or recipe in their own store) writes the same
    /// keys a record holds, and refuses what a record would not take as a reference.
    @Test func codableUsesTheRecordsKeysAndRefusesWhatIsNoReference() throws {
        let encoded = try JSONEncoder().encode([Self.photo, Self.note])
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        #expect(object[0]["attachment"] as? String == Self.photo.sha256 && object[0]["size"] as? Int == 4_821_337)
        #expect(object[1]["name"] == nil)
        let decoded = try JSONDecoder().decode([AttachmentRef].self, from: encoded)
        #expect(decoded.map(\.name) == ["IMG_2041.jpg", nil] && decoded.map(\.type) == ["image/jpeg", "audio/mp4"])
        for bad in [#"{"attachment": "abc", "size": 1}"#, #"{"attachment": "\#(Self.photo.sha256)", "size": -1}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(AttachmentRef.self, from: Data(bad.utf8)) }
        }
    }

    @Test func aReferenceRoundTripsThroughItsJSON() throws {
        for ref in [Self.photo, Self.note] {
            let read = try #require(AttachmentRef(ref.json))
            #expect(
                [read.sha256, String(read.size), read.type, read.name ?? "-"] == [
                    ref.sha256, String(ref.size), ref.type, ref.name ?? "-",
                ])
        }
        var renamed = Self.photo
        renamed.name = "another name.jpg"
        #expect(renamed == Self.photo && Set([renamed, Self.photo]).count == 1, "one file, whatever it was called")
        #expect(Self.photo.fileName == String(repeating: "ab", count: 32) + ".jpg")
        #expect(Self.photo.relativePath == "ab/" + Self.photo.fileName)
        #expect(Self.note.fileName.hasSuffix(".m4a"))
        let parsed = try JSONParser.parse(Array(#"{"attachment": "\#(Self.photo.sha256)", "size": 4821337}"#.utf8))
        #expect(AttachmentRef(parsed)?.type == "application/octet-stream", "no type: unknown")
    }

    @Test(arguments: [
        #"{"attachment": "ABAB", "size": 1}"#,  // not 64 hex digits
        #"{"attachment": "\#(String(repeating: "AB", count: 32))", "size": 1}"#,  // upper case
        #"{"attachment": "\#(String(repeating: "ab", count: 32))"}"#,  // no size
        #"{"attachment": "\#(String(repeating: "ab", count: 32))", "size": -1}"#,
        #"{"attachment": "\#(String(repeating: "ab", count: 32))", "size": 268435457}"#,  // past the limit
        #"{"attachment": "\#(String(repeating: "ab", count: 32))", "size": "12"}"#,
        #""just text""#,
    ])
    func whatIsNoReference(_ text: String) throws {
        #expect(AttachmentRef(try JSONParser.parse(Array(text.utf8))) == nil, "\(text)")
    }

    /// A reference counts wherever the record holds it: a field's value, nested in an array or
    /// object, a value in conflict, a deleted record's last values, what a write replaced.
    @Test func everyValueARecordHoldsIsLookedAt() {
        var state = RecordState(key: RecordKey(unchecked: "recipe", id: "soup"))
        state.write(["title": "Soup", "photos": .array([Self.photo.json])], at: Fixture.stamp(0))
        #expect(AttachmentRef.references(in: state) == [Self.photo])
        // Replaced by a later write: still held under `replaces`, which an ignored write brings back.
        state.write(["photos": .array([])], at: Fixture.stamp(10))
        #expect(AttachmentRef.references(in: state) == [Self.photo])
        var other = RecordState(key: state.key)
        other.write(["steps": .array([["text": "Stir", "voice": Self.note.json]])], at: Fixture.stamp(20, 0, Fixture.bob))
        state.merge(other)
        #expect(AttachmentRef.references(in: state) == [Self.photo, Self.note])
        var concurrent = RecordState(key: state.key)
        concurrent.write(["title": "Soup", "photos": .array([Self.note.json])], at: Fixture.stamp(5, 0, Fixture.carol))
        var deleted = concurrent
        deleted.delete(at: Fixture.stamp(30, 0, Fixture.carol))
        #expect(AttachmentRef.references(in: deleted) == [Self.note], "a deleted record keeps its last values")
    }

    @Test func theRefsLogFoldsToTheLastLineOfEachRecord() {
        let soup = RecordKey(unchecked: "recipe", id: "soup")
        let pie = RecordKey(unchecked: "recipe", id: "pie")
        let log =
            AttachmentRefsLog.line(soup, [Self.photo]) + AttachmentRefsLog.line(pie, [Self.note])
            + AttachmentRefsLog.line(soup, [Self.photo, Self.note]) + AttachmentRefsLog.line(pie, [])
        #expect(AttachmentRefsLog.fold(log) == [soup: [Self.photo, Self.note]])
        #expect(AttachmentRefsLog.fold(Array("recipe/soup\tnot json\n".utf8)) == nil, "a damaged log is rebuilt")
    }

    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], "image/jpeg"), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
            (Array("GIF89a".utf8), "image/gif"), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "image/webp"),
            (Array("%PDF-1.7".utf8), "application/pdf"), (Array("\0\0\0\u{18}ftypheic".utf8), "image/heic"),
            (Array("\0\0\0\u{20}ftypM4A ".utf8), "audio/mp4"), (Array("\0\0\0\u{18}ftypisom".utf8), "video/mp4"),
            (Array("ID3\u{4}".utf8), "audio/mpeg"), (Array("RIFF\0\0\0\0WAVEfmt ".utf8), "audio/wav"),
            (Array("hello".utf8), "application/octet-stream"), ([], "application/octet-stream"),
        ] as [([UInt8], String)])
    func aKindIsTakenFromTheFirstBytes(_ prefix: [UInt8], _ type: String) {
        #expect(AttachmentKind.sniff(prefix).type == type)
    }
}
