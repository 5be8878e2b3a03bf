import OursSync

/// Runs a parsed command against the libraries and prints the result. Each group of commands
/// lives in its own file; this one only dispatches.
struct Commands {
    let context: CommandContext

    var device: Device { context.device }

    func run(_ command: ParsedInvocation.Action) throws(OursError) -> Int32 {
        switch command {
        case .recordPut(let type, let id, let fields): try recordPut(type: type, id: id, fields: fields)
        case .recordGet(let type, let id): try recordGet(type: type, id: id)
        case .recordList(let type): try recordList(type: type)
        case .recordRemove(let type, let id): try recordRemove(type: type, id: id)
        case .recordImport(let type, let file): try recordImport(type: type, file: file)
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
