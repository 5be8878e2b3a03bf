import Foundation
import OursCLI
import OursHousehold
import OursSync
import Testing

@testable import OursCLI

/// Every example in the help of the everyday commands works, run on a household that has what
/// the examples name.
@Suite struct EverydayExamplesTests {
    /// The commands whose examples are checked: the new ones, and those that gained options.
    static let paths =
        EverydayCommandTests.paths + [
            ["plan"], ["tasks"], ["list", "show"], ["task", "add"], ["task", "done"], ["recipe", "rm"], ["recipes"],
            ["ingredient", "add"], ["ingredients"], ["chores"],
        ]

    /// A device's private household with what the examples name.
    static func seeded() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ours-examples-\(UUID().uuidString.prefix(8))")
            .path
        let device = Device(home: home, clock: SystemWallClock())
        _ = try device.initialize(name: "Sarah", email: nil)
        let life = Household(try device.zone())
        _ = try life.add(["milk"], to: "Party", category: "Dairy")
        _ = try life.add(["eggs", "salsa"])
        _ = try life.check("eggs")
        _ = try life.remove("salsa")
        for name in ["Hardware", "Christmas", "Picnic"] { _ = try life.createList(named: name) }
        _ = try life.archiveList("Christmas")
        _ = try life.deleteList("Picnic", confirmed: true)
        _ = try life.addCategory("Frozen")
        _ = try life.addRecipe(named: "Pancakes", ingredients: ["2 cups flour"], servings: 4)
        _ = try life.addRecipe(named: "Lasagne", ingredients: ["500 g pasta"])
        _ = try life.plan("friday", .dinner, "Pancakes")
        _ = try life.plan("2025-03-14", .dinner, "Lasagne")
        _ = try life.plan("saturday", .lunch, "Lasagne")
        _ = try life.addRecipe(named: "Toast", ingredients: ["2 slices bread"])
        _ = try life.addTask("Fix the tap")
        _ = try life.addTask("Buy paint", project: "Home")
        _ = try life.addTask("Buy paint", project: "Garden")
        _ = try life.addTask("Paint the door", project: "Shed")
        _ = try life.addTask("Mow the lawn")
        _ = try life.deleteTask("mow")
        return home
    }

    /// Each example runs on a copy of one seeded household.
    @Test func everyExampleWorks() throws {
        let seed = try Self.seeded()
        defer { try? FileManager.default.removeItem(atPath: seed) }
        for path in Self.paths {
            let node = try #require(CommandLineParser.parser.node(at: path))
            #expect(!node.examples.isEmpty, "'ours \(path.joined(separator: " "))' has an example")
            for example in node.examples {
                let home = seed + "-" + UUID().uuidString.prefix(8)
                try FileManager.default.copyItem(atPath: seed, toPath: home)
                defer { try? FileManager.default.removeItem(atPath: home) }
                let line = words(example)
                #expect(line.first == "ours", "\(example)")
                let capture = CapturingConsole()
                let code = OursCLI.run(Array(line.dropFirst()), environment: ["OURS_HOME": home], console: capture.console)
                #expect(code == 0, "\(example): \(capture.errorOutput)")
            }
        }
    }
}
