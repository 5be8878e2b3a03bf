/// One `--name` a command accepts: a flag, an option with a value, or a repeatable option.
///
/// Options are declared as values rather than parsed by hand so that parsing, suggestions for
/// misspellings and help text all come from the same declaration and cannot drift apart.
public struct OptionSpec: Sendable, Hashable {
    /// What follows the option on the command line.
    public enum Kind: Sendable, Hashable {
        /// Present or absent; `--yes`.
        case flag
        /// Takes one value, given at most once; `--list NAME`.
        case value(placeholder: String)
        /// Takes one value and may be given many times; `--ingredient TEXT --ingredient TEXT`.
        case repeatable(placeholder: String)
    }

    /// The long name without dashes, e.g. `read-only`.
    public let name: String
    /// A one-letter form such as `y` for `-y`; kept for options people type often.
    public let short: Character?
    public let kind: Kind
    /// Required options are checked by the parser so every command reports them the same way.
    public let isRequired: Bool
    /// One line for help output.
    public let help: String

    public init(name: String, short: Character?, kind: Kind, isRequired: Bool, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.isRequired = isRequired
        self.help = help
    }

    /// A flag such as `--yes`.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, isRequired: false, help: help)
    }

    /// An option that takes one value, such as `--folder PATH`.
    public static func value(
        _ name: String, short: Character? = nil, placeholder: String, required: Bool = false,
        help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, kind: .value(placeholder: placeholder), isRequired: required,
            help: help)
    }

    /// An option that may be given many times, such as `--ingredient TEXT`.
    public static func repeatable(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, kind: .repeatable(placeholder: placeholder),
            isRequired: false,
            help: help)
    }

    /// The long name of the global flag the parser treats as a request for help: given
    /// anywhere, it shows the help of the command reached instead of running it.
    public static let helpName = "help"
    /// `--version`, which like `--help` answers before a command's own arguments are checked.
    public static let versionName = "version"

    /// `--name`, the spelling used in messages.
    public var longForm: String { "--" + name }

    /// The value's placeholder, or nil for a flag.
    public var placeholder: String? {
        switch kind {
        case .flag: nil
        case .value(let placeholder), .repeatable(let placeholder): placeholder
        }
    }

    public var takesValue: Bool { placeholder != nil }

    public var isRepeatable: Bool {
        if case .repeatable = kind { return true }
        return false
    }

    /// `--folder PATH`, as it appears in usage lines and messages.
    public var synopsis: String {
        placeholder.map { "\(longForm) \($0)" } ?? longForm
    }
}
