import Foundation
import OursCLI
import OursSync
import Testing

/// The household-life commands run in-process against a temporary state directory.
@Suite struct LifeCommandTests {
    /// One simulated device: its own `OURS_HOME`, set up with `ours init`.
    final class Phone {
        let home: String

        init() {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("ours-life-\(UUID().uuidString.prefix(8))").path
            #expect(run("init", "--name", "Sarah").code == 0)
        }

        deinit { try? FileManager.default.removeItem(atPath: home) }

        @discardableResult
        func run(_ arguments: String..., input: String = "") -> (code: Int32, out: String, err: String) {
            let capture = CapturingConsole(input: Array(input.utf8))
            let code = OursCLI.run(arguments, environment: ["OURS_HOME": home, "TZ": "UTC"], console: capture.console)
            return (code, capture.output, capture.errorOutput)
        }

        /// Runs with `--json` and parses the one document printed.
        func json(_ arguments: String...) throws -> (code: Int32, value: JSONValue) {
            let capture = CapturingConsole()
            let code = OursCLI.run(arguments + ["--json"], environment: ["OURS_HOME": home], console: capture.console)
            return (code, try JSONParser.parse(capture.output))
        }
    }

    static func fixture(_ relative: String) -> String { FixtureFiles.path(relative) }

    @Test func addShowCheck() throws {
        let phone = Phone()
        let added = phone.run("add", "milk", "eggs", "--qty", "2")
        #expect(added.code == 0)
        #expect(added.out == "Created the list Groceries.\nAdded milk to Groceries. (2)\nAdded eggs to Groceries. (2)\n")
        #expect(phone.run("add", "Milk").out == "milk is already on Groceries. (2)\n")
        #expect(phone.run("check", "EGGS").out == "Checked eggs on Groceries.\n")
        #expect(phone.run("add", "bread", "--category", "bakery").code == 0)
        #expect(phone.run("list", "show").out == "Groceries\n  [ ] bread  bakery\n  [ ] milk   2\n  [x] eggs   2\n")
        let (code, shown) = try phone.json("list", "show", "groceries")
        #expect(code == 0)
        #expect(shown["list"]?["name"] == "Groceries")
        #expect(shown["list"]?["default"] == true)
        #expect(shown["items"]?.arrayValue?.map { $0["name"] } == ["bread", "milk", "eggs"])
        #expect(shown["items"]?.arrayValue?.last?["checked"] == true)
    }

    @Test func jsonShapesOfItemCommands() throws {
        let phone = Phone()
        let (code, added) = try phone.json("add", "flour", "--list", "Baking", "--qty", "1 kg")
        #expect(code == 0)
        #expect(added["listOutcome"] == "created")
        #expect(added["list"]?["name"] == "Baking")
        #expect(added["items"]?.arrayValue?.first?["outcome"] == "created")
        #expect(added["items"]?.arrayValue?.first?["qty"] == "1 kg")
        let checked = try phone.json("check", "flour")
        #expect(checked.value["outcome"] == "updated")
        #expect(checked.value["item"]?["checked"] == true)
        #expect(checked.value["list"]?["name"] == "Baking")
        let removed = try phone.json("remove", "flour", "--list", "baking")
        #expect(removed.value["deleted"] == true)
        let lists = try phone.json("lists")
        #expect(lists.value.arrayValue?.map { $0["name"] } == ["Baking"])
        #expect(lists.value.arrayValue?.first?["unchecked"] == 0)
    }

    @Test func exitCodes() throws {
        let phone = Phone()
        phone.run("add", "Milk", "Millet")
        let unknown = phone.run("check", "bread")
        #expect(unknown.code == 4)
        #expect(unknown.err.hasPrefix("ours: no item called \"bread\"\n"))
        let ambiguous = phone.run("check", "mil")
        #expect(ambiguous.code == 2)
        #expect(ambiguous.err.hasPrefix("ours: \"mil\" matches several items: Milk (Groceries), Millet (Groceries)\n"))
        #expect(phone.run("list", "show", "Hardware").code == 4)
        #expect(phone.run("recipe", "add", "Toast").code == 0)
        let again = phone.run("recipe", "add", "toast!")
        #expect(again.code == 1)
        #expect(again.err.hasPrefix("ours: there is already a recipe called Toast (id "))
        #expect(again.err.hasSuffix(" by Sarah)\nAdd --as-new to keep both, or --replace to write this one over it.\n"))
        #expect(phone.run("recipe", "add", "toast", "--force").code == 0)
        #expect(phone.run("recipe", "add", "toast", "--as-new", "--replace").code == 2)
        #expect(phone.run("plan", "someday", "dinner", "Toast").code == 2)
        #expect(phone.run("list", "delete", "groceries").code == 2, "needs --yes: a usage error")
        #expect(phone.run("list", "delete", "groceries", "--yes").out == "Deleted Groceries and its 2 items.\n")
        let error = try phone.json("recipe", "show", "Cake")
        #expect(error.code == 4)
        #expect(error.value["error"]?["kind"] == "notFound")
    }

