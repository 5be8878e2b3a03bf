import Testing

@testable import OursSync

/// The record file is the contract between every device and every version; its exact bytes
/// are pinned here so an accidental change to the format fails loudly.
@Suite struct RecordFileEncodingTests {
    let s0 = Fixture.stamp(0, 0, Fixture.carol)
    let s1 = Fixture.stamp(123, 0, Fixture.alice)
    let s2 = Fixture.stamp(200, 0, Fixture.bob)
    let s3 = Fixture.stamp(300, 0, Fixture.carol)

    /// Carol creates the record; Alice and Bob edit it concurrently; Carol deletes it after
    /// seeing both; a newer version left a metadata key this one does not know.
    func story() -> RecordState {
        let base = Fixture.state(["note": "2% fat"], at: s0)
        var alice = base
        alice.write(["name": "Milk", "qty": 3], at: s1)
        var bob = base
        bob.write(["qty": 2, "note": nil], at: s2)
        var carol = alice.merging(bob)
        carol.delete(at: s3)
        return RecordState(key: carol.key, fields: carol.fields, deletions: carol.deletions, extraMetadata: ["zNote": "kept"])
    }

    @Test func encodesTheCanonicalFile() {
        #expect(
            Fixture.text(RecordFile.encode(story())) == """
                {
                  "_ours": {
                    "conflicts": {
                      "qty": [
                        {
                          "at": "2026-11-22T10:15:00.123Z-0000-aaaaaaaa",
                          "hash": "af63ae4c",
                          "seen": [
                            "2026-11-22T10:15:00.000Z-0000-cccccccc"
                          ],
                          "value": 3
                        }
                      ]
                    },
                    "deleted": [
                      {
                        "at": "2026-11-22T10:15:00.300Z-0000-cccccccc",
                        "seen": [
                          "2026-11-22T10:15:00.123Z-0000-aaaaaaaa",
                          "2026-11-22T10:15:00.200Z-0000-bbbbbbbb"
                        ]
                      }
                    ],
                    "fields": {
                      "name": {
                        "at": "2026-11-22T10:15:00.123Z-0000-aaaaaaaa",
                        "hash": "c1c35e86",
                        "seen": [
                          "2026-11-22T10:15:00.000Z-0000-cccccccc"
                        ]
                      },
                      "note": {
                        "at": "2026-11-22T10:15:00.200Z-0000-bbbbbbbb",
                        "removed": true,
                        "replaces": [
                          {
                            "at": "2026-11-22T10:15:00.000Z-0000-cccccccc",
                            "hash": "c9309267",
                            "value": "2% fat"
                          }
                        ],
                        "seen": [
                          "2026-11-22T10:15:00.000Z-0000-cccccccc"
                        ]
                      },
                      "qty": {
                        "at": "2026-11-22T10:15:00.200Z-0000-bbbbbbbb",
                        "hash": "af63af4c",
                        "seen": [
                          "2026-11-22T10:15:00.000Z-0000-cccccccc"
                        ]
                      }
                    },
                    "format": 1,
                    "id": "milk",
                    "type": "item",
                    "zNote": "kept"
                  },
                  "name": "Milk",
                  "qty": 2
                }

                """)
    }

    @Test func minimalRecordHasNoOptionalSections() {
        let state = Fixture.state(["name": "Milk"], at: s1)
        #expect(
            Fixture.text(RecordFile.encode(state)) == """
                {
                  "_ours": {
                    "fields": {
                      "name": {
                        "at": "2026-11-22T10:15:00.123Z-0000-aaaaaaaa",
                        "hash": "c1c35e86"
                      }
                    },
                    "format": 1,
                    "id": "milk",
                    "type": "item"
                  },
                  "name": "Milk"
                }

                """)
    }

    @Test func endsWithOneNewlineAndNoCarriageReturns() {
        let bytes = RecordFile.encode(story())
        #expect(bytes.suffix(2) == [UInt8(ascii: "}"), 0x0A])
        #expect(!bytes.contains(0x0D))
    }

    @Test func decodingTheEncodingGivesTheSameState() throws {
        let state = story()
        let decoded = try RecordFile.decode(RecordFile.encode(state), fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(decoded.state == state)
        #expect(decoded.handEditedFields.isEmpty)
        #expect(!decoded.isHandMade)
        #expect(decoded.state.conflicts == state.conflicts)
        #expect(decoded.state.extraMetadata == ["zNote": "kept"])
    }

    @Test func exoticValuesRoundTrip() throws {
        var state = RecordState(key: Fixture.key)
        state.write(
            [
                "price": .number("2.50"), "tags": ["a", ["b": nil]], "text": "line\n\"quoted\" \u{1} é 😀",
                "empty": .object([:]), "flag": false, "e\u{301}": "decomposed key",
            ], at: s1)
        let bytes = RecordFile.encode(state)
        let decoded = try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0)
        #expect(decoded.state == state)
        #expect(decoded.handEditedFields.isEmpty)
        #expect(RecordFile.encode(decoded.state) == bytes)
        #expect(Fixture.text(bytes).contains("\"price\": 2.50"))
    }

    @Test func valueHashIsPinned() {
        #expect(RecordFile.valueHash("Milk") == "c1c35e86")
        #expect(RecordFile.valueHash(.number("2")) == "af63af4c")
        #expect(RecordFile.valueHash(.number("2.0")) != RecordFile.valueHash(.number("2")))
        #expect(RecordFile.valueHash(["b": 1, "a": 2]) == Digest.hex(Array(#"{"a":2,"b":1}"#.utf8), length: 8))
    }

    @Test func keysSortWithMetadataFirst() {
        // "_ours" sorts before lowercase field names by bytes, so metadata stays at the top,
        // but uppercase field names (a person may add them) sort before it.
        let state = Fixture.state(["Zed": 1, "alpha": 2], at: s1)
        let lines = Fixture.text(RecordFile.encode(state)).split(separator: "\n").filter { $0.hasPrefix("  \"") }
        #expect(lines.map { $0.split(separator: "\"")[1] } == ["Zed", "_ours", "alpha"])
    }
}
