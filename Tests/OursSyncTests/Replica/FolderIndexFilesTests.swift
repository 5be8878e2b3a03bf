import Testing

@testable import OursSync

/// A folder's files in the index and the names of those that did not parse, which a quick pass
/// that reuses the folder takes instead of looking at every entry: the two must never disagree.
@Suite("Folder index: a folder's broken files kept beside its entries")
struct FolderIndexFilesTests {
    static let stat = FileStat(kind: .file, size: 10, modifiedNanos: 1, changedNanos: 2, inode: 3)

    static func entry(_ content: FolderIndex.Entry.Content) -> FolderIndex.Entry {
        FolderIndex.Entry(stat: stat, digest: 7, content: content)
    }

    @Test func brokenNamesFollowEveryChangeOfAnEntry() throws {
        var files = FolderIndex.Files()
        files["milk.json"] = Self.entry(.canonical)
        files["torn.json"] = Self.entry(.broken)
        files["copy.json"] = Self.entry(.record(try RecordKey(type: "item", id: "eggs")))
        #expect(files.broken == ["torn.json"])
        files["milk.json"] = Self.entry(.broken)  // a record's file broken by hand
        #expect(files.broken == ["milk.json", "torn.json"])
        files["torn.json"] = Self.entry(.canonical)  // mended
        #expect(files.broken == ["milk.json"])
        files["milk.json"] = nil  // removed
        #expect(files.broken.isEmpty)
        #expect(files.count == 2 && Set(files.keys) == ["torn.json", "copy.json"])
        let literal: FolderIndex.Files = ["a.json": Self.entry(.broken), "b.json": Self.entry(.canonical)]
        #expect(literal.broken == ["a.json"] && literal.count == 2)
    }

    @Test func anIndexReadBackKnowsItsBrokenFiles() throws {
        let index = FolderIndexEncodingTests.index(300, seed: 11)
        let decoded = FolderIndex.decode(index.encode())
        var broken = 0
        for (path, directory) in decoded.directories {
            let expected = Set(directory.files.filter { $0.value.isBroken }.map(\.key))
            #expect(directory.files.broken == expected, "\(path)")
            #expect(directory.files.broken == index.directories[path]?.files.broken, "\(path)")
            broken += expected.count
        }
        #expect(broken > 10)
    }

    @Test func isBrokenAndIsRecordAreOpposites() throws {
        let key = try RecordKey(type: "item", id: "milk")
        for content in [FolderIndex.Entry.Content.canonical, .record(key), .broken] {
            let entry = Self.entry(content)
            #expect(entry.isBroken == (content == .broken))
            #expect(entry.isRecord == !entry.isBroken)
        }
    }
}
