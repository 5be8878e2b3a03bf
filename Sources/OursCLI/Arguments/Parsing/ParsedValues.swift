/// The flags, option values and positional words the parser collected for one command.
///
/// Commands read values through the typed `Option` and `Argument` they declared. Reading one
/// the command did not list in its declaration is a programming error and traps, so the
/// mistake fails the first test that parses that command instead of silently reading nothing.
public struct ParsedValues: Sendable {
    /// The command these values belong to, starting with the program, for error messages.
    public let command: [String]
    private let declaredOptions: [String: OptionSpec]
    private let declaredArguments: Set<String>
    private let flags: Set<String>
    private let optionValues: [String: [String]]
    private let argumentValues: [String: [String]]

    public init(
        command: [String], options: [OptionSpec], arguments: [ArgumentSpec],
        flags: Set<String>, optionValues: [String: [String]], argumentValues: [String: [String]]
    ) {
        self.command = command
        self.declaredOptions = Dictionary(options.map { ($0.name, $0) }) { first, _ in first }
        self.declaredArguments = Set(arguments.map(\.name))
        self.flags = flags
        self.optionValues = optionValues
        self.argumentValues = argumentValues
    }

    /// The value of a typed option: `values[Self.list]`.
    ///
    /// - Throws: `UsageError` for a value the option cannot read, such as a number out of range.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        get throws(UsageError) { try option.value(in: self) }
    }

    /// The value of a typed positional argument: `values[Self.name]`.
    public subscript<Value>(_ argument: Argument<Value>) -> Value {
        get throws(UsageError) { try argument.value(in: self) }
    }

    /// Whether a flag was given. The flag must be one this command declared.
    func isSet(_ flag: OptionSpec) -> Bool {
        _ = spec(flag.name)
        return flags.contains(flag.name)
    }

    /// Every value given for an option, in command-line order. The option must be one this
    /// command declared.
    func texts(of option: OptionSpec) -> [String] {
        _ = spec(option.name)
        return optionValues[option.name] ?? []
    }

    /// The words given for a positional argument. The argument must be one this command
    /// declared.
    func words(of argument: ArgumentSpec) -> [String] {
        precondition(declaredArguments.contains(argument.name), "argument \(argument.name) is not declared")
        return argumentValues[argument.name] ?? []
    }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool {
        _ = spec(name)
        return flags.contains(name)
    }

    /// The value of `--name`, if given.
    public func option(_ name: String) -> String? {
        options(name).last
    }

    /// Every value of a repeatable `--name`, in command-line order.
    public func options(_ name: String) -> [String] {
        _ = spec(name)
        return optionValues[name] ?? []
    }

    /// The value of a required `--name`.
    ///
    /// - Throws: `UsageError` when it is absent; the parser checks required options first, so
    ///   this only guards builders against a declaration that forgot `required: true`.
    public func requiredOption(_ name: String) throws(UsageError) -> String {
        guard let value = option(name) else {
            throw .missingOption(spec(name), command: command)
        }
        return value
    }

    /// The word given for a required positional argument.
    ///
    /// - Throws: `UsageError` when it is absent, which the parser normally reports first.
    public func argument(_ name: String) throws(UsageError) -> String {
        guard let value = arguments(name).first else {
            throw .missingArgument(.required(name, help: ""), command: command)
        }
        return value
    }

    /// The word given for an optional positional argument, if any.
    public func optionalArgument(_ name: String) -> String? {
        arguments(name).first
    }

    /// Every word given for a variadic positional argument.
    public func arguments(_ name: String) -> [String] {
        precondition(declaredArguments.contains(name), "argument \(name) is not declared")
        return argumentValues[name] ?? []
    }

    /// The declaration of `--name`, for messages that quote its spelling.
    func spec(_ name: String) -> OptionSpec {
        guard let spec = declaredOptions[name] else {
            preconditionFailure("option --\(name) is not declared for \(command)")
        }
        return spec
    }
}
