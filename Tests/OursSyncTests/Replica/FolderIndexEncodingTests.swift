import Foundation
import OursTestSupport
import Testing

@testable import OursSync

/// The folder index as the replica saves it: written and read a chunk at a time, canonical
/// files kept without a copy of their key, and the same lines as before on disk.
@Suite("Folder index: encoding, chunks and canonical entries")
struct FolderIndexEncodingTests {
    let temp = TemporaryDirectory("folder-index")

    /// An index of `count` files over a few shard folders: canonical records, a stray copy,
    /// a broken file and a record whose id is not its file's name.
    static func index(_ count: Int, seed: UInt64) -> FolderIndex {
        var random = SplitMix64(seed: seed)
        var index = FolderIndex()
        let root = FileStat(kind: .directory, size: 0, modifiedNanos: 1, changedNanos: 2, inode: 3)
        index.directories["records"] = FolderIndex.Directory(stat: root)
        index.directories["records/item"] = FolderIndex.Directory(stat: root)
        index.directories["records"]!.subdirectories = ["item"]
        for number in 0..<count {
            let key = try! RecordKey(type: "item", id: "thing-\(number)-\(random.next() % 1000)")
            let folder = "records/item/" + ZoneLayout.shard(of: key.id)
            if index.directories[folder] == nil {
                index.directories[folder] = FolderIndex.Directory(
                    stat: FileStat(
                        kind: .directory, size: 0, modifiedNanos: Int64(random.next() >> 2), changedNanos: 5,
                        inode: random.next()))
                index.directories["records/item"]!.subdirectories.insert(String(folder.suffix(2)))
            }
            let stat = FileStat(
                kind: .file, size: Int64(random.next() % 5000), modifiedNanos: Int64(random.next() >> 1),
                changedNanos: -Int64(random.next() % 1000), inode: random.next())
            let content: FolderIndex.Entry.Content
            let name: String
            switch random.next() % 10 {
            case 0: (name, content) = (key.id + ".sync-conflict.json", .record(key))
            case 1: (name, content) = ("broken-\(number).json", .broken)
            case 2: (name, content) = ("hand-\(number).json", .record(try! RecordKey(type: "item", id: "other-\(number)")))
            default: (name, content) = (key.id + ".json", .record(key))
            }
            index.setEntry(FolderIndex.Entry(stat: stat, digest: random.next(), content: content), at: folder + "/" + name)
        }
        return index
    }

    @Test func aRecordInItsCanonicalFileIsKeptWithoutItsKey() throws {
        let index = Self.index(200, seed: 7)
        var canonical = 0
        for (path, directory) in index.directories {
            let shard = FolderShard(path)
            for (name, entry) in directory.files {
                guard case .record(let key) = entry.content else {
                    if entry.content == .canonical {
                        canonical += 1
                        let key = try #require(entry.canonicalRecord(named: name, in: shard))
                        #expect(name == key.id + ".json" && path == "records/item/" + ZoneLayout.shard(of: key.id))
                        #expect(index.holdsCanonicalFile(of: key))
                    }
                    continue
                }
                #expect(!shard.isCanonical(name: name, of: key), "\(path)/\(name) holds its record canonically")
                #expect(!index.holdsCanonicalFile(of: key) || name == key.id + ".json")
            }
        }
        #expect(canonical > 100)
        #expect(!index.holdsCanonicalFile(of: try RecordKey(type: "item", id: "never-there")))
    }

    @Test func theFileStillNamesEveryRecordForEarlierBuilds() throws {
        var index = FolderIndex()
        let stat = FileStat(kind: .directory, size: 0, modifiedNanos: 10, changedNanos: 11, inode: 12)
        let key = try RecordKey(type: "item", id: "milk")
        let folder = "records/item/" + ZoneLayout.shard(of: key.id)
        index.directories[folder] = FolderIndex.Directory(stat: stat)
        let file = FileStat(kind: .file, size: 42, modifiedNanos: 100, changedNanos: 101, inode: 102)
        index.setEntry(FolderIndex.Entry(stat: file, digest: 0xabc, content: .record(key)), at: folder + "/milk.json")
        #expect(index.entry(at: folder + "/milk.json")?.content == .canonical)
        let text = String(decoding: index.encode(), as: UTF8.self)
        #expect(text == "ours-folder-index 2\nd\t\(folder)\t10\t11\t12\nf\tmilk.json\t42\t100\t101\t102\tabc\titem\tmilk\n")
        // An index an earlier build wrote is these very lines: it reads as canonical.
        #expect(FolderIndex.decode(Array(text.utf8)) == index)
    }

    @Test(arguments: [1, 7, 100, 4096]) func chunksOfAnySizeReadAsTheWhole(chunk: Int) throws {
        let index = Self.index(600, seed: UInt64(chunk))
        let bytes = index.encode()
        #expect(FolderIndex.decode(bytes) == index)
        var decoder = FolderIndex.Decoder()
        var at = 0
        while at < bytes.count {
            decoder.feed(Array(bytes[at..<min(at + chunk, bytes.count)]))
            at += chunk
        }
        #expect(decoder.finish() == index)
    }

    @Test func aDamagedOrUnfinishedIndexReadsAsEmpty() throws {
        let bytes = Self.index(50, seed: 3).encode()
        var cut = bytes
        cut.removeLast(20)  // a torn last line
        #expect(FolderIndex.decode(cut) == FolderIndex())
        var garbled = bytes
        garbled[bytes.count / 2] = UInt8(ascii: "\t")
        #expect(FolderIndex.decode(garbled) == FolderIndex())
        #expect(FolderIndex.decode(Array("ours-folder-index 1\nx".utf8)) == FolderIndex(), "an older index is dropped")
        #expect(FolderIndex.decode([]) == FolderIndex())
        var noNewline = bytes
        noNewline.removeLast()  // the last line without its newline still reads
        #expect(FolderIndex.decode(noNewline) == FolderIndex.decode(bytes))
    }

    @Test func theReplicaSavesABigIndexInChunksAndReadsItBack() throws {
        let replica = Replica(fileSystem: LocalFileSystem(), directory: temp.path + "/replica")
        let index = Self.index(8_000, seed: 11)
        #expect(index.encode().count > 2 * FolderIndex.chunkSize, "big enough to be written in several chunks")
        try replica.saveFolderIndex(index)
        #expect(replica.loadFolderIndex().index == index)
        #expect(!FileManager.default.fileExists(atPath: replica.folderIndexFile + ".new"))
        let small = Self.index(3, seed: 12)
        try replica.saveFolderIndex(small)
        #expect(replica.loadFolderIndex().index == small, "a small index replaces a big one whole")
        let memory = Replica(fileSystem: InMemoryFileSystem(), directory: "/replica")
        try memory.saveFolderIndex(index)
        #expect(memory.loadFolderIndex().index == index, "a file system without chunked reads reads it whole")
    }
}
