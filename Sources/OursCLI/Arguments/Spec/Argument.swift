/// A positional argument declared with the type its words are read as; the counterpart of
/// `Option`, read with `values[Self.name]`.
public struct Argument<Value: Sendable>: ArgumentDeclaration {
    public let spec: ArgumentSpec
    private let read: @Sendable (ParsedValues) throws(UsageError) -> Value

    public init(spec: ArgumentSpec, read: @escaping @Sendable (ParsedValues) throws(UsageError) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The value in `values`.
    func value(in values: ParsedValues) throws(UsageError) -> Value { try read(values) }
}

extension ParsedValues {
    /// The value of a typed positional argument: `values[Self.name]`.
    public subscript<Value>(_ argument: Argument<Value>) -> Value {
        get throws(UsageError) { try argument.value(in: self) }
    }
}

/// Anything that declares one positional argument, so a command lists them side by side.
public protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

extension Argument where Value == String {
    /// One word the command cannot run without, such as `NAME`.
    public static func required(_ name: String, help: String) -> Self {
        let spec = ArgumentSpec.required(name, help: help)
        return Argument(spec: spec) { values throws(UsageError) in
            guard let word = values.words(of: spec).first else {
                throw .missingArgument(spec, command: values.command)
            }
            return word
        }
    }
}

extension Argument where Value == String? {
    /// One word that may be left out, such as `[ID]`.
    public static func optional(_ name: String, help: String) -> Self {
        let spec = ArgumentSpec.optional(name, help: help)
        return Argument(spec: spec) { values in values.words(of: spec).first }
    }
}

extension Argument where Value == [String] {
    /// Every remaining word, at least one, such as `ITEM...`.
    public static func oneOrMore(_ name: String, help: String) -> Self {
        let spec = ArgumentSpec.oneOrMore(name, help: help)
        return Argument(spec: spec) { values in values.words(of: spec) }
    }

    /// Every remaining word, perhaps none, such as `[COMMAND...]`.
    public static func zeroOrMore(_ name: String, help: String) -> Self {
        let spec = ArgumentSpec.zeroOrMore(name, help: help)
        return Argument(spec: spec) { values in values.words(of: spec) }
    }
}

extension Argument where Value: ArgumentChoice {
    /// One word of a closed set, such as `SLOT`; see `ArgumentChoice`.
    public static func choice(
        _ name: String, as type: Value.Type = Value.self, help: String
    ) -> Self {
        let spec = ArgumentSpec.required(name, help: help)
        return Argument(spec: spec) { values throws(UsageError) in
            guard let word = values.words(of: spec).first else {
                throw .missingArgument(spec, command: values.command)
            }
            return try ParsedValues.choice(word, label: name, as: type, command: values.command)
        }
    }
}
