/// A titled table of two columns in help output, such as the exit codes.
public struct HelpSection: Sendable {
    public var title: String
    public var rows: [(label: String, text: String)]

    public init(title: String, rows: [(String, String)]) {
        self.title = title
        self.rows = rows.map { (label: $0.0, text: $0.1) }
    }
}
