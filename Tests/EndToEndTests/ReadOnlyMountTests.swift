import Foundation
import Testing

/// The shared folder remounted read-only on the owner's machine (a NAS, `errors=remount-ro`),
/// shown to the built binary by a read-only bind mount in a private mount namespace: a folder
/// the device cannot write is a folder that is away. Changes wait on the device and reach the
/// folder once it can be written; commands that must write the folder at once say it cannot be
/// written now; what anyone may do comes from the household's documents alone.
@Suite("End to end: a shared folder mounted read-only", .enabled(if: MountNamespace.runnable))
struct ReadOnlyMountTests {
    @Test func theOwnerStaysTheOwnerAndHerChangesWaitUntilTheFolderCanBeWritten() throws {
        try #require(MountNamespace.unavailable == nil, "\(MountNamespace.unavailable ?? "")")
        let world = World()
        let devices = try world.household()
        let (sarah, mike) = (devices[0], devices[1])
        try sarah.ok("add", "milk")
        try mike.ok("sync")
        let before = try files(under: world.shared)
        let readOnly = try MountNamespace.device(
            sarah, setup: MountNamespace.readOnly(world.shared), named: "ours-sarah-read-only", in: world.root)

        let synced = try readOnly.ok("sync")
        #expect(synced.stdout.contains("cannot be written now"), "\(synced)")
        let added = try readOnly.run("add", "eggs")
        #expect(added.exitCode == 0, "a change waits on the device: \(added)")
        #expect(added.stdout.contains("cannot be written right now") && added.stdout.contains("kept on this device"), "\(added)")
        #expect(try readOnly.run("add", "bread", "--json").object["keptOnThisDevice"] as? Bool == true)

        let invited = try readOnly.run("invite")
        #expect(invited.exitCode == 5, "a code is a file in the folder: \(invited)")
        #expect(invited.stderr.contains("cannot be written now") && !invited.stderr.contains("read-only access"), "\(invited)")
        let removed = try readOnly.run("members", "remove", "Mike", "--yes")
        #expect(removed.exitCode == 5, "a membership change must reach the folder at once: \(removed)")
        #expect(removed.stderr.contains("cannot be written now"), "\(removed)")

        let shown = try readOnly.ok("household", "show")
        #expect(shown.stdout.contains("owner, read-write") && !shown.stdout.contains("read-only,"), "\(shown)")
        #expect(shown.stdout.contains("cannot be written now"), "\(shown)")
        let status = try readOnly.ok("status", "--json").object
        #expect(status["permission"] as? String == "readWrite", "\(status)")
        #expect(status["folderAvailable"] as? Bool == true && status["folderWritable"] as? Bool == false, "\(status)")
        #expect(status["pendingChanges"] as? Int == 4, "eggs and bread wait, each an item and an ingredient: \(status)")
        let said = try readOnly.ok("status")
        #expect(said.stdout.contains("owner, read-write") && said.stdout.contains("cannot write it now"), "\(said)")
        #expect(try files(under: world.shared) == before, "nothing was written while the folder was read-only")

        // The folder can be written again: the next sync delivers what waited.
        try sarah.ok("sync")
        #expect(try sarah.ok("status", "--json").object["pendingChanges"] as? Int == 0)
        try mike.ok("sync")
        let list = try mike.ok("list", "show").stdout
        #expect(list.contains("eggs") && list.contains("bread"), "\(list)")
        #expect(try sarah.run("invite").exitCode == 0)
        #expect(try mike.ok("members", "--json").array.contains { $0["name"] as? String == "Mike" })
    }

    @Test func aReadOnlyMemberStillJoinsThroughAFolderTheirDeviceCannotWrite() throws {
        try #require(MountNamespace.unavailable == nil, "\(MountNamespace.unavailable ?? "")")
        let world = World()
        let sarah = try world.household(members: [])[0]
        try sarah.ok("add", "milk")
        let code = try sarah.ok("invite", "--read-only", "--json").object["code"] as? String ?? ""
        let before = try files(under: world.shared)
        let gran = try MountNamespace.device(
            try world.device("Gran"), setup: MountNamespace.readOnly(world.shared), named: "ours-gran-read-only",
            in: world.root)

        let joined = try gran.ok("join", code, "--folder", world.shared)
        #expect(joined.stdout.contains("Joined Home as a read-only member"), "\(joined)")
        #expect(try gran.ids("item").count == 1, "milk was read")
        #expect(try files(under: world.shared) == before, "a read-only join writes nothing")
        let added = try gran.run("add", "cake")
        #expect(added.exitCode == 3 && added.stderr.contains("read-only access"), "the household says so: \(added)")
        let status = try gran.ok("status")
        #expect(status.stdout.contains("shared folder available\n"), "nothing waits for a reader: \(status)")
    }

    /// Every file under `path` with its bytes.
    func files(under path: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: path)?.allObjects ?? [] {
            var isDirectory: ObjCBool = false
            let full = path + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return result
    }
}
