import Testing

@testable import OursSync

/// What `ours doctor` can tell about the sync tool from the traces it leaves.
@Suite("Recognising the sync tool")
struct SyncToolCheckTests {
    let fileSystem = InMemoryFileSystem(clock: ManualWallClock(millis: 1_800_000_000_000))
    let zone = "/home/sarah/Sync/Ours/home-abc"

    init() throws {
        for directory in ["/home", "/home/sarah", "/home/sarah/Sync", "/home/sarah/Sync/Ours", zone, zone + "/records"] {
            try fileSystem.createDirectory(directory)
        }
    }

    func file(_ path: String, _ text: String = "") throws {
        try fileSystem.writeAtomically(path, Array(text.utf8), durability: .deferred)
    }

    func notes() -> [SyncToolNote] {
        SyncToolCheck.inspect(root: "/home/sarah/Sync/Ours", zone: zone, fileSystem: fileSystem)
    }

    @Test func nothingRecognisedInAPlainFolder() {
        #expect(notes().isEmpty)
    }

    @Test func syncthingAtTheFolderAndAnIgnoreRuleThatHidesConflicts() throws {
        try file("/home/sarah/Sync/.stfolder")
        #expect(notes().isEmpty, "nothing above the shared folder is read")
        try file("/home/sarah/Sync/Ours/.stfolder")
        #expect(notes().map(\.tool) == ["Syncthing"])
        #expect(notes().first?.warning == nil)
        #expect(notes().first?.advice.contains("Max Conflicts") == true)
        try file("/home/sarah/Sync/Ours/.stignore", "// keep it tidy\n*.sync-conflict-*\n!important.json\n")
        let warning = try #require(notes().first?.warning)
        #expect(warning.contains("*.sync-conflict-*") && !warning.contains("important"), "\(warning)")
    }

    @Test func dropboxNextcloudAndUnisonByTheirFiles() throws {
        try file("/home/sarah/Sync/Ours/.dropbox")
        try file("/home/sarah/Sync/Ours/._sync_4f2a.db")
        try file(zone + "/records/.unison.milk.json.1a2b.unison.tmp")
        #expect(notes().map(\.tool) == ["Dropbox", "Nextcloud / ownCloud", "Unison"])
        let byPath = SyncToolCheck.inspect(root: "/Users/sarah/Dropbox/Ours", zone: zone + "-none", fileSystem: fileSystem)
        #expect(byPath.map(\.tool) == ["Dropbox"], "known by the folder's path alone")
        #expect(notes().last?.advice.contains("-copyonconflict") == true)
    }

    @Test func placeholdersAreWarnedAbout() throws {
        try file(zone + "/records/.milk.json.icloud")
        try file(zone + "/records/eggs.json.nextcloud")
        let notes = notes()
        #expect(notes.map(\.tool) == ["Nextcloud / ownCloud", "iCloud Drive"])
        #expect(notes.allSatisfy { $0.warning?.contains("1 record file(s) are placeholders") == true }, "\(notes)")
    }
}
