import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CommandContext {
    /// Asks before something that cannot be undone: `--yes` answers for scripts; without it,
    /// a terminal is asked and anything else is refused.
    func confirm(_ yes: Bool, _ question: String) throws(OursError) {
        if yes { return }
        guard canAsk else {
            throw .usage("\(question) Add --yes to confirm when not running interactively.")
        }
        console.out(question + " [y/N] ")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else { throw .failed("cancelled; nothing changed") }
    }
}

extension CommandContext {
    /// Runs a deletion that the library refuses without confirmation (a `.usage` error whose
    /// hint names `--yes`): with `--yes` it goes ahead at once; on a terminal the refusal
    /// becomes the question, asked like every other one; elsewhere the refusal stands (exit 2).
    func confirming<Result>(
        _ yes: Bool, _ body: (_ confirmed: Bool) throws(OursError) -> Result
    ) throws(OursError) -> Result {
        if yes { return try body(true) }
        do {
            return try body(false)
        } catch  where error.kind == .usage && (error.hint ?? "").contains("--yes") && canAsk {
            try confirm(false, error.message + ". Delete anyway?")
            return try body(true)
        }
    }

    /// Whether a question can be put to a person: both ends are a terminal and no JSON is wanted.
    var canAsk: Bool { isatty(0) == 1 && console.isTerminal && !json }
}
