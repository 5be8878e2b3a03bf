import Foundation
import Testing

@testable import OursCLI

/// The manual page and the completion scripts come from the command tree; these check that
/// they describe all of it and that the page kept in the repository is the generated one.
@Suite("Manual page and completion scripts")
struct ManualAndCompletionTests {
    /// Every runnable command's canonical path, from the tree the parser walks.
    static let commands = OursCompletion.table.entries.filter(\.isRunnable).map(\.key)

    @Test func theManualInTheRepositoryIsTheGeneratedOne() throws {
        let path = URL(fileURLWithPath: SourceShape.sources).deletingLastPathComponent().appendingPathComponent("docs/ours.1")
        let kept = try String(contentsOf: path, encoding: .utf8)
        #expect(
            kept == OursManual.page.render(),
            "docs/ours.1 is out of date: run `swift run ours manual > docs/ours.1`")
    }

    @Test func theManualDescribesEveryCommandAndOption() {
        let page = OursManual.page.render()
        for entry in OursCompletion.table.entries where entry.isRunnable {
            #expect(page.contains(".SS \"ours \(entry.key)\""), "\(entry.key)")
            for option in entry.options {
                #expect(page.contains("\\-\\-" + ManualPage.escape(option.name)), "\(entry.key) --\(option.name)")
            }
        }
        #expect(!page.contains("\n.\n") && !page.contains("\n'"), "no stray control lines")
    }

    @Test func everyScriptNamesEveryCommandAndAlias() {
        let scripts = [OursCompletion.script.bash(), OursCompletion.script.zsh(), OursCompletion.script.fish()]
        for entry in OursCompletion.table.entries {
            for names in entry.children {
                for name in names {
                    for script in scripts {
                        #expect(script.contains("'\(entry.key.isEmpty ? "" : entry.key)|\(name)'"), "\(entry.key) \(name)")
                    }
                }
            }
        }
    }

    @Test func namesGoWhereTheyAreExpected() {
        let words = OursCompletion.argumentWords
        #expect(words(["check"], .required("ITEM", help: "")) == .names("items"))
        #expect(words(["add"], .oneOrMore("ITEM", help: "")) == nil, "new items have no names yet")
        #expect(words(["list", "show"], .optional("NAME", help: "")) == .names("lists"))
        #expect(words(["list", "create"], .required("NAME", help: "")) == nil)
        #expect(words(["members", "remove"], .required("MEMBER", help: "")) == .names("members"))
        #expect(OursCompletion.optionWords(.value("list", placeholder: "NAME", help: "")) == .names("lists"))
        #expect(OursCompletion.optionWords(.value("folder", placeholder: "PATH", help: "")) == .files)
        #expect(words(["memory", "show"], .oneOrMore("NAME", help: "")) == .names("memories"))
        #expect(words(["memory", "add"], .oneOrMore("TITLE", help: "")) == nil, "a new memory has no title yet")
        #expect(OursCompletion.optionWords(.value("for", placeholder: "PERSON", help: "")) == .names("members"))
    }

    @Test func rolesAreEscapedForRoff() {
        #expect(ManualPage.escape(".hidden") == "\\&.hidden")
        #expect(ManualPage.escape("a-b\\c") == "a\\-b\\ec")
    }
}
