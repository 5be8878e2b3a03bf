import Testing

@testable import OursCLI

/// Every command a person can run shows at least one example in its help.
@Suite struct HelpExampleTests {
    @Test func everyRunnableCommandHasAnExampleInItsHelp() {
        let missing = allNodes().filter { $0.node.isRunnable && !$0.path.isEmpty && $0.node.examples.isEmpty }.map {
            $0.path.joined(separator: " ")
        }
        #expect(missing.isEmpty, "no example: \(missing.joined(separator: ", "))")
        for (path, node) in allNodes() where node.isRunnable && !path.isEmpty {
            let help = CommandLineParser.helpText(for: path)
            #expect(help.contains("\nExamples:\n"), "\(path)")
            let command = "ours " + path.joined(separator: " ")
            #expect(node.examples.contains { $0.contains(command) }, "\(path): an example runs the command itself")
        }
    }
}
