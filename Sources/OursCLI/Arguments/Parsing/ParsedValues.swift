/// The flags, option values and positional words the parser collected for one command.
///
/// Commands read values through the typed `Option` and `Argument` they declared:
/// `values[Self.list]`. Reading one the command did not list in its declaration is a
/// programming error and traps, so the mistake fails the first test that parses that command
/// instead of silently reading nothing.
public struct ParsedValues: Sendable {
    /// The command these values belong to, starting with the program, for error messages.
    public let command: [String]
    private let declaredOptions: [String: OptionSpec]
    private let declaredArguments: [String: ArgumentSpec]
    private let flags: Set<String>
    private let optionValues: [String: [String]]
    private let argumentValues: [String: [String]]

    public init(
        command: [String], options: [OptionSpec], arguments: [ArgumentSpec],
        flags: Set<String>, optionValues: [String: [String]], argumentValues: [String: [String]]
    ) {
        self.command = command
        self.declaredOptions = Dictionary(options.map { ($0.name, $0) }) { first, _ in first }
        self.declaredArguments = Dictionary(arguments.map { ($0.name, $0) }) { first, _ in first }
        self.flags = flags
        self.optionValues = optionValues
        self.argumentValues = argumentValues
    }

    /// Whether a flag was given. The flag must be one this command declared.
    func isSet(_ flag: OptionSpec) -> Bool {
        requireDeclared(flag)
        return flags.contains(flag.name)
    }

    /// Every value given for an option, in command-line order. The option must be one this
    /// command declared.
    func texts(of option: OptionSpec) -> [String] {
        requireDeclared(option)
        return optionValues[option.name] ?? []
    }

    /// The words given for a positional argument. The argument must be one this command
    /// declared.
    func words(of argument: ArgumentSpec) -> [String] {
        precondition(
            declaredArguments[argument.name] == argument, "argument \(argument.name) is not declared for \(command)")
        return argumentValues[argument.name] ?? []
    }

    private func requireDeclared(_ option: OptionSpec) {
        precondition(declaredOptions[option.name] == option, "option \(option.longForm) is not declared for \(command)")
    }
}
