import Foundation
import OursHousehold

/// Declarations the recipe commands share.
extension Argument where Value == String {
    /// `NAME`: a recipe.
    static var recipeName: Self { .required("NAME", help: "The recipe's name, or its id when two share a name") }
}

extension Option where Value == Bool {
    /// `--as-new`: keep both recipes when the title is taken.
    static var asNew: Self { .flag("as-new", help: "Keep both when a recipe already has this title") }

    /// `--replace`: write over the recipe that has the title.
    static var replaceRecipe: Self { .flag("replace", help: "Write over the recipe that already has this title") }

    /// `--force`: the name `--replace` had before; kept so scripts keep working.
    static var force: Self { .flag("force", help: "The same as --replace") }
}

extension ParsedValues {
    /// What `--as-new`, `--replace` and `--force` ask for when the title is taken.
    func sameTitle(
        asNew: Option<Bool>, replace: Option<Bool>, force: Option<Bool>? = nil
    ) throws(UsageError) -> Household.SameTitle {
        let keep = try self[asNew]
        var replacing = try self[replace]
        if let force, try self[force] { replacing = true }
        if keep, replacing { throw .conflictingOptions(asNew.spec, replace.spec, command: command) }
        return keep ? .keepBoth : replacing ? .replace : .refuse
    }
}

/// A number and a text, as `--replace-step 2="Stir well"` gives them.
extension Option where Value == [(Int, String)] {
    static func numbered(_ name: String, what: String, help: String) -> Self {
        let spec = OptionSpec.repeatable(name, placeholder: "N=TEXT", help: help)
        return Option(spec: spec) { values throws(UsageError) in
            var result: [(Int, String)] = []
            for text in values.texts(of: spec) {
                let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let number = Int(parts[0].trimmingCharacters(in: .whitespaces)), number >= 1 else {
                    throw .invalidValue(
                        spec.longForm, value: text, expected: "a \(what) number, = and the text, such as 2=\"…\"",
                        command: values.command)
                }
                result.append((number, String(parts[1])))
            }
            return result
        }
    }
}

/// Numbers, as `--remove-step 3` gives them.
extension Option where Value == [Int] {
    static func numbers(_ name: String, help: String) -> Self {
        let spec = OptionSpec.repeatable(name, placeholder: "N", help: help)
        return Option(spec: spec) { values throws(UsageError) in
            var result: [Int] = []
            for text in values.texts(of: spec) {
                result.append(try ParsedValues.integer(text, label: spec.longForm, in: 1...Int.max, command: values.command))
            }
            return result
        }
    }
}
