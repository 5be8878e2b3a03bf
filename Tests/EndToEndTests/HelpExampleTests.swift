import Foundation
import OursTestSupport
import Testing

/// The first example of every command's help, run with the built binary on a household that
/// has what the examples name: an example that fails teaches the wrong thing.
@Suite("End to end: help examples that work")
struct HelpExampleTests {
    /// Examples not run here, and why: each needs something a fixed household cannot have
    /// (a code or conflict id made at random), never returns, or ends the household the
    /// other examples use (those are run last, on their own, below).
    static let notRun: [String: String] = [
        "ours join": "needs a code made at random", "ours codes revoke": "needs a code made at random",
        "ours conflicts restore": "needs a conflict's id", "ours conflicts dismiss": "needs a conflict's id",
        "ours watch": "runs until stopped", "ours demo": "plays three devices; covered by DemoTests",
        "ours record get": "the record id is made at random here", "ours record rm": "the record id is made at random here",
        "ours household leave": "run last", "ours household dissolve": "run last", "ours household forget": "run last",
        "ours household transfer": "hands the household over; the membership tests run it",
        "ours members remove": "run last",
        "ours household create": "the device already has one; covered by every test",
        "ours init": "the device is already set up; covered by every test",
        "ours device remove": "needs a device id made at random; the linked-device tests run it",
        "ours household keep": "needs a read-only copy; the joining-and-leaving tests run it",
        "ours household folder": "needs the folder moved; the folder-move tests run it",
        "ours household recover": "needs a recovery code made at random; the recovery tests run it",
    ]

    /// Each command's first example, from the manual (`ours manual`): command → example.
    static func firstExamples(_ device: SimulatedDevice) throws -> [(command: String, example: String)] {
        let manual = try device.ok("manual").stdout.replacingOccurrences(of: "\\-", with: "-")
        var result: [(String, String)] = []
        var command: String?
        var inBlock = false
        for line in manual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(".SS \"ours") {
                command = String(line.dropFirst(5).dropLast())
                inBlock = false
            } else if line == ".nf" {
                inBlock = true
            } else if line == ".fi" {
                inBlock = false
            } else if inBlock, let name = command, line.hasPrefix("ours") {
                result.append((name, line))
                command = nil  // the first example only
            }
        }
        return result
    }

    /// Shell-like words: quotes group, and the line ends at a pipe; `< FILE` becomes the input.
    static func words(_ line: String) -> (words: [String], input: String?) {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        if let pipe = words.firstIndex(of: "|") { words = Array(words[..<pipe]) }
        if let redirect = words.firstIndex(of: ">") { words = Array(words[..<redirect]) }
        var input: String?
        if let from = words.firstIndex(of: "<"), from + 1 < words.count {
            input = words[from + 1]
            words = Array(words[..<from])
        }
        return (words, input)
    }

    /// Sarah's household, with Mike and Ana in it and what the examples name.
    static func seeded(_ world: World) throws -> [SimulatedDevice] {
        let devices = try world.household(members: [("Mike", false), ("Ana", false)])
        let sarah = devices[0]
        for line in [
            ["add", "milk", "eggs", "salsa"], ["remove", "salsa"], ["list", "create", "Hardware"],
            ["add", "nails", "--list", "Hardware"], ["list", "create", "Christmas"], ["list", "create", "Garden"],
            ["list", "create", "Party"], ["add", "balloons", "--list", "Party"],
            ["recipe", "add", "Lasagne", "-i", "500 g pasta", "-i", "1 bunch basil"],
            ["recipe", "add", "Toast", "-i", "2 slices bread"], ["plan", "friday", "dinner", "Lasagne"],
            ["task", "add", "Fix the tap"], ["task", "add", "Buy paint", "--project", "Home"],
            ["task", "add", "Paint the door", "--project", "Shed"],
            ["chore", "add", "Bins", "--every", "tuesday"], ["chore", "add", "Recycling", "--every", "mon,thu"],
            ["category", "add", "Dairy"], ["memory", "add", "Day at the sea", "--for", "Lily"],
            ["export", "--out", world.root + "/backup.json"], ["sync"],
        ] {
            let result = try sarah.run(arguments: line)
            #expect(result.exitCode == 0, "\(line): \(result)")
        }
        try #"{"name": "rice"}"#.write(toFile: world.root + "/items.jsonl", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: FixtureFiles.path("recipes/lasagne.jsonld"), toPath: world.root + "/lasagne.jsonld")
        // A photo named by a recipe: its id (the examples' 9650f149d622) is its bytes' SHA-256.
        try FileManager.default.copyItem(atPath: FixtureFiles.path("attachments/soup.jpg"), toPath: world.root + "/soup.jpg")
        let photo = try sarah.run(arguments: ["attachment", "add", "soup.jpg", "--json"], in: world.root)
        #expect(photo.exitCode == 0 && photo.stdout.contains("9650f149d622"), "\(photo)")
        let fields = #"{"title": "Soup", "photos": ["# + photo.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "]}"
        let soup = try sarah.run(arguments: ["record", "put", "recipe", "--fields", fields])
        #expect(soup.exitCode == 0, "\(soup)")
        return devices
    }

    @Test func everyCommandsFirstExampleRuns() throws {
        let world = World()
        let sarah = try Self.seeded(world)[0]
        let examples = try Self.firstExamples(sarah)
        #expect(examples.count > 60, "the manual lists the commands' examples: \(examples.count)")
        var failures: [String] = []
        for (command, example) in examples where Self.notRun[command] == nil {
            let (line, inputFile) = Self.words(example)
            let input = try inputFile.map { try String(contentsOfFile: world.root + "/" + $0, encoding: .utf8) }
            let result = try sarah.run(arguments: Array(line.dropFirst()), input: input, in: world.root)
            if result.exitCode != 0 { failures.append("\(example): exit \(result.exitCode) \(result.stderr)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func theExamplesThatEndSomethingRunToo() throws {
        let world = World()
        let devices = try Self.seeded(world)
        let (sarah, mike) = (devices[0], devices[1])
        let examples = Dictionary(try Self.firstExamples(sarah).map { ($0.command, $0.example) }) { first, _ in first }
        func run(_ device: SimulatedDevice, _ command: String) throws {
            let example = try #require(examples[command], "\(command) has an example")
            let result = try device.run(arguments: Array(Self.words(example).words.dropFirst()), in: world.root)
            #expect(result.exitCode == 0, "\(example): \(result)")
        }
        let ana = devices[2]
        try run(ana, "ours household leave")
        try run(ana, "ours household forget")
        try run(sarah, "ours members remove")
        try run(sarah, "ours household dissolve")
        let told = try mike.run("sync")
        #expect(told.exitCode == 3 && told.stdout.contains("dissolved"), "\(told)")
    }
}
