/// A JSON value as the folder format stores it.
///
/// Numbers keep the exact text they were written with, so a value survives any number of
/// round trips through any device byte for byte, and no platform's float formatting can make
/// two devices disagree. Object keys are unordered here; the writer sorts them.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number's JSON text, exactly as parsed or as formatted once when created.
    case number(String)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object: unique keys, unordered here.
    case object([String: JSONValue])

    /// Equal as the folder sees them: strings and object keys compare by their UTF-8 bytes (not
    /// by Unicode canonical equivalence), numbers by their text (`1` and `1.0` differ).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        // Swift compares strings by canonical equivalence; the folder compares bytes.
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                // Dictionary lookup matches keys by canonical equivalence; keys are bytes too.
                guard let index = b.index(forKey: key), b[index].key.utf8.elementsEqual(key.utf8),
                    b[index].value == value
                else { return false }
            }
            return true
        default: return false
        }
    }

    /// Hashes consistently with `==`: by bytes, and independent of object key order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(Array(s.utf8))
        case .array(let a): hasher.combine(a)
        case .object(let o):
            hasher.combine(o.count)
            for key in o.keys.sorted(by: JSONValue.keyOrder) { hasher.combine(key); hasher.combine(o[key]) }
        }
    }

    /// The order keys are written in: by UTF-8 bytes, the same on every platform.
    public static func keyOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension JSONValue {
    /// A number from an integer, written without a fraction.
    public init(_ int: Int) { self = .number(String(int)) }

    /// A number from a `Double`; whole numbers are written without a fraction.
    public init(_ double: Double) {
        if double.isFinite, double.rounded() == double, abs(double) < 1e15 {
            self = .number(String(Int64(double)))
        } else if double.isFinite {
            self = .number(String(double))
        } else {
            self = .null
        }
    }

    // What the value holds, when it is of that kind; `nil` for any other kind (a number is
    // never read as a string, nor a string as a number).

    /// The text of a `.string`.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The value of a `.bool`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The members of an `.object`.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    /// The elements of an `.array`.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The exact JSON text of a `.number`, as written (`"2.50"` stays `"2.50"`).
    public var numberText: String? { if case .number(let n) = self { n } else { nil } }

    /// A `.number` that is a whole number within `Int`'s range (`3`, `3.0`, `3e2`); `nil` for
    /// fractions.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        if let d = Double(text), d.rounded() == d, abs(d) < 9e15 { return Int(d) }
        return nil
    }

    /// A `.number` as a `Double` (which may round: keep `numberText` to preserve the value).
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// The member named `key` of an `.object`; `nil` when there is none or the value is no object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// A short name for the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    // Literals, so values read like JSON: `["name": "Milk", "qty": 2, "checked": false]`.

    /// `"Milk"` is `.string("Milk")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `2` is `.number("2")`.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    /// `2.5` is `.number("2.5")`; a whole number drops its fraction, as `init(_: Double)` does.
    public init(floatLiteral value: Double) { self.init(value) }
    /// `true` is `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `[1, "a"]` is an `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `nil` is `.null` (which `Zone.put` takes, like a missing value, as removing the field).
    public init(nilLiteral: ()) { self = .null }
    /// `["a": 1]` is an `.object`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
