import Foundation
import OursSync

/// `ours demo`: two simulated devices share a household through a temporary folder, end to
/// end, by running real `ours` commands in-process and printing what each one printed.
struct DemoCommand: OursCommand {
    static let spec = Spec(
        "demo", summary: "Watch two simulated devices share a household through a temporary folder", examples: ["ours demo"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        try Script(context: context).run()
    }
}

/// The demo's steps, each an `ours` command line run as one of the devices.
private struct Script {
    let context: CommandContext

    final class Device {
        let label: String
        let home: String
        init(label: String, home: String) {
            self.label = label
            self.home = home
        }
    }

    func run() throws(OursError) -> Int32 {
        let base = FileManager.default.temporaryDirectory.path + "/ours-demo-" + RandomID.make(length: 6)
        let shared = base + "/shared-folder"
        for path in [shared, base + "/sarah", base + "/mike", base + "/gran"] {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw .failed("cannot create the demo folder \(path): \(error.localizedDescription)")
            }
        }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let sarah = Device(label: "Sarah's phone", home: base + "/sarah")
        let mike = Device(label: "Mike's laptop", home: base + "/mike")
        let gran = Device(label: "Gran's tablet", home: base + "/gran")
        let started = Date()

        narrate("Two devices, one shared folder (\(shared)) — think Dropbox or Syncthing.")
        try step(sarah, ["init", "--name", "Sarah"])
        try step(sarah, ["record", "put", "item", "milk", "--fields", #"{"name": "Milk", "qty": 1}"#])
        narrate("Sarah had a list before sharing; creating a household moves it in.")
        try step(sarah, ["household", "create", "Sarah & Mike's Home", "--folder", shared])
        let invitation = try step(sarah, ["invite"])
        let typed = String(invitation.prefix { $0 != "\n" }).lowercased()
        narrate("Mike types the code as he likes: any case, with or without the dash.")
        try step(mike, ["init", "--name", "Mike"])
        try step(mike, ["join", typed, "--folder", shared])
        try step(mike, ["record", "list", "item"])

        narrate("Mike changes the quantity; Sarah's next sync sees it.")
        try step(mike, ["record", "put", "item", "milk", "--fields", #"{"qty": 2}"#])
        try step(sarah, ["sync"])
        try step(sarah, ["record", "get", "item", "milk"])

        narrate("Both rename the milk at once — Sarah's phone is offline.")
        try? FileManager.default.moveItem(atPath: shared, toPath: shared + ".offline")
        try step(sarah, ["record", "put", "item", "milk", "--fields", #"{"name": "Oat milk"}"#])
        try? FileManager.default.moveItem(atPath: shared + ".offline", toPath: shared)
        Thread.sleep(forTimeInterval: 0.01)
        try step(mike, ["record", "put", "item", "milk", "--fields", #"{"name": "Whole milk"}"#])
        try step(sarah, ["sync"])
        try step(mike, ["sync"])
        narrate("The later edit wins everywhere; the other is kept, not lost.")
        try step(mike, ["conflicts"])

        narrate("Someone edits the record file by hand in a text editor…")
        let file = try recordFile(shared: shared, id: "milk")
        if var text = try? String(contentsOfFile: file, encoding: .utf8) {
            text = text.replacingOccurrences(of: "\"qty\": 2", with: "\"qty\": 6")
            try? text.write(toFile: file, atomically: false, encoding: .utf8)
        }
        try step(sarah, ["sync"])
        try step(sarah, ["record", "get", "item", "milk"])

        narrate("…and someone deletes the whole records folder. Absence is never deletion:")
        try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent + "/../..")
        try step(mike, ["sync"])
        try step(sarah, ["status"])

        try householdLife(sarah, mike)

        narrate("Gran joins with a read-only code: she sees everything and changes nothing.")
        let readOnly = try step(sarah, ["invite", "--read-only"])
        try step(gran, ["init", "--name", "Gran"])
        try step(gran, ["join", String(readOnly.prefix { $0 != "\n" }), "--folder", shared])
        try step(gran, ["record", "list", "item"])
        try step(gran, ["record", "put", "item", "--fields", #"{"name": "Biscuits"}"#], expecting: 3)
        try memoryWithPhoto(sarah, gran, photo: base + "/first-steps.png")

        narrate("Mike moves out: he leaves and keeps a read-only copy. Then Sarah ends the household.")
        try step(mike, ["household", "leave", "--yes"])
        try step(sarah, ["members"])
        try step(sarah, ["household", "dissolve", "--yes"])
        try step(gran, ["sync"], expecting: 3)
        try step(gran, ["--household", "Sarah & Mike's Home", "record", "list", "item"])
        narrate(String(format: "Done in %.1f s. The demo's folders have been removed.", Date().timeIntervalSince(started)))
        return 0
    }

    /// The household layer on top: an ingredient remembered across lists, a recipe title
    /// taken kept as a new recipe, and a chore that rotates between two people.
    private func householdLife(_ sarah: Device, _ mike: Device) throws(OursError) {
        narrate("Basil goes on the list once, filed under Produce; the household remembers where it goes.")
        try step(sarah, ["add", "basil", "--category", "Produce"])
        try step(sarah, ["list", "create", "Party"])
        try step(sarah, ["sync"])
        try step(mike, ["sync"])
        try step(mike, ["add", "basil", "--list", "Party"])
        try step(mike, ["ingredient", "show", "basil"])

        narrate("Both make Banana Bread; a title already taken is refused until Mike keeps his as new.")
        try step(sarah, ["recipe", "add", "Banana Bread", "-i", "3 bananas", "-i", "250 g flour"])
        try step(sarah, ["sync"])
        try step(mike, ["sync"])
        try step(mike, ["recipe", "add", "banana bread!", "-i", "2 bananas"], expecting: 1)
        try step(mike, ["recipe", "add", "banana bread!", "-i", "2 bananas", "--as-new"])
        try step(mike, ["recipes", "--duplicates"])

        narrate("The bins take turns: each time one of them takes them out, the other is next.")
        try step(mike, ["chore", "add", "Bins", "--every", "tuesday", "--rotate", "Sarah,Mike"])
        try step(mike, ["sync"])
        try step(sarah, ["sync"])
        try step(sarah, ["chore", "done", "Bins"])
        try step(sarah, ["chores"])
    }

    /// A memory kept for a grandchild, with a photo: the file goes into the household's
    /// folder under its content's name, and Gran, who may only read, sees it and can save it.
    private func memoryWithPhoto(_ sarah: Device, _ gran: Device, photo: String) throws(OursError) {
        narrate("Sarah keeps a memory for Lily, with a photo; Gran's tablet shows it, the photo checked whole.")
        // The smallest PNG there is: one pixel. A real photo goes the same way, streamed.
        let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
        guard (try? Data(base64Encoded: pixel)?.write(to: URL(fileURLWithPath: photo))) != nil else {
            throw .failed("cannot write the demo photo \(photo)")
        }
        try step(
            sarah,
            [
                "memory", "add", "First steps", "--date", "2019-06-02", "--for", "Lily", "--note", "She let go of the sofa.",
                "--photo", photo,
            ])
        try step(sarah, ["sync"])
        try step(gran, ["sync"])
        try step(gran, ["memories"])
        try step(gran, ["memory", "show", "First steps"])
    }

    /// Runs one `ours` command as `device` and prints the command and its output.
    @discardableResult
    private func step(_ device: Device, _ arguments: [String], expecting expected: Int32 = 0) throws(OursError) -> String {
        let capture = CapturingConsole()
        var environment = context.environment
        environment["OURS_HOME"] = device.home
        environment["NO_COLOR"] = "1"
        let code = context.runCommandLine(arguments, environment, capture.console)
        context.say(
            "\n" + context.dim("[\(device.label)]") + " $ "
                + context.bold("ours " + arguments.map(Script.quote).joined(separator: " ")))
        context.console.out(capture.output)
        if !capture.errorOutput.isEmpty { context.console.out(capture.errorOutput) }
        if expected != 0 { context.say(context.dim("(exit \(code))")) }
        guard code == expected else {
            throw .failed("the demo step `ours \(arguments.joined(separator: " "))` failed (exit \(code))")
        }
        return capture.output
    }

    private func narrate(_ text: String) { context.say("\n" + context.green("# " + text)) }

    private func recordFile(shared: String, id: String) throws(OursError) -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? []
        guard let zone = entries.first(where: { $0 != "codes" && !$0.hasPrefix(".") }) else {
            throw .failed("the demo household folder is missing")
        }
        return shared + "/" + zone + "/records/" + ZoneLayout.relativePath(of: try! RecordKey(type: "item", id: id))
    }

    /// Quotes an argument the way a shell needs it, so the printed commands can be pasted.
    static func quote(_ argument: String) -> String {
        guard argument.contains(where: { " \"'&{}$`\\".contains($0) }) else { return argument }
        if !argument.contains("'") { return "'" + argument + "'" }
        var escaped = ""
        for character in argument {
            if "\"$`\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}
