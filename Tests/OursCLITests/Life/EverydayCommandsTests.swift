import Foundation
import OursCLI
import OursSync
import Testing

/// The everyday show, edit, remove and restore commands, run in-process.
@Suite struct EverydayCommandsTests {
    typealias Phone = LifeCommandTests.Phone

    @Test func itemShowEditRemoveAndHistory() throws {
        let phone = Phone()
        phone.run("add", "milk", "--list", "Party", "--qty", "2")
        phone.run("add", "milk", "bread")
        let ambiguous = phone.run("item", "show", "milk")
        #expect(ambiguous.code == 2)
        #expect(ambiguous.err.contains("Say which with --list (Groceries, Party), or use the id: milk-"))
        phone.run("check", "milk", "--list", "party")
        let shown = try phone.json("item", "show", "milk", "--list", "Party")
        #expect(shown.value["list"]?["name"] == "Party")
        #expect(shown.value["item"]?["addedByName"] == "Sarah")
        #expect(shown.value["item"]?["history"]?.arrayValue?.map { $0["event"] } == ["added", "checked"])
        #expect(shown.value["item"]?["history"]?.arrayValue?.last?["byName"] == "Sarah")
        let text = phone.run("item", "show", "milk", "--list", "Party").out
        #expect(text.hasPrefix("milk  Party · checked\n  Quantity: 2\n  Added by Sarah, "))
        #expect(text.contains("History\n"))

        let edited = try phone.json("item", "edit", "bread", "--qty", "1 loaf", "--note", "sliced")
        #expect(edited.value["outcome"] == "updated")
        #expect(edited.value["item"]?["qty"] == "1 loaf")
        #expect(phone.run("item", "edit", "bread", "--note", "").out == "Updated bread on Groceries.\n")
        #expect(phone.run("item", "edit", "bread", "--note", "none").out == "bread is already so.\n")
        #expect(phone.run("item", "edit", "bread", "--move-to", "Party").code == 0)
        #expect(try phone.json("list", "show", "party").value["items"]?.arrayValue?.map { $0["name"] } == ["bread", "milk"])

        let history = try phone.json("list", "history")
        #expect(history.value.arrayValue?.map { $0["name"] } == ["milk"])
        #expect(history.value.arrayValue?.first?["list"]?["name"] == "Party")
        #expect(history.value.arrayValue?.first?["byName"] == "Sarah")
        #expect(phone.run("list", "history", "Groceries").out == "Nothing bought in the last 30d on Groceries.\n")
        #expect(phone.run("item", "rm", "bread").out == "Removed bread from Party.\n")
        #expect(phone.run("item", "rm", "bread").code == 4)
    }

    @Test func deletedAndRestore() throws {
        let phone = Phone()
        phone.run("add", "salsa", "chips", "--list", "Party")
        phone.run("list", "delete", "party", "--yes")
        let deleted = try phone.json("deleted")
        #expect(deleted.value.arrayValue?.map { $0["name"] } == ["Party", "salsa", "chips"], "the latest first")
        #expect(deleted.value.arrayValue?.first?["type"] == "list")
        #expect(deleted.value.arrayValue?.first?["deletedByName"] == "Sarah")
        #expect(try phone.json("deleted", "--type", "item").value.arrayValue?.allSatisfy { $0["context"] == "Party" } == true)
        let restored = phone.run("restore", "item", "salsa")
        #expect(restored.out == "Restored the item salsa (Party).\nWith it: the list Party.\n")
        let list = try phone.json("restore", "list", "party")
        #expect(list.code == 4, "the list is back already")
        let shown = try phone.json("list", "show", "Party")
        #expect(shown.value["items"]?.arrayValue?.map { $0["name"] } == ["salsa"])
        #expect(phone.run("restore", "item", "chips").code == 0)
        #expect(phone.run("deleted").out == "Nothing deleted in the last 30d.\n")
    }

