import Foundation
import Testing

/// The scanner that measures functions, for the shape rules the code keeps.
@Suite("Source shape")
struct SourceShapeTests {
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
