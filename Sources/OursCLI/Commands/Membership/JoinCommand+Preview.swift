import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `join` shows before joining (`--preview`), and the private records it brings along.
extension JoinCommand {
    func showPreview(_ context: CommandContext, folder: String) throws(OursError) -> Int32 {
        let preview = try context.device.previewJoin(code: code, folder: folder)
        let types = preview.records.keys.sorted()
        if context.json {
            context.printJSON(Self.json(preview))
            return 0
        }
        let share = preview.code
        context.say("\(context.bold(preview.name)), owned by \(preview.owner)")
        context.say(
            "Code \(share.code): \(share.permission == .readOnly ? "read-only" : "read-write"), "
                + (share.expiresAt.map { "expires " + context.time.phrase($0) } ?? "never expires")
        )
        let names = preview.members.map { $0.role == .owner ? "\($0.name) (owner)" : $0.name }
        context.say("Members: " + (names.isEmpty ? "none listed yet" : names.joined(separator: ", ")))
        if types.isEmpty {
            context.say("Records: none yet")
        } else {
            context.say("Records: " + types.map { "\(preview.records[$0] ?? 0) \($0)" }.joined(separator: ", "))
        }
        if preview.unreadable > 0 {
            context.say(context.dim("\(preview.unreadable) file(s) could not be read (still syncing?) and are not counted."))
        }
        if preview.alreadyMember {
            context.say("You are already a member.")
        } else {
            context.say(context.dim("Nothing was joined. Join with `ours join \(share.code) --folder \(folder)`."))
        }
        return 0
    }

    static func json(_ preview: JoinPreview) -> JSONValue {
        var records: [String: JSONValue] = [:]
        for (type, count) in preview.records { records[type] = JSONValue(count) }
        return [
            "code": .string(preview.code.code), "permission": .string(preview.code.permission.rawValue),
            "expiresAt": preview.code.expiresAt.map { .string($0) } ?? .null,
            "household": ["id": .string(preview.id), "name": .string(preview.name)], "owner": .string(preview.owner),
            "members": .array(
                preview.members.map { member in
                    [
                        "id": .string(member.id), "name": .string(member.name), "role": .string(member.role.rawValue),
                        "permission": .string(member.permission.rawValue),
                    ]
                }),
            "records": .object(records), "unreadable": JSONValue(preview.unreadable),
            "alreadyMember": .bool(preview.alreadyMember),
        ]
    }

    /// Brings the private records in when asked to (`--bring-my-data`), or when a person at a
    /// terminal says yes; a script that did not ask brings nothing. Only a fresh, read-write
    /// join brings anything; `nil` when nothing was brought.
    func bringData(_ context: CommandContext, into zone: Zone, joined: Bool) throws(OursError) -> Zone.BroughtData? {
        guard joined, zone.membership?.permission == .readWrite else {
            if bringMyData, joined {
                context.say(context.dim("Your private records stay private: a read-only member cannot bring records in."))
            }
            return nil
        }
        let count = try context.device.replica(Zone.privateID).keys().count
        guard count > 0 else { return nil }
        if !bringMyData {
            guard isatty(0) == 1, context.console.isTerminal, !context.json else { return nil }
            context.console.out("Bring your \(count) private record(s) into \(zone.name)? [y/N] ")
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else { return nil }
        }
        return try zone.bringPrivateData()
    }
}
