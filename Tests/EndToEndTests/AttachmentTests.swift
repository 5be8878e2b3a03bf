import Foundation
import Testing

/// Attachments between devices, through the built binary: a photo added offline, one still
/// being written by a sync tool, one deleted from the folder, the same photo added twice, and
/// one named only by a member who was removed.
@Suite("End to end: attachments")
struct AttachmentTests {
    /// A JPEG-looking file of `size` bytes whose content depends on `seed`.
    static func photo(_ world: World, _ name: String, size: Int = 700_000, seed: UInt8 = 1) -> String {
        let path = world.root + "/" + name
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        bytes += (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 131) ^ Int(seed)) }
        world.write(path, bytes)
        return path
    }

    /// Adds a file on a device and makes a recipe name it; returns the reference.
    @discardableResult
    static func attach(_ file: String, to recipe: String, on device: SimulatedDevice) throws -> [String: Any] {
        let added = try device.ok("attachment", "add", file, "--json")
        let ref = try #require(added.json as? [String: Any], "\(added)")
        let fields = #"{"title": "\#(recipe)", "photos": [\#(added.stdout.trimmingCharacters(in: .whitespacesAndNewlines))]}"#
        try device.ok("record", "put", "recipe", recipe.lowercased(), "--fields", fields)
        return ref
    }

    static func listing(_ device: SimulatedDevice) throws -> [[String: Any]] {
        try device.ok("attachment", "list", "--json").array
    }

    static func attachmentFiles(_ world: World) -> [String] {
        world.files(under: world.zone + "/attachments")
    }

    @Test func aPhotoAddedOfflineReachesTheOtherDevice() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let file = Self.photo(world, "soup.jpg")
        let ref = try world.offline { try Self.attach(file, to: "Soup", on: sarah) }
        #expect(Self.attachmentFiles(world).isEmpty, "it waits on Sarah's device while the folder is away")
        try sarah.ok("sync")
        #expect(Self.attachmentFiles(world).count == 1)
        try mike.ok("sync")
        let listed = try Self.listing(mike)
        #expect(listed.first?["status"] as? String == "here", "\(listed)")
        let id = try #require(ref["attachment"] as? String)
        try mike.ok("attachment", "save", String(id.prefix(12)), "--out", world.root + "/copy.jpg")
        #expect(world.bytes(world.root + "/copy.jpg") == world.bytes(file))
    }

    @Test func aHalfWrittenPhotoIsNotShownUntilItIsWhole() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let file = Self.photo(world, "pie.jpg", size: 2_000_000)
        try Self.attach(file, to: "Pie", on: sarah)
        let inFolder = try #require(Self.attachmentFiles(world).first.map { world.zone + "/attachments/" + $0 })
        let whole = try #require(world.bytes(inFolder))
        world.write(inFolder, Array(whole.prefix(500_000)))  // a sync tool half-way through its download
        let synced = try mike.run("sync")
        #expect(synced.stdout.contains("still arriving"), "\(synced)")
        #expect(try Self.listing(mike).first?["status"] as? String == "arriving")
        let id = try #require(try Self.listing(mike).first?["attachment"] as? String)
        let refused = try mike.run("attachment", "save", id, "--out", world.root + "/early.jpg")
        #expect(refused.exitCode == 4 && refused.stderr.contains("still arriving"), "\(refused)")
        #expect(!world.exists(world.root + "/early.jpg"), "nothing shown or written before it is whole")
        #expect(try sarah.run("sync").exitCode == 0)
        #expect(world.bytes(inFolder)?.count == 500_000, "a download in progress is never written over")
        world.write(inFolder, whole)  // the download completes
        try mike.ok("sync")
        #expect(try Self.listing(mike).first?["status"] as? String == "here")
        try mike.ok("attachment", "save", id, "--out", world.root + "/late.jpg")
        #expect(world.bytes(world.root + "/late.jpg") == whole)
    }

    @Test func aPhotoDeletedFromTheFolderIsWrittenAgain() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try Self.attach(Self.photo(world, "cake.jpg"), to: "Cake", on: sarah)
        try mike.ok("sync")
        let inFolder = world.zone + "/attachments/" + Self.attachmentFiles(world)[0]
        let whole = world.bytes(inFolder)
        world.remove(inFolder)
        let synced = try mike.ok("sync")
        #expect(synced.stdout.contains("1 file(s) written"), "\(synced)")
        #expect(world.bytes(inFolder) == whole, "absence is never deletion")
    }

    /// `ours doctor` reads every attachment file the records name and checks its hash: a damaged
    /// one and a missing one are reported (the household is not healthy), and `--fix` writes
    /// the missing one again from this device's copy; a damaged one is left as it is.
    @Test func doctorReportsDamagedAndMissingAttachments() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try Self.attach(Self.photo(world, "cake.jpg", seed: 5), to: "Cake", on: sarah)
        try Self.attach(Self.photo(world, "tart.jpg", seed: 6), to: "Tart", on: sarah)
        try mike.ok("sync")
        #expect((try mike.ok("doctor", "--json").json as? [String: Any])?["healthy"] as? Bool == true)
        let files = Self.attachmentFiles(world).map { world.zone + "/attachments/" + $0 }
        try #require(files.count == 2)
        var damaged = try #require(world.bytes(files[0]))
        damaged[1000] ^= 0xFF  // same size, one byte changed: a disk or a tool broke it
        world.write(files[0], damaged)
        let whole = world.bytes(files[1])
        world.remove(files[1])

        let told = try mike.run("doctor", "--json")
        let report = try #require(told.json as? [String: Any], "\(told)")
        #expect(report["healthy"] as? Bool == false)
        let messages = (report["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("is not its bytes") }, "\(messages)")
        #expect(messages.contains { $0.contains("is not in the folder yet; this device will write it") }, "\(messages)")

        let fixed = try mike.run("doctor", "--fix")
        #expect(fixed.exitCode == 1 && fixed.stdout.contains("is not its bytes; left as it is"), "\(fixed)")
        #expect(!fixed.stdout.contains("not in the folder yet"), "\(fixed)")
        #expect(world.bytes(files[1]) == whole, "the missing one is written again")
        #expect(world.bytes(files[0]) == damaged, "a damaged file is left as it is, never written over")
    }

    @Test func theSamePhotoAddedOnTwoDevicesIsOneFile() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let file = Self.photo(world, "garden.jpg")
        let again = world.root + "/IMG_0001.jpg"
        try FileManager.default.copyItem(atPath: file, toPath: again)
        try world.offline {
            try Self.attach(file, to: "Salad", on: sarah)
            try Self.attach(again, to: "Slaw", on: mike)
        }
        for device in [sarah, mike, sarah] { try device.ok("sync") }
        #expect(Self.attachmentFiles(world).count == 1, "\(Self.attachmentFiles(world))")
        for device in [sarah, mike] {
            let listed = try Self.listing(device)
            #expect(listed.count == 1, "\(device.name): \(listed)")
            #expect((listed.first?["records"] as? [[String: Any]])?.count == 2, "named by both recipes")
        }
    }

    @Test func aPlaceholderIsNotDownloadedHereNotMissing() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try Self.attach(Self.photo(world, "tart.jpg"), to: "Tart", on: sarah)
        let name = Self.attachmentFiles(world)[0]
        let inFolder = world.zone + "/attachments/" + name
        world.remove(inFolder)
        let placeholder =
            (inFolder as NSString).deletingLastPathComponent + "/." + (name as NSString).lastPathComponent + ".icloud"
        world.write(placeholder, "bplist")
        let synced = try mike.run("sync")
        #expect(synced.stdout.contains("not downloaded on this device"), "\(synced)")
        #expect(try Self.listing(mike).first?["status"] as? String == "notDownloaded")
    }

    @Test func aRemovedMembersPhotoIsNeitherShownNorKept() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        try sarah.ok("members", "remove", "Mike", "--yes")
        // Mike's device has not heard yet: it adds a photo and a recipe naming it.
        let file = Self.photo(world, "stew.jpg", seed: 9)
        try Self.attach(file, to: "Stew", on: mike)
        #expect(Self.attachmentFiles(world).count == 1, "Mike's device wrote the file")
        try sarah.ok("sync")
        #expect(try Self.listing(sarah).isEmpty, "every device ignores the recipe, and so its photo")
        let kept = world.files(under: sarah.home).filter { $0.contains("/attachments/") && $0.hasSuffix(".jpg") }
        #expect(kept.isEmpty, "Sarah's device keeps no copy: \(kept)")
    }
}
