/// What `ours export --format` can write.
public enum ExportFormat: String, ArgumentChoice, Hashable {
    /// Everything, for backups and other programs.
    case json
    /// Readable lists and recipes, for notes apps and printing.
    case markdown
    /// The meal plan, chores and tasks as calendar events.
    case ics
    /// A self-contained page to open in a browser.
    case html
}
