import OursSync

extension Commands {
    /// Runs the "household life" commands (lists, items, recipes, meals, chores, tasks,
    /// categories, export); `nil` when `command` is not one of them.
    func runHouseholdLife(_ command: OursCommand) throws(OursError) -> Int32? {
        nil
    }
}
