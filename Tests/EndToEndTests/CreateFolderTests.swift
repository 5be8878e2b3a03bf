import Foundation
import Testing

/// `--folder` must name the shared folder: an empty value (an unset shell variable) would mean
/// the current directory, and `/` would put a household at the top of the file system. Both are
/// refused with a usage error (exit 2) naming the value, and nothing is made anywhere.
@Suite("End to end: the folder a household is made in")
struct CreateFolderTests {
    @Test func anEmptyFolderIsRefusedAndNothingIsMadeInTheCurrentDirectory() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        let here = world.root + "/here"
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: true)

        let created = try sarah.run(arguments: ["household", "create", "Home", "--folder", ""], in: here)
        #expect(created.exitCode == 2, "\(created)")
        #expect(created.stderr.contains("--folder is empty"), "\(created)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: here).isEmpty, "a household was made in the current directory")
        #expect(try sarah.ok("household", "list", "--json").array.isEmpty)

        let imported = try sarah.run(
            arguments: ["import", "-", "--new-household", "Home", "--folder", " "], input: "{}", in: here)
        #expect(imported.exitCode == 2 && imported.stderr.contains("--folder is empty"), "\(imported)")
        let joined = try sarah.run(arguments: ["join", "K7QX3M", "--folder", ""], in: here)
        #expect(joined.exitCode == 2 && joined.stderr.contains("--folder is empty"), "\(joined)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: here).isEmpty)
    }

    @Test func theRootOfTheFileSystemIsRefused() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        defer { removeHouseholdsAtTheRoot(sarah) }  // an old build makes one there: never leave it

        for root in ["/", "//", "/tmp/.."] {
            let created = try sarah.run("household", "create", "Home", "--folder", root)
            #expect(created.exitCode == 2, "\(root): \(created)")
            #expect(created.stderr.contains("root of the file system"), "\(root): \(created)")
        }
        #expect(try sarah.ok("household", "list", "--json").array.isEmpty)
        let fine = try sarah.run("household", "create", "Home", "--folder", world.shared)
        #expect(fine.exitCode == 0, "a folder inside it is fine: \(fine)")
    }

    /// Removes the folders of the households this device made at `/` (only such a folder, as it made it).
    func removeHouseholdsAtTheRoot(_ device: SimulatedDevice) {
        let households = (try? device.run("household", "list", "--json").array) ?? []
        for household in households where household["folder"] as? String == "/" {
            guard let directory = household["directory"] as? String, directory.hasPrefix("home-") else { continue }
            try? FileManager.default.removeItem(atPath: "/" + directory)
        }
    }
}