    @Test func recipesImportShowExportAndToList() throws {
        let phone = Phone()
        let imported = try phone.json("recipe", "import", Self.fixture("recipes/lasagne.jsonld"))
        #expect(imported.code == 0)
        #expect(imported.value["imported"] == 1)
        #expect(imported.value["recipes"]?.arrayValue?.first?["outcome"] == "created")
        let exported = phone.run("recipe", "export", "lasagne")
        #expect(exported.code == 0)
        let document = try JSONParser.parse(exported.out)
        #expect(document["@type"] == "Recipe")
        #expect(document["name"] == "Weeknight Lasagne")
        #expect(document["recipeIngredient"]?.arrayValue?.count == 8)
        let toList = try phone.json("recipe", "to-list", "Weeknight Lasagne", "--servings", "3")
        #expect(toList.value["recipe"]?["name"] == "Weeknight Lasagne")
        #expect(toList.value["servings"] == 3)
        let mince = toList.value["items"]?.arrayValue?.first { $0["name"] == "beef mince" }
        #expect(mince?["total"] == "250 g")
        #expect(phone.run("recipe", "favorite", "lasagne").out == "Weeknight Lasagne is now a favourite ★.\n")
        let favorites = try phone.json("recipes", "--favorites")
        #expect(favorites.value.arrayValue?.map { $0["name"] } == ["Weeknight Lasagne"])
        let fromStdin = phone.run(
            "recipe", "import", "-", input: #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 l stock"]}"#)
        #expect(fromStdin.out == "Imported Soup (1 ingredient).\n")
        #expect(phone.run("recipe", "import", "/nonexistent/file.json").code == 4)
    }

    @Test func mealsChoresTasks() throws {
        let phone = Phone()
        #expect(
            phone.run("plan", "2025-03-14", "dinner", "Fish", "and", "chips").out
                == "Planned Fish and chips for dinner on Friday 2025-03-14.\n")
        #expect(phone.run("plan", "2025-03-14", "dinner", "Pizza").code == 1)
        let meals = try phone.json("meals", "--week", "2025-03-12")
        #expect(meals.value.arrayValue?.map { $0["name"] } == ["Fish and chips"])
        #expect(meals.value.arrayValue?.map { $0["id"] } == ["2025-03-14-dinner"])
        let chore = try phone.json("chore", "add", "Bins", "--every", "7d", "--assign", "sarah")
        #expect(chore.value["outcome"] == "created")
        #expect(chore.value["every"] == "7d")
        #expect(chore.value["assigneeName"] == "Sarah")
        #expect(phone.run("chore", "done", "bins").code == 0)
        #expect(try phone.json("chores").value.arrayValue?.first?["due"] == false)
        #expect(phone.run("chore", "add", "Dishes", "--every", "1d", "--assign", "Nobody").code == 4)
        let task = try phone.json(
            "task", "add", "Fix", "the", "tap", "--project", "Home", "--priority", "1", "--due", "2025-03-20")
        #expect(task.value["name"] == "Fix the tap")
        #expect(task.value["priority"] == 1)
        #expect(task.value["due"] == "2025-03-20")
        #expect(try phone.json("tasks", "--project", "home").value.arrayValue?.count == 1)
        #expect(phone.run("task", "done", "fix", "the", "tap").out == "Done: Fix the tap (Home).\n")
        #expect(try phone.json("tasks").value == [])
    }

    @Test func exports() throws {
        let phone = Phone()
        phone.run("add", "Milk", "--note", "<2%>")
        phone.run("plan", "2025-03-14", "dinner", "Tacos, with lime")
        let ics = phone.run("export", "--format", "ics")
        #expect(ics.code == 0)
        #expect(ics.out.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(ics.out.contains("SUMMARY:Dinner: Tacos\\, with lime\r\n"))
        let json = try JSONParser.parse(phone.run("export").out)
        #expect(json["format"] == "ours-household")
        #expect(json["lists"]?.arrayValue?.first?["items"]?.arrayValue?.first?["note"] == "<2%>")
        let out = phone.home + "/export.html"
        let written = try phone.json("export", "--format", "html", "--out", out)
        #expect(written.value["path"] == .string(out))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("&lt;2%&gt;"))
        #expect(!html.contains("<2%>"))
        let markdown = try phone.json("export", "--format", "markdown")
        #expect(markdown.value["format"] == "markdown")
        #expect(markdown.value["content"]?.stringValue?.contains("- [ ] Milk — \\<2%\\>") == true)
    }

    @Test func categories() throws {
        let phone = Phone()
        #expect(phone.run("category", "add", "Dairy").out == "Added the category Dairy.\n")
        #expect(phone.run("category", "add", "dairy").out == "There is already a category called Dairy.\n")
        phone.run("add", "milk", "--category", "DAIRY")
        #expect(try phone.json("categories").value == [["id": .string("dairy-f7c3251c1681"), "name": "Dairy"]])
        #expect(try phone.json("list", "show").value["items"]?.arrayValue?.first?["category"] == "Dairy")
    }
}
