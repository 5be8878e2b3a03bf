/// One positional argument of a command, such as `NAME` or `ITEM...`.
public struct ArgumentSpec: Sendable, Hashable {
    /// How many words the argument takes; only the last argument of a command may take many.
    public enum Arity: Sendable, Hashable {
        case required
        case optional
        case oneOrMore
        case zeroOrMore
    }

    /// The name shown in usage and messages, in capitals by convention: `TYPE`, `ITEM`.
    public let name: String
    public let arity: Arity
    /// One line for help output.
    public let help: String

    public init(name: String, arity: Arity, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    public static func required(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .required, help: help)
    }

    public static func optional(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .optional, help: help)
    }

    public static func oneOrMore(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .oneOrMore, help: help)
    }

    public static func zeroOrMore(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .zeroOrMore, help: help)
    }

    /// `NAME`, `[ID]`, `ITEM...` or `[COMMAND...]`, as in a usage line.
    public var synopsis: String {
        switch arity {
        case .required: name
        case .optional: "[\(name)]"
        case .oneOrMore: "\(name)..."
        case .zeroOrMore: "[\(name)...]"
        }
    }

    /// Whether the command cannot run without at least one word for this argument.
    public var isRequired: Bool { arity == .required || arity == .oneOrMore }

    /// Whether the argument swallows every remaining word.
    public var isVariadic: Bool { arity == .oneOrMore || arity == .zeroOrMore }
}
