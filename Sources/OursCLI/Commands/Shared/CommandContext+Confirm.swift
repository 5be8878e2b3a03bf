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
        guard isatty(0) == 1, console.isTerminal, !json else {
            throw .usage("\(question) Add --yes to confirm when not running interactively.")
        }
        console.out(question + " [y/N] ")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else { throw .failed("cancelled; nothing changed") }
    }
}