    @Test func categoriesMealsAndTheirErrors() throws {
        let phone = Phone()
        phone.run("add", "milk", "--category", "Dairy")
        #expect(phone.run("category", "rm", "dairy").code == 2, "needs --yes: a usage error")
        #expect(try phone.json("category", "show", "dai").value["items"]?.arrayValue?.count == 1)
        #expect(phone.run("category", "edit", "dairy", "--name", "Fridge").out == "Renamed the category to Fridge on 1 item.\n")
        #expect(phone.run("category", "rm", "fridge", "--yes").out == "Deleted the category Fridge and took it off 1 item.\n")

        phone.run("recipe", "add", "Pancakes", "-i", "2 cups flour", "--servings", "4")
        let planned = try phone.json("plan", "2025-03-14", "dinner", "pancakes", "--note", "syrup")
        #expect(planned.value["servings"] == 4)
        #expect(planned.value["note"] == "syrup")
        phone.run("plan", "2025-03-15", "dinner", "Soup")
        let refused = phone.run("meal", "move", "2025-03-14", "dinner", "--to", "2025-03-15")
        #expect(refused.code == 1)
        #expect(refused.err.contains("Add --replace to move Pancakes there instead"))
        let moved = try phone.json("meal", "move", "2025-03-14", "dinner", "--to", "2025-03-15", "lunch")
        #expect(moved.value["id"] == "2025-03-15-lunch")
        #expect(moved.value["outcome"] == "updated")
        #expect(try phone.json("meal", "show", "2025-03-15", "lunch").value["servings"] == 4)
        #expect(phone.run("meal", "edit", "2025-03-15", "lunch", "--servings", "8").code == 0)
        let toList = try phone.json("meals", "to-list", "--week", "2025-03-15")
        #expect(toList.value["items"]?.arrayValue?.first?["total"] == "4 cups")
        phone.run("check", "flour")
        #expect(
            try phone.json("meals", "to-list", "--week", "2025-03-15").value["settled"]?.arrayValue?.map { $0["name"] } == [
                "flour"
            ])
        #expect(phone.run("meal", "rm", "2025-03-15", "lunch").out == "Took Pancakes off Saturday 2025-03-15 lunch.\n")
        #expect(phone.run("meal", "show", "2025-03-15", "lunch").code == 4)
    }

    @Test func projectsAndTasks() throws {
        let phone = Phone()
        phone.run("task", "add", "Buy paint", "--project", "Home")
        phone.run("task", "add", "Buy paint", "--project", "Shed", "--note", "white")
        let ambiguous = phone.run("task", "done", "buy", "paint")
        #expect(ambiguous.code == 2)
        #expect(ambiguous.err.contains("Say which with --project (Home, Shed)"))
        #expect(phone.run("task", "done", "buy", "paint", "--project", "shed").out == "Done: Buy paint (Shed).\n")
        let done = try phone.json("tasks", "--done")
        #expect(done.value.arrayValue?.first?["doneByName"] == "Sarah")
        #expect(done.value.arrayValue?.first?["note"] == "white")
        #expect(try phone.json("task", "show", "buy paint", "--project", "shed").value["done"] == true)

        let projects = try phone.json("project", "list")
        #expect(projects.value.arrayValue?.map { $0["name"] } == ["Home", "Shed"])
        #expect(projects.value.arrayValue?.last?["done"] == 1)
        #expect(phone.run("project", "archive", "home").out.hasPrefix("Archived Home and its 1 open task;"))
        #expect(try phone.json("tasks").value == [])
        #expect(try phone.json("tasks", "--archived").value.arrayValue?.count == 1)
        #expect(phone.run("project", "unarchive", "home").code == 0)
        let edited = try phone.json("task", "edit", "buy paint", "--project", "home", "--move-to", "Garden", "--priority", "1")
        #expect(edited.value["project"] == "Garden")
        #expect(edited.value["priority"] == 1)
        #expect(phone.run("project", "rm", "garden").code == 2, "needs --yes: a usage error")
        #expect(phone.run("project", "rm", "garden", "--yes").out == "Deleted Garden and its 1 task.\n")
        #expect(
            phone.run("restore", "project", "garden").out
                == "Restored the project Garden.\nWith it: the task Buy paint (Garden).\n")
        #expect(phone.run("task", "rm", "buy paint", "--project", "garden").code == 0)
        #expect(phone.run("tasks", "--project", "Nowhere").code == 4)
    }
}
