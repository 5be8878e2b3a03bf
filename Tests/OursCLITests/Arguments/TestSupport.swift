@testable import OursCLI

/// Splits a command line the way a shell would for the simple cases tests need: spaces
/// separate words, and single or double quotes group them. No escapes, no expansion.
func words(_ line: String) -> [String] {
    var result: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in line {
        if let open = quote {
            if character == open { quote = nil } else { current.append(character) }
        } else if character == "'" || character == "\"" {
            quote = character
            inWord = true
        } else if character == " " {
            if inWord { result.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(character)
            inWord = true
        }
    }
    if inWord { result.append(current) }
    return result
}

/// Parses a command line written as one string, without the program name.
func parse(_ line: String) throws(UsageError) -> ParsedInvocation {
    try CommandLineParser.invocation(from: words(line))
}

/// The command a line parses to, or the usage error's message as a failure, so a table test
/// shows what went wrong rather than just that it threw.
func command(_ line: String) -> Result<ParsedInvocation.Action, UsageError> {
    CommandLineParser.parse(words(line)).map(\.action)
}

/// The message of the usage error a line produces, or nil if it parses.
func usageMessage(_ line: String) -> String? {
    if case .failure(let error) = CommandLineParser.parse(words(line)) { return error.message }
    return nil
}

/// A duration known to be valid, for expected values in tables.
func duration(_ text: String) -> DurationText {
    do {
        return try DurationText.parse(text)
    } catch {
        fatalError("test table has a bad duration: \(error)")
    }
}

/// Every node of the `ours` tree with its canonical path, depth first, root first.
func allNodes() -> [(path: [String], node: CommandSpec<ParsedInvocation.Action>)] {
    func visit(
        _ node: CommandSpec<ParsedInvocation.Action>, _ path: [String]
    ) -> [(
        [String], CommandSpec<ParsedInvocation.Action>
    )] {
        [(path, node)] + node.subcommands.flatMap { visit($0, path + [$0.name]) }
    }
    return visit(OursCommandTree.root, []).map { (path: $0.0, node: $0.1) }
}

/// Every canonical command path below the root, for parameterized tests.
func allPaths() -> [[String]] {
    allNodes().map(\.path).filter { !$0.isEmpty }
}
