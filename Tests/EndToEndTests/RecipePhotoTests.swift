import Foundation
import Testing

/// Pictures on recipes through the built binary, on two devices: added with the recipe, shown
/// and saved on the other device, replaced and taken off by an edit; a file that cannot be read
/// or a title that is taken writes nothing.
@Suite("End to end: photos on recipes")
struct RecipePhotoTests {
    /// The names of the photos `ours KIND show NAME --json` gives (an item comes inside `item`).
    static func photoNames(_ device: SimulatedDevice, _ kind: String, _ name: String) throws -> [String] {
        let shown = try device.ok(kind, "show", name, "--json").json as? [String: Any]
        let record = shown?["item"] as? [String: Any] ?? shown
        return (record?["photos"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aRecipesPhotosTravelAndAnEditReplacesOrRemovesThem() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let soup = AttachmentTests.photo(world, "soup.jpg", size: 300_000, seed: 5)

        let missing = try sarah.run("recipe", "add", "Stew", "--photo", world.root + "/nowhere.jpg")
        #expect(missing.exitCode == 4 && missing.stderr.contains("nowhere.jpg"), "\(missing)")
        #expect(try sarah.run("recipe", "show", "Stew").exitCode == 4, "nothing written")

        let added = try sarah.ok("recipe", "add", "Soup", "-i", "1 onion", "--photo", soup)
        #expect(added.stdout.contains("1 photo"), "\(added)")
        let other = AttachmentTests.photo(world, "other.jpg", size: 1000, seed: 6)
        let taken = try sarah.run("recipe", "add", "soup", "--photo", other)
        #expect(taken.exitCode == 1 && taken.stderr.contains("already a recipe"), "\(taken)")
        #expect(AttachmentTests.attachmentFiles(world).count == 1, "the refused recipe's photo was not copied")

        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "recipe", "Soup") == ["soup.jpg"])
        let shown = try mike.ok("recipe", "show", "Soup").stdout
        #expect(shown.contains("Photos") && shown.contains("Photo soup.jpg (") && shown.contains("): here"), "\(shown)")
        let id = try #require(try AttachmentTests.listing(mike).first?["attachment"] as? String)
        try mike.ok("attachment", "save", String(id.prefix(12)), "--out", world.root + "/mike.jpg")
        #expect(FileManager.default.contentsEqual(atPath: world.root + "/mike.jpg", andPath: soup))

        let plate = AttachmentTests.photo(world, "plate.jpg", size: 2000, seed: 7)
        let bowl = AttachmentTests.photo(world, "bowl.jpg", size: 3000, seed: 8)
        try mike.ok("recipe", "edit", "Soup", "--photo", plate, "--photo", bowl)
        let mixed = try mike.run("recipe", "edit", "Soup", "--photo", "none", "--photo", plate)
        #expect(mixed.exitCode == 2 && mixed.stderr.contains("--photo"), "\(mixed)")
        try sarah.ok("sync")
        #expect(try Self.photoNames(sarah, "recipe", "Soup") == ["plate.jpg", "bowl.jpg"])

        try sarah.ok("recipe", "edit", "Soup", "--photo", "none")
        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "recipe", "Soup").isEmpty)
        let recipe = try #require(try mike.ok("recipe", "show", "Soup", "--json").json as? [String: Any])
        #expect((recipe["ingredients"] as? [Any])?.count == 1, "the rest of the recipe stays")
        #expect(AttachmentTests.attachmentFiles(world).count == 3, "the files stay, for restores and other records")
    }
}

extension RecipePhotoTests {
    /// A task's photo (the leak under the sink) reaches the other device, follows the task to
    /// another project, and comes off with `--photo none`.
    @Test func aTasksPhotoTravelsAndFollowsItToAnotherProject() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let leak = AttachmentTests.photo(world, "leak.jpg", size: 50_000, seed: 9)
        let missing = try sarah.run("task", "add", "Fix the tap", "--photo", world.root + "/nowhere.jpg")
        #expect(missing.exitCode == 4 && missing.stderr.contains("nowhere.jpg"), "\(missing)")
        #expect(try sarah.run("task", "show", "Fix the tap").exitCode == 4, "nothing written")

        try sarah.ok("task", "add", "Fix the tap", "--photo", leak)
        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "task", "Fix the tap") == ["leak.jpg"])
        #expect(try mike.ok("task", "show", "Fix the tap").stdout.contains("Photo leak.jpg ("))
        try mike.ok("task", "edit", "Fix the tap", "--move-to", "Kitchen")
        try sarah.ok("sync")
        #expect(try Self.photoNames(sarah, "task", "Fix the tap") == ["leak.jpg"], "the photo moves with the task")
        try sarah.ok("task", "edit", "Fix the tap", "--photo", "none")
        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "task", "Fix the tap").isEmpty)
    }
}

extension RecipePhotoTests {
    /// The brand to buy: a photo on a grocery item reaches the other device and follows the
    /// item when it is renamed; `--photo none` takes it off.
    @Test func anItemsPhotoTravelsAndFollowsARename() throws {
        let world = World()
        let (sarah, mike) = try world.sarahAndMike()
        let brand = AttachmentTests.photo(world, "brand.jpg", size: 20_000, seed: 10)
        try sarah.ok("add", "coffee")
        let missing = try sarah.run("item", "edit", "coffee", "--photo", world.root + "/nowhere.jpg")
        #expect(missing.exitCode == 4 && missing.stderr.contains("nowhere.jpg"), "\(missing)")
        try sarah.ok("item", "edit", "coffee", "--photo", brand)
        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "item", "coffee") == ["brand.jpg"])
        #expect(try mike.ok("item", "show", "coffee").stdout.contains("Photo brand.jpg ("))
        try mike.ok("item", "edit", "coffee", "--name", "ground coffee")
        try sarah.ok("sync")
        #expect(try Self.photoNames(sarah, "item", "ground coffee") == ["brand.jpg"], "the photo follows the renamed item")
        try sarah.ok("item", "edit", "ground coffee", "--photo", "none")
        try mike.ok("sync")
        #expect(try Self.photoNames(mike, "item", "ground coffee").isEmpty)
    }
}
