import OursSync

/// Runs a parsed command against the libraries and prints the result. Each group of commands
/// lives in its own file; this one only dispatches.
struct Commands {
    let context: CommandContext

    var device: Device { context.device }

    func run(_ command: ParsedInvocation.Action) throws(OursError) -> Int32 {
        switch command {
        case .help, .version, .run: break
        default:
            if let code = try runHouseholdLife(command) { return code }
            throw .failed("`ours \(Commands.name(of: command))` is not available in this version of Ours yet")
        }
        return 0
    }

    static func name(of command: ParsedInvocation.Action) -> String {
        let text = String(describing: command)
        return String(text.prefix { $0 != "(" })
    }
}
