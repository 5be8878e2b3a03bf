/// Shell completion scripts generated from a `CommandTable`: commands and their aliases,
/// options, and — through a command the script calls back — names from the user's own data.
public struct CompletionScript: Sendable {
    /// What a word on the command line may be completed with.
    public enum Words: Sendable, Equatable {
        /// Names printed one per line by `<program> <namesCommand> KIND`.
        case names(String)
        /// Paths on disk.
        case files
    }

    public let table: CommandTable
    /// The words after the program name that print names, e.g. `["completion", "names"]`.
    public let namesCommand: [String]
    /// What an argument of a command completes to, by the command's path and the argument.
    public let argumentWords: @Sendable ([String], ArgumentSpec) -> Words?
    /// What the value of an option completes to.
    public let optionWords: @Sendable (OptionSpec) -> Words?

    public init(
        table: CommandTable, namesCommand: [String],
        argumentWords: @escaping @Sendable ([String], ArgumentSpec) -> Words?,
        optionWords: @escaping @Sendable (OptionSpec) -> Words?
    ) {
        self.table = table
        self.namesCommand = namesCommand
        self.argumentWords = argumentWords
        self.optionWords = optionWords
    }

    var program: String { table.programName }
    var function: String { "_" + program.filter { $0.isLetter || $0.isNumber } }

    /// Single-quoted for a POSIX shell.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell word that yields `words`, or nil when nothing is to be offered.
    func source(of words: Words?) -> String? {
        switch words {
        case .names(let kind)?: "names:" + kind
        case .files?: "files"
        case nil: nil
        }
    }

    /// What the first argument of a node completes to (later ones are rarely names).
    func argumentSource(_ entry: CommandTable.Entry) -> String? {
        guard entry.isRunnable, let first = entry.arguments.first else { return nil }
        return source(of: argumentWords(entry.path, first))
    }
}
