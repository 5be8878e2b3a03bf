import Foundation
import OursCLI
import OursSync
import Testing

/// `--yes` is taken by every rm, so a script may pass it everywhere: the ones that ask go ahead,
/// the others (whose deletions can be restored) ask nothing either way.
@Suite struct RemoveYesTests {
    typealias Phone = LifeCommandTests.Phone

    @Test func everyRemovalTakesYes() {
        let phone = Phone()
        for setUp in [
            ["add", "milk"], ["chore", "add", "Bins", "--every", "tuesday"], ["task", "add", "Fix the tap"],
            ["recipe", "add", "Soup", "-i", "1 onion"], ["plan", "2026-12-08", "dinner", "Soup"],
            ["memory", "add", "First steps"], ["record", "put", "widget", "w1", "--fields", #"{"size": 2}"#],
        ] {
            #expect(phone.run(setUp).code == 0, "\(setUp)")
        }
        for removal in [
            ["item", "rm", "milk"], ["chore", "rm", "Bins"], ["task", "rm", "Fix the tap"],
            ["meal", "rm", "2026-12-08", "dinner"], ["recipe", "rm", "Soup"], ["memory", "rm", "First steps"],
            ["ingredient", "rm", "milk"], ["record", "rm", "widget", "w1"],
        ] {
            let result = phone.run(removal + ["--yes"])
            #expect(result.code == 0, "\(removal): \(result.err)")
        }
    }

    @Test func mealsTakeTheWeekWordsTheHelpShows() {
        let phone = Phone()
        for week in ["next", "last", "this", "+2", "-1", "tomorrow"] {
            #expect(phone.run("meals", "--week", week).code == 0, "\(week)")
            #expect(phone.run("meals", "to-list", "--week", week).code == 0, "\(week)")
        }
        let wrong = phone.run("meals", "--week", "soon")
        #expect(wrong.code == 2 && wrong.err.hasPrefix("ours: --week \"soon\" is not a week"), "\(wrong.err)")
    }
}

extension LifeCommandTests.Phone {
    @discardableResult
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let capture = CapturingConsole()
        let code = OursCLI.run(arguments, environment: ["OURS_HOME": home, "TZ": "UTC"], console: capture.console)
        return (code, capture.output, capture.errorOutput)
    }
}
