/// How far a due time is from now, as chores show it.
enum DueText {
    /// `now`, `in 3d`, `2d ago`, `in 5h`, rounded: 22 hours and more count in days, 45 minutes
    /// and more in hours.
    static func phrase(_ millis: Int64, now: Int64) -> String {
        let delta = millis - now
        let size = abs(delta)
        guard size >= 60_000 else { return "now" }
        func rounded(_ unit: Int64) -> Int64 { (size + unit / 2) / unit }
        let amount =
            size >= 79_200_000 ? "\(rounded(86_400_000))d" : size >= 2_700_000 ? "\(rounded(3_600_000))h" : "\(rounded(60_000))m"
        return delta > 0 ? "in \(amount)" : "\(amount) ago"
    }
}
