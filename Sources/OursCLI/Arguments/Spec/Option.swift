/// An option declared with the type its value is read as.
///
/// A command keeps its options as static properties and reads them with `values[Self.list]`,
/// so a misspelt option is a compile error rather than a crash or a silent `nil`, and the
/// declaration that help prints is the one that reads the value.
public struct Option<Value: Sendable>: OptionDeclaration {
    public let spec: OptionSpec
    private let read: @Sendable (ParsedValues) throws(UsageError) -> Value

    /// - Parameters:
    ///   - spec: What the parser and help know of the option.
    ///   - read: Turns what was given for it into the value, failing for a value the parser
    ///     cannot judge (a number out of range).
    public init(spec: OptionSpec, read: @escaping @Sendable (ParsedValues) throws(UsageError) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The value in `values`.
    func value(in values: ParsedValues) throws(UsageError) -> Value { try read(values) }
}

extension ParsedValues {
    /// The value of a typed option: `values[Self.list]`.
    ///
    /// - Throws: `UsageError` for a value the option cannot read, such as a number out of range.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        get throws(UsageError) { try option.value(in: self) }
    }
}

/// Anything that declares one option, so a command lists its typed options side by side.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension Option where Value == Bool {
    /// A flag such as `--yes`: true when given.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
        let spec = OptionSpec.flag(name, short: short, help: help)
        return Option(spec: spec) { values in values.isSet(spec) }
    }
}

extension Option where Value == String? {
    /// An option that takes one value, such as `--list NAME`; nil when not given.
    public static func value(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> Self {
        let spec = OptionSpec.value(name, short: short, placeholder: placeholder, help: help)
        return Option(spec: spec) { values in values.texts(of: spec).last }
    }
}

extension Option where Value == String {
    /// An option the command cannot run without, such as `--folder PATH`; the parser reports
    /// it missing before the command reads it.
    public static func required(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> Self {
        let spec = OptionSpec.value(
            name, short: short, placeholder: placeholder, required: true, help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else {
                throw .missingOption(spec, command: values.command)
            }
            return text
        }
    }
}

extension Option where Value == [String] {
    /// An option that may be given many times, such as `--ingredient TEXT`; its values in
    /// command-line order.
    public static func repeatable(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> Self {
        let spec = OptionSpec.repeatable(name, short: short, placeholder: placeholder, help: help)
        return Option(spec: spec) { values in values.texts(of: spec) }
    }
}

extension Option where Value == Int? {
    /// A whole number within `bounds`, such as `--uses N`; the message states the bounds.
    public static func integer(
        _ name: String, short: Character? = nil, placeholder: String,
        in bounds: ClosedRange<Int> = Int.min...Int.max, help: String
    ) -> Self {
        let spec = OptionSpec.value(name, short: short, placeholder: placeholder, help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return nil }
            return try ParsedValues.integer(
                text, label: spec.longForm, in: bounds, command: values.command)
        }
    }
}

extension Option where Value == DurationText? {
    /// A duration such as `--expires 7d`.
    public static func duration(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> Self {
        let spec = OptionSpec.value(name, short: short, placeholder: placeholder, help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return nil }
            return try ParsedValues.duration(text, label: spec.longForm, command: values.command)
        }
    }
}

extension Option where Value == DurationText {
    /// A duration the command cannot run without, such as `--every DURATION`.
    public static func requiredDuration(
        _ name: String, short: Character? = nil, placeholder: String, help: String
    ) -> Self {
        let spec = OptionSpec.value(
            name, short: short, placeholder: placeholder, required: true, help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else {
                throw .missingOption(spec, command: values.command)
            }
            return try ParsedValues.duration(text, label: spec.longForm, command: values.command)
        }
    }
}

extension Option {
    /// One of a closed set of words, such as `--format FORMAT`; see `ArgumentChoice`.
    public static func choice<Choice: ArgumentChoice>(
        _ name: String, short: Character? = nil, placeholder: String, as type: Choice.Type,
        help: String
    ) -> Self where Value == Choice? {
        let spec = OptionSpec.value(name, short: short, placeholder: placeholder, help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return nil }
            return try ParsedValues.choice(
                text, label: spec.longForm, as: type, command: values.command)
        }
    }
}
