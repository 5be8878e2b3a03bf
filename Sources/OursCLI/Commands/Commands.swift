import OursSync

/// Runs a parsed command against the libraries and prints the result. Each group of commands
/// lives in its own file; this one only dispatches.
struct Commands {
    let context: CommandContext

    var device: Device { context.device }

    func run(_ command: ParsedInvocation.Action) throws(OursError) -> Int32 {
        switch command {
        case .initDevice(let name, let email): try initDevice(name: name, email: email)
        case .demo: return try Demo(context: context).run()
        case .householdCreate(let name, let folder): try householdCreate(name: name, folder: folder)
        case .householdShow: try householdShow()
        case .householdList: try householdList()
        case .householdUse(let name): try householdUse(name)
        case .invite(let readOnly, let expires, let uses): try invite(readOnly: readOnly, expires: expires, uses: uses)
        case .codes: try codes()
        case .join(let code, let folder, let name): try join(code: code, folder: folder, name: name)
        case .members: try members()
        case .householdTransfer(let member): try householdTransfer(member)
        case .householdLeave(let yes): try householdLeave(yes: yes)
        case .householdDissolve(let yes): try householdDissolve(yes: yes)
        case .householdForget(let name, let yes): try householdForget(name, yes: yes)
        case .householdAllowInvites(let allowed): try householdAllowInvites(allowed)
        case .membersRemove(let member, let yes): try membersRemove(member, yes: yes)
        case .codesRevoke(let code): try codesRevoke(code)
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

    /// The JSON object people and scripts get for a household.
    static func householdJSON(_ household: Zone) -> JSONValue {
        guard let membership = household.membership else {
            return ["id": .string(household.id), "name": .string(household.name), "private": true]
        }
        return [
            "id": .string(membership.id), "name": .string(membership.name), "folder": .string(membership.folder),
            "directory": .string(membership.directory), "role": .string(membership.role.rawValue),
            "permission": .string(membership.permission.rawValue), "status": .string(membership.status.rawValue),
            "joinedAt": .string(membership.joinedAt),
        ]
    }
}
