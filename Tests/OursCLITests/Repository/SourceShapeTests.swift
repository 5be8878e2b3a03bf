import Foundation
import Testing

/// The shape rules the code keeps: no function over 80 lines, so each fits in a head.
@Suite("Source shape")
struct SourceShapeTests {
    static let longestFunction = 80

    @Test func everyFunctionInSourcesFitsInAHead() throws {
        var long: [String] = []
        for file in SourceShape.swiftFiles(under: SourceShape.sources) {
            let text = try String(contentsOfFile: SourceShape.sources + "/" + file, encoding: .utf8)
            for body in SourceShape.bodies(in: text) where body.lines > Self.longestFunction {
                long.append("Sources/\(file):\(body.line) \(body.name): \(body.lines) lines")
            }
        }
        #expect(long.isEmpty, Comment(rawValue: "over \(Self.longestFunction) lines:\n" + long.joined(separator: "\n")))
    }

    @Test func theScannerMeasuresFunctionsAndIgnoresBracesInStringsAndComments() {
        let text = #"""
            protocol P {
                func required() -> Int
            }
            struct S {
                var computed: Int {
                    1
                }
                let table = ["{": "}"]
                func f(x: () -> Void = {}) {
                    // a } in a comment
                    /* and { in /* a nested */ block */
                    let s = "}\("{")"
                    let r = #"}"#
                    let m = """
                        }
                        """
                    func inner() { }
                }
                init() {}
            }
            """#
        let bodies = SourceShape.bodies(in: text)
        #expect(bodies.map(\.name) == ["computed", "inner", "f", "init"])
        #expect(bodies.first { $0.name == "f" } == SourceShape.Body(name: "f", line: 9, lines: 10))
        #expect(bodies.first { $0.name == "computed" }?.lines == 3)
    }
}
