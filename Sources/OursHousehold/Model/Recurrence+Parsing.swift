import OursSync

extension Recurrence {
    /// Reads a rule as people write it, in any case, with or without a leading `every`, `each`
    /// or `on`:
    /// - a count and a unit: `2 weeks`, `3 days`, `1 month`, `12 hours`, `2w`, `7d`, `3mo`, `1h30m`;
    /// - a word: `daily`, `weekly`, `fortnightly`, `monthly`, `quarterly`, `yearly`, `day`,
    ///   `week`, `month`, `other week`;
    /// - weekdays: `monday`, `mon,thu`, `tue and fri`, `weekdays`, `weekends`;
    /// - a day of the month: `the 1st`, `15th`, `day 15`, `the 31st of the month`.
    ///
    /// `nil` for anything else, or a count out of range (more than ten years, a day 32).
    public init?(_ text: String) {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for lead in ["every ", "each ", "on "] where words.hasPrefix(lead) { words.removeFirst(lead.count) }
        for tail in [" of the month", " of every month", " of each month", " of month", " each month", " every month"]
        where words.hasSuffix(tail) {
            words.removeLast(tail.count)
        }
        guard !words.isEmpty else { return nil }
        if let named = Recurrence.named[words] {
            self = named
        } else if let rule = Recurrence.countAndUnit(words) ?? Recurrence.monthDay(words) ?? Recurrence.weekdays(words) {
            self = rule
        } else {
            return nil
        }
    }

    /// Reads a rule, or explains what a rule looks like.
    /// - Parameter what: how to name the value in the message (`--every`).
    static func parse(_ text: String, what: String) throws(OursError) -> Recurrence {
        guard let rule = Recurrence(text) else {
            throw .usage(
                "\(what) \"\(text)\" is not a rule for how often a chore comes round",
                hint: "For example: 7d, \"2 weeks\", monthly, \"every 3 months\", monday, mon,thu, \"the 1st\", \"day 15\".")
        }
        return rule
    }

    static let named: [String: Recurrence] = [
        "daily": .every(1, .day), "day": .every(1, .day), "other day": .every(2, .day),
        "weekly": .every(1, .week), "week": .every(1, .week), "other week": .every(2, .week),
        "fortnightly": .every(2, .week), "fortnight": .every(2, .week),
        "monthly": .every(1, .month), "month": .every(1, .month), "other month": .every(2, .month),
        "quarterly": .every(3, .month), "quarter": .every(3, .month),
        "yearly": .every(12, .month), "annually": .every(12, .month), "year": .every(12, .month),
        "weekday": .weekdays([1, 2, 3, 4, 5]), "weekdays": .weekdays([1, 2, 3, 4, 5]),
        "weekend": .weekdays([6, 7]), "weekends": .weekdays([6, 7]),
    ]

    static let unitWords: [String: (Unit?, Int64)] = [
        "day": (.day, 1), "days": (.day, 1), "d": (.day, 1),
        "week": (.week, 1), "weeks": (.week, 1), "w": (.week, 1),
        "month": (.month, 1), "months": (.month, 1), "mo": (.month, 1),
        "year": (.month, 12), "years": (.month, 12), "y": (.month, 12),
        "hour": (nil, 3_600_000), "hours": (nil, 3_600_000),
        "minute": (nil, 60_000), "minutes": (nil, 60_000), "min": (nil, 60_000), "mins": (nil, 60_000),
    ]

    /// `2 weeks`, `3mo`, `12 hours`, and durations such as `1h30m` (a span).
    static func countAndUnit(_ words: String) -> Recurrence? {
        let digits = words.prefix(while: \.isASCIIDigit)
        let unitText = words.dropFirst(digits.count).trimmingPrefix(" ")
        if let count = Int(digits), count > 0, let (unit, scale) = unitWords[String(unitText)] {
            guard let unit else {
                let (millis, overflow) = Int64(count).multipliedReportingOverflow(by: scale)
                guard !overflow, millis <= Int64(limits[.day]!) * LocalCalendar.dayMillis else { return nil }
                return .span(Interval(milliseconds: millis))
            }
            let (total, overflow) = count.multipliedReportingOverflow(by: Int(scale))
            guard !overflow, total <= limits[unit]! else { return nil }
            return .every(total, unit)
        }
        // Durations with several parts or other units (`1h30m`, `36h`): a span, or whole days.
        guard let interval = Interval(words.replacingOccurrences(of: " ", with: "")),
            interval.milliseconds <= Int64(limits[.day]!) * LocalCalendar.dayMillis
        else { return nil }
        return .span(interval)
    }

    /// `the 1st`, `15th`, `day 15`, `the 15`.
    static func monthDay(_ words: String) -> Recurrence? {
        var text = Substring(words)
        if text.hasPrefix("the ") { text = text.dropFirst(4) }
        var numeral: Substring
        if text.hasPrefix("day ") {
            numeral = text.dropFirst(4)
        } else {
            numeral = text
            guard numeral.first?.isASCIIDigit == true, words != String(numeral) || numeral.contains(where: \.isLetter)
            else { return nil }
            for suffix in ["st", "nd", "rd", "th"] where numeral.hasSuffix(suffix) { numeral = numeral.dropLast(2) }
        }
        guard numeral.allSatisfy(\.isASCIIDigit), let day = Int(numeral), (1...31).contains(day) else { return nil }
        return .monthDay(day)
    }

    /// `monday`, `mon,thu`, `tue and fri`, `mondays & thursdays`.
    static func weekdays(_ words: String) -> Recurrence? {
        let tokens = words.split { ", &".contains($0) }.filter { $0 != "and" }
        guard !tokens.isEmpty else { return nil }
        var days = Set<Int>()
        for token in tokens {
            var word = String(token)
            if word.count > 4, word.hasSuffix("s") { word.removeLast() }
            guard word.count >= 2, let index = weekdayNames.firstIndex(where: { $0.hasPrefix(word) }),
                weekdayNames.filter({ $0.hasPrefix(word) }).count == 1
            else { return nil }
            days.insert(index + 1)
        }
        return .weekdays(days.sorted())
    }
}
