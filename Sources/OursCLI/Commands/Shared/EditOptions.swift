import Foundation
import OursHousehold

/// Options that change one optional field of a record in an `edit` command: given, they set
/// it; given as `""` or `none`, they clear it; left out, they leave it as it is.
extension Option where Value == Edit<String> {
    /// `--note TEXT` and the like.
    static func edit(_ name: String, placeholder: String, help: String) -> Self {
        let spec = OptionSpec.value(name, placeholder: placeholder, help: help + #"; "" or none clears it"#)
        return Option(spec: spec) { values in
            guard let text = values.texts(of: spec).last else { return .keep }
            return EditText.isClear(text) ? .clear : .set(text)
        }
    }
}

extension Option where Value == Edit<Int> {
    /// `--priority 1-4` and the like: a whole number within `bounds`, or `none`.
    static func editInteger(_ name: String, placeholder: String, in bounds: ClosedRange<Int>, help: String) -> Self {
        let spec = OptionSpec.value(name, placeholder: placeholder, help: help + "; none clears it")
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return .keep }
            if EditText.isClear(text) { return .clear }
            return .set(try ParsedValues.integer(text, label: spec.longForm, in: bounds, command: values.command))
        }
    }
}

extension Option where Value == Bool? {
    /// `--archived yes|no`: a yes or no for one field; `nil` when not given.
    static func yesNo(_ name: String, help: String) -> Self {
        let spec = OptionSpec.value(name, placeholder: "yes|no", help: help)
        return Option(spec: spec) { values throws(UsageError) in
            guard let text = values.texts(of: spec).last else { return nil }
            switch text.lowercased() {
            case "yes", "y", "true", "on": return true
            case "no", "n", "false", "off": return false
            default:
                throw .invalidValue(spec.longForm, value: text, expected: "yes or no", command: values.command)
            }
        }
    }
}

/// The words that clear a field in an edit.
enum EditText {
    static func isClear(_ text: String) -> Bool {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        return word.isEmpty || word == "none"
    }
}
