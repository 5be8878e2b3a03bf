import Testing

@testable import OursCLI

/// Every option a command declares reaches the command: leaving an optional one out of a
/// realistic line, or giving a required one another value, changes what the line parses to.
/// An option declared for help but never read by its command fails here.
@Suite struct OptionReachabilityTests {
    /// Where a line of the parse tables gives an option.
    struct Use {
        var words: [String]
        var index: Int
        var option: OptionSpec
        /// `--name=value` rather than `--name value`.
        var inline: Bool
    }

    static let runnablePaths = allNodes().filter { $0.node.isRunnable }.map(\.path)

    @Test(arguments: runnablePaths)
    func everyOptionReachesItsCommand(path: [String]) throws {
        let node = try #require(CommandLineParser.parser.node(at: path))
        let lines = CommandTreeTests.tables.map { words($0.0) }.filter { Self.path(of: $0) == path }
        for option in node.options {
            guard let use = lines.lazy.compactMap({ Self.use(of: option, in: $0, node: node) }).first else {
                Issue.record("no line in the parse tables gives \(option.longForm) to 'ours \(path.joined(separator: " "))'")
                continue
            }
            let original = try CommandLineParser.invocation(from: use.words).action
            let changed = try #require(Self.changed(use), "no other value for \(option.longForm) parses")
            #expect(
                try CommandLineParser.invocation(from: changed).action != original,
                "\(option.longForm) does not reach 'ours \(path.joined(separator: " "))': \(use.words)")
        }
    }

    /// The command a line reaches: each word that names a subcommand of the node reached so far.
    static func path(of words: [String]) -> [String] {
        var node = OursCommandTree.root
        var path: [String] = []
        for word in words.prefix(while: { $0 != "--" }) {
            guard let next = node.subcommand(named: word) else { continue }
            node = next
            path.append(next.name)
        }
        return path
    }

    static func use(of option: OptionSpec, in words: [String], node: CommandSpec<ParsedInvocation.Action>) -> Use? {
        for (index, word) in words.prefix(while: { $0 != "--" }).enumerated() {
            if word == option.longForm || option.short.map({ word == "-\($0)" }) == true {
                return Use(words: words, index: index, option: option, inline: false)
            }
            if word.hasPrefix(option.longForm + "=") {
                return Use(words: words, index: index, option: option, inline: true)
            }
        }
        return nil
    }

    /// The line without the option, or for a required one with another value that parses.
    static func changed(_ use: Use) -> [String]? {
        var words = use.words
        guard use.option.isRequired else {
            let count = use.option.takesValue && !use.inline ? 2 : 1
            words.removeSubrange(use.index..<use.index + count)
            return words
        }
        let old = use.inline ? String(words[use.index].drop { $0 != "=" }.dropFirst()) : words[use.index + 1]
        for candidate in [old + "x", "2" + old, "2", "other"] {
            if use.inline { words[use.index] = use.option.longForm + "=" + candidate } else { words[use.index + 1] = candidate }
            if case .success = CommandLineParser.parse(words) { return words }
        }
        return nil
    }
}
