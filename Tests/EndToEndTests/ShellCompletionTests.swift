import Foundation
import Testing

/// The completion scripts `ours completion` prints, run by the real shells: bash completes
/// commands, options and the names in a real household; zsh and fish accept their scripts; and
/// the manual page passes `mandoc`'s checks. Shells other than bash, and mandoc, are skipped
/// with a reason when missing, and required when CI=true (`.ci/run` installs them).
@Suite("End to end: shell completion and the manual page")
struct ShellCompletionTests {
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func available(_ name: String) -> Bool {
        if tool(name) != nil || required { return true }
        print("Shell completion: \(name) is not installed, so its check is skipped (required when CI=true).")
        return false
    }

    /// Runs a program to completion: its exit code and standard output and error, together.
    func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = OursBinary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// What bash offers for a command line whose last word is being typed.
    func bashCompletes(_ script: String, _ words: [String], home: String) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let body = """
            source \(script)
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _ours
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let (code, output) = try run("/bin/bash", ["-c", body], environment: ["OURS_HOME": home])
        #expect(code == 0, "\(output)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndTheHouseholdsNames() throws {
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk", "oat milk")
        try sarah.ok("list", "create", "Party food")
        let script = world.root + "/ours.bash"
        try sarah.ok("completion", "bash").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try run("/bin/bash", ["-n", script]).0 == 0)

        #expect(try bashCompletes(script, ["ours", "ad"], home: sarah.home) == ["add"])
        #expect(try bashCompletes(script, ["ours", "members", "r"], home: sarah.home) == ["remove"])
        #expect(try bashCompletes(script, ["ours", "add", "--li"], home: sarah.home) == ["--list"])
        #expect(try bashCompletes(script, ["ours", "check", ""], home: sarah.home).sorted() == ["milk", "oat\\ milk"])
        #expect(try bashCompletes(script, ["ours", "add", "x", "--list", "P"], home: sarah.home) == ["Party\\ food"])
        #expect(try bashCompletes(script, ["ours", "list", "show", "G"], home: sarah.home) == ["Groceries"])
    }

    @Test(.enabled(if: available("zsh"))) func zshAcceptsItsScript() throws {
        let zsh = try #require(Self.tool("zsh"), "zsh is required when CI=true")
        let world = World()
        let script = world.root + "/ours.zsh"
        try world.device("Sarah").ok("completion", "zsh").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try run(zsh, ["-n", script]).0 == 0)
        let (code, output) = try run(zsh, ["-f", "-c", "source \(script) && print ${_comps[ours]}"])
        #expect(code == 0 && output.contains("_ours"), "\(output)")
    }

    @Test(.enabled(if: available("fish"))) func fishCompletesFromItsScript() throws {
        let fish = try #require(Self.tool("fish"), "fish is required when CI=true")
        let world = World()
        let sarah = try world.device("Sarah")
        try sarah.ok("household", "create", "Home", "--folder", world.shared)
        try sarah.ok("add", "milk")
        let script = world.root + "/ours.fish"
        try sarah.ok("completion", "fish").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try run(fish, ["--no-execute", script]).0 == 0)
        let (_, commands) = try run(
            fish, ["-c", "source \(script); complete -C 'ours ad'"], environment: ["OURS_HOME": sarah.home])
        #expect(commands.hasPrefix("add\t"), "\(commands)")
        let (_, items) = try run(
            fish, ["-c", "source \(script); complete -C 'ours check '"], environment: ["OURS_HOME": sarah.home])
        #expect(items == "milk\n", "\(items)")
    }

    @Test(.enabled(if: available("mandoc"))) func theManualPagePassesMandocsChecks() throws {
        let mandoc = try #require(Self.tool("mandoc"), "mandoc is required when CI=true")
        let world = World()
        let page = world.root + "/ours.1"
        try world.device("Sarah").ok("manual").stdout.write(toFile: page, atomically: true, encoding: .utf8)
        let (_, lint) = try run(mandoc, ["-T", "lint", "-W", "error", page])
        #expect(lint.isEmpty, "\(lint)")
        let (code, text) = try run(mandoc, ["-T", "utf8", page])
        #expect(code == 0 && text.contains("ours household create"), "\(text.prefix(300))")
    }
}
