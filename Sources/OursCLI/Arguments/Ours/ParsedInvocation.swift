/// A command line that parsed: what to do, and the global options that shape how.
public struct ParsedInvocation: Sendable, Hashable {
    public var command: OursCommand
    public var globals: GlobalOptions

    public init(command: OursCommand, globals: GlobalOptions = GlobalOptions()) {
        self.command = command
        self.globals = globals
    }
}
