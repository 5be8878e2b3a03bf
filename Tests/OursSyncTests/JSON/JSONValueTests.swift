import Testing

@testable import OursSync

/// Equality decides whether two devices hold "the same" value, so it must follow the bytes
/// a file would contain, not Swift's Unicode-aware string equality.
@Suite struct JSONValueTests {
    @Test func stringsCompareByBytes() {
        #expect("é" == "e\u{301}", "premise: Swift calls them equal")
        #expect(JSONValue.string("é") != .string("e\u{301}"))
        #expect(Set<JSONValue>([.string("é"), .string("e\u{301}")]).count == 2)
    }

    @Test func objectKeysCompareByBytes() {
        // The same key in two normalisations writes different files, so the values differ.
        #expect(JSONValue.object(["é": .null]) != .object(["e\u{301}": .null]))
        #expect(JSONValue.object(["é": .null]) == .object(["é": .null]))
    }

    @Test func objectEqualityIgnoresInsertionOrder() {
        var a: [String: JSONValue] = [:]
        var b: [String: JSONValue] = [:]
        for i in 0..<20 { a["k\(i)"] = .number(String(i)) }
        for i in (0..<20).reversed() { b["k\(i)"] = .number(String(i)) }
        #expect(JSONValue.object(a) == .object(b))
        #expect(JSONValue.object(a).hashValue == JSONValue.object(b).hashValue)
        b["k3"] = .number("3.0")
        #expect(JSONValue.object(a) != .object(b))
    }

    @Test func kindsNeverCompareEqual() {
        let values: [JSONValue] = [.null, .bool(false), .number("0"), .string("0"), .string(""), .array([]), .object([:])]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() { #expect((a == b) == (i == j)) }
        }
    }

    @Test(arguments: [
        (3.0, "3"), (-0.0, "0"), (2.5, "2.5"), (2.50, "2.5"), (1e20, "1e+20"), (-7.0, "-7"), (0.1, "0.1"),
    ])
    func doublesBecomeStableText(double: Double, text: String) {
        #expect(JSONValue(double) == .number(text))
    }

    @Test func nonFiniteDoublesBecomeNull() {
        #expect(JSONValue(Double.nan) == .null)
        #expect(JSONValue(Double.infinity) == .null)
        #expect(JSONValue(-Double.infinity) == .null)
    }

    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = ["s": "x", "i": 3, "f": 2.50, "b": true, "n": nil, "a": [1, "y"]]
        #expect(
            value
                == .object([
                    "s": .string("x"), "i": .number("3"), "f": .number("2.5"), "b": .bool(true), "n": .null,
                    "a": .array([.number("1"), .string("y")]),
                ]))
        #expect(JSONValue(42) == .number("42"))
    }

    @Test(arguments: [("12", 12), ("-0", 0), ("1e2", 100), ("2.0", 2)])
    func intValueOfWholeNumbers(text: String, int: Int) {
        #expect(JSONValue.number(text).intValue == int)
    }

    @Test(arguments: ["1.5", "1e300", "x"])
    func intValueRejectsFractionsAndHugeNumbers(text: String) {
        #expect(JSONValue.number(text).intValue == nil)
    }

    @Test func accessorsReturnNilForOtherKinds() {
        let string: JSONValue = "x"
        #expect(string.stringValue == "x")
        #expect(string.intValue == nil && string.doubleValue == nil && string.boolValue == nil)
        #expect(string.objectValue == nil && string.arrayValue == nil && string.numberText == nil)
        #expect(string["k"] == nil)
        let object: JSONValue = ["k": 1]
        #expect(object["k"] == .number("1"))
        #expect(object["missing"] == nil)
        #expect(object.objectValue?.count == 1)
        #expect(JSONValue.array([.null]).arrayValue == [.null])
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.number("2.50").numberText == "2.50")
        #expect(JSONValue.number("2.50").doubleValue == 2.5)
    }

    @Test func kindNames() {
        let names = [JSONValue.null, .bool(true), .number("1"), .string(""), .array([]), .object([:])].map(\.kindName)
        #expect(names == ["null", "boolean", "number", "string", "array", "object"])
    }
}
