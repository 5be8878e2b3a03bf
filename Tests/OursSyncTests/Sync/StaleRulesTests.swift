import Foundation
import Testing

@testable import OursSync

/// A device judges the record files it reads by the rules it holds. When those may be behind
/// the folder's — its `participants.json` cannot be read just now, or a write-through has not
/// read the documents at all — a file holding a change they would ignore is left as it is:
/// writing over it would drop that change for every device.
@Suite("Sync: rules that may be behind the folder's drop nothing")
struct StaleRulesTests {
    /// Sarah (owner), Tom, and Ana, read-only, who then upgrades with a read-write code and adds
    /// tea. Tom has not synced since: to him Ana is still read-only.
    struct Family {
        let fileSystem: InMemoryFileSystem
        let sarah: Zone
        let tom: Zone
        let ana: Zone
        static let tea = RecordKey(unchecked: "item", id: "tea")

        init() throws {
            let folder = try InMemoryFolder()
            let (clock, fileSystem) = (folder.clock, folder.fileSystem)
            let sarah = try folder.device("Sarah").createZone(name: "Home", folder: "/shared")
            let tom = try folder.device("Tom").join(code: try sarah.invite(readOnly: false).code, folder: "/shared").zone
            let anasDevice = try folder.device("Ana")
            _ = try anasDevice.join(code: try sarah.invite(readOnly: true).code, folder: "/shared")
            for household in [sarah, tom] { try household.sync() }
            clock.advance(by: 1000)
            let upgraded = try anasDevice.join(code: try sarah.invite(readOnly: false).code, folder: "/shared")
            #expect(upgraded.upgraded)
            clock.advance(by: 1000)
            try upgraded.zone.put(type: "item", id: "tea", fields: ["name": "Tea"])
            (self.fileSystem, self.sarah, self.tom, self.ana) = (fileSystem, sarah, tom, upgraded.zone)
        }

        /// The folder's record of tea, as a file.
        func folderTea() throws -> RecordState {
            let bytes = try fileSystem.read(sarah.layout!.path(of: Family.tea), limit: 1 << 20)
            return try RecordFile.decode(bytes, fallbackType: nil, fallbackID: nil, modifiedMillis: 0).state
        }

        var manifestPath: String { joinPath(sarah.layout!.zone, "participants.json") }
    }

    @Test func aPassLeavesAFileItWouldStripWhileTheParticipantListCannotBeRead() throws {
        let family = try Family()
        let manifest = try family.fileSystem.read(family.manifestPath, limit: 1 << 20)
        try family.fileSystem.writeAtomically(
            family.manifestPath, Array(manifest.prefix(manifest.count / 2)), durability: .deferred)

        let report = try family.tom.sync()
        #expect(
            report.problems.contains { $0.kind == .ignoredChange && $0.text.contains("cannot be read") }, "\(report.problems)")
        #expect(try family.folderTea().fields["name"]?.winner.value == "Tea", "Ana's write is still in the folder")
        #expect(try family.tom.get(Family.tea) == nil, "not merged meanwhile")

        try family.fileSystem.writeAtomically(family.manifestPath, manifest, durability: .deferred)
        try family.tom.sync()
        #expect(try family.tom.get(Family.tea)?.name == "Tea", "once the list is whole, Ana's upgrade admits it")
    }

    @Test func aWriteThroughLeavesAFileWithAChangeItsRulesWouldIgnoreToTheNextPass() throws {
        let family = try Family()
        try family.tom.put(type: "item", id: "tea", fields: ["note": "green"])  // Tom has not synced
        #expect(try family.folderTea().fields["name"]?.winner.value == "Tea", "Ana's write is still in the folder")
        #expect(try family.tom.replica.pendingKeys() == [Family.tea], "Tom's change waits")

        try family.tom.sync()
        let tea = try family.folderTea()
        #expect(tea.fields["name"]?.winner.value == "Tea" && tea.fields["note"]?.winner.value == "green", "\(tea)")
        #expect(try family.tom.replica.pendingKeys().isEmpty)
    }
}
