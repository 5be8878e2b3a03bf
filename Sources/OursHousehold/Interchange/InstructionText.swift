import Foundation

/// A recipe's method given as one text: how it splits into steps.
enum InstructionText {
    /// The steps: a line per line break, paragraph or list item; a single line of numbered
    /// steps ("1. Mix … 2. Bake …") at its numbers; sentences run together where a page lost
    /// its paragraph breaks ("…paper.Snap the chocolate…") at the join.
    static func steps(_ text: String) -> [String] {
        let lines = HTMLText.lines(text)
        return lines.flatMap { line in splitNumbered(line) ?? splitRunTogether(line) }
    }

    /// "1. Mix… 2. Bake…" or "1) Mix… 2) Bake…": at each number that counts up from 1.
    static func splitNumbered(_ line: String) -> [String]? {
        var parts: [String] = []
        var expected = 1
        var rest = Substring(line)
        var current = ""
        while !rest.isEmpty {
            let marker = "\(expected)"
            let atBoundary = current.isEmpty || current.last == " "
            if atBoundary, rest.hasPrefix(marker), let after = rest.dropFirst(marker.count).first, after == "." || after == ")",
                rest.dropFirst(marker.count + 1).first == " "
            {
                if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
                current = ""
                rest = rest.dropFirst(marker.count + 2)
                expected += 1
                continue
            }
            current.append(rest.removeFirst())
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        guard expected > 3 else { return nil }
        return parts.map { HTMLText.tidy($0) }.filter { !$0.isEmpty }
    }

    /// Sentences joined without a space ("paper.Snap"): a page's paragraphs whose breaks were
    /// lost. Split where a sentence's full stop is followed at once by a capital letter that
    /// starts a word of at least two letters (not "U.S.").
    static func splitRunTogether(_ line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            current.append(character)
            guard ".!?)".contains(character), index + 2 < characters.count, index > 1 else { continue }
            let next = characters[index + 1], after = characters[index + 2]
            let before = characters[index - 1]
            if next.isUppercase, after.isLowercase, before.isLowercase || before == ")" || before == "." {
                parts.append(current)
                current = ""
            }
        }
        parts.append(current)
        return parts.map { HTMLText.tidy($0) }.filter { !$0.isEmpty }
    }

    /// Ingredient lines joined without a break ("sesame oil2 small onions, chopped.3 cloves"):
    /// split where a lowercase letter or a full stop is followed at once by a digit, or a
    /// lowercase letter at once by a capital.
    static func splitRunTogetherLines(_ line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var previous: Character?
        for character in line {
            if let previous, previous.isLowercase || previous == ".",
                character.isASCIIDigit || (previous.isLowercase && character.isUppercase)
            {
                parts.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        parts.append(current)
        return parts.map { HTMLText.tidy($0) }.filter { !$0.isEmpty }
    }
}
