import Foundation
import Testing

/// Photos in exports, with the real binary: `ours export --out` copies the photos its records
/// name beside the file, the page and the Markdown show them from there, and `ours import`
/// takes them back into another household, checked against their hashes.
@Suite("End to end: exports that carry their photos")
struct ExportPhotoTests {
    /// Sarah's household with a recipe photo and a memory photo, exported by Mike as JSON.
    func exportWithPhotos(_ world: World) throws -> (file: String, soup: String, mike: SimulatedDevice) {
        let (sarah, mike) = try world.sarahAndMike()
        let soup = AttachmentTests.photo(world, "soup.jpg", size: 300_000, seed: 3)
        let sea = AttachmentTests.photo(world, "sea.jpg", size: 120_000, seed: 4)
        try sarah.ok("recipe", "add", "Soup", "-i", "1 onion", "--photo", soup)
        try sarah.ok("memory", "add", "Day at the sea", "--date", "2021-08-14", "--photo", sea)
        try mike.ok("sync")
        let file = world.root + "/backup.json"
        let exported = try mike.ok("export", "--out", file)
        #expect(exported.stdout.contains("2 photos in backup_files/"), "\(exported.stdout)")
        return (file, soup, mike)
    }

    /// The attachment files in an export's folder.
    func carried(_ world: World, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: world.root + "/" + folder)) ?? []).sorted()
    }

    @Test func anExportCarriesItsPhotosAndAnImportIntoANewHouseholdKeepsThem() throws {
        let source = World()
        let (file, soup, _) = try exportWithPhotos(source)
        let names = carried(source, "backup_files")
        #expect(names.count == 2 && names.allSatisfy { $0.hasSuffix(".jpg") }, "\(names)")
        let text = source.text(file)
        #expect(text.contains("\"files\" : \"backup_files\"") || text.contains("\"files\": \"backup_files\""))

        let world = World()
        let ana = try world.device("Ana")
        let imported = try ana.ok("import", file, "--new-household", "Copy", "--folder", world.shared)
        #expect(imported.stdout.contains("With 2 photos from backup_files/."), "\(imported.stdout)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")
        let listed = try AttachmentTests.listing(ana)
        #expect(listed.count == 2 && listed.allSatisfy { $0["status"] as? String == "here" }, "\(listed)")
        let soupID = try #require(listed.first { $0["name"] as? String == "soup.jpg" }?["attachment"] as? String)
        try ana.ok("attachment", "save", String(soupID.prefix(12)), "--out", world.root + "/soup-back.jpg")
        #expect(FileManager.default.contentsEqual(atPath: world.root + "/soup-back.jpg", andPath: soup))
        #expect(AttachmentTests.attachmentFiles(world).count == 2, "in the new household's folder for its other devices")
    }

    @Test func thePageAndTheMarkdownShowThePhotosFromBesideThem() throws {
        let world = World()
        let (_, _, mike) = try exportWithPhotos(world)
        try mike.ok("export", "--format", "html", "--out", world.root + "/home.html")
        try mike.ok("export", "--format", "markdown", "--out", world.root + "/notes.md")
        let names = carried(world, "home_files")
        #expect(names.count == 2, "\(names)")
        let page = world.text(world.root + "/home.html")
        for name in names { #expect(page.contains("<img src=\"home_files/\(name)\" alt="), "\(name)") }
        let notes = world.text(world.root + "/notes.md")
        #expect(notes.contains("](notes_files/") && notes.contains("![soup.jpg]"), "\(notes)")

        let onScreen = try mike.ok("export", "--format", "html").stdout
        #expect(onScreen.contains("photo soup.jpg not in this export") && !onScreen.contains("<img"))
    }

    @Test func aPhotoMissingOrDamagedInTheExportIsNamedAndItsRecordStillImported() throws {
        let source = World()
        let (file, _, _) = try exportWithPhotos(source)
        let names = carried(source, "backup_files")
        try FileManager.default.removeItem(atPath: source.root + "/backup_files/" + names[0])
        var damaged = try #require(source.bytes(source.root + "/backup_files/" + names[1]))
        damaged[damaged.count / 2] ^= 0xFF
        source.write(source.root + "/backup_files/" + names[1], damaged)

        let world = World()
        let ana = try world.device("Ana")
        let imported = try ana.ok("import", file, "--new-household", "Copy", "--folder", world.shared, "--json")
        let photos = imported.object["photos"] as? [String: Any]
        #expect(photos?["added"] as? Int == 0, "\(imported.stdout)")
        #expect((photos?["missing"] as? [Any])?.count == 2, "\(imported.stdout)")
        #expect(try ana.ok("recipe", "show", "Soup").stdout.contains("Photo soup.jpg ("), "the record names it still")
        #expect(AttachmentTests.attachmentFiles(world).isEmpty, "nothing damaged was added")
        try FileManager.default.createDirectory(atPath: world.root + "/other-shared", withIntermediateDirectories: true)
        let plain = try world.device("Ben").run(
            "import", file, "--new-household", "Other", "--folder", world.root + "/other-shared")
        #expect(plain.stderr.contains("was not imported: not in backup_files/"), "\(plain.stderr)")
        #expect(plain.stderr.contains("is not that file"), "\(plain.stderr)")
    }
}
