/// A JSON value as the folder format stores it.
///
/// Numbers keep the exact text they were written with, so a value survives any number of
/// round trips through any device byte for byte, and no platform's float formatting can make
/// two devices disagree. Object keys are unordered here; the writer sorts them.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's JSON text, exactly as parsed or as formatted once when created.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var numberText: String? { if case .number(let n) = self { n } else { nil } }

    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        if let d = Double(text), d.rounded() == d, abs(d) < 9e15 { return Int(d) }
        return nil
    }

    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

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
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
