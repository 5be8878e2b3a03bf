import Foundation
import OursSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Commands {
    func householdTransfer(_ member: String) throws(OursError) {
        let household = try context.zone()
        let target = try household.transfer(to: member)
        if context.json {
            context.printJSON(participantJSON(target, household))
        } else {
            context.say("\(context.bold(target.name)) now owns \(household.name); you stay a read-write member.")
        }
    }

    func householdLeave(yes: Bool) throws(OursError) {
        let household = try context.zone()
        try confirm(yes, "Leave \(household.name)? This device keeps a read-only copy.")
        try household.leave()
        if context.json {
            context.printJSON(Commands.householdJSON(household))
        } else {
            context.say(LifecycleEvent.left.message(household: household.name))
            context.say("Commands now use your private data; the copy stays readable with --household \"\(household.name)\".")
        }
    }

    func householdDissolve(yes: Bool) throws(OursError) {
        let household = try context.zone()
        try confirm(yes, "Dissolve \(household.name) for everyone? Its records come back to your private data.")
        let count = try household.dissolve()
        if context.json {
            var object = Commands.householdJSON(household).objectValue ?? [:]
            object["privateRecords"] = JSONValue(count)
            context.printJSON(.object(object))
        } else {
            context.say("Dissolved \(household.name). Members' devices keep read-only copies and will say so at their next sync.")
            context.say("Your \(count) record(s) are back in your private data.")
        }
    }

    func householdForget(_ name: String, yes: Bool) throws(OursError) {
        try confirm(yes, "Delete the read-only copy of \(name) from this device?")
        let membership = try device.forget(name)
        if context.json {
            context.printJSON(["id": .string(membership.id), "name": .string(membership.name), "forgotten": true])
        } else {
            context.say("Deleted this device's read-only copy of \(membership.name).")
        }
    }

    func householdAllowInvites(_ allowed: Bool) throws(OursError) {
        let household = try context.zone()
        try household.allowMembersToInviteReadWrite(allowed)
        if context.json {
            context.printJSON(["membersMayInviteReadWrite": .bool(allowed)])
        } else {
            context.say(allowed ? "Members may now make read-write codes." : "Only you (the owner) make read-write codes now.")
        }
    }

    func membersRemove(_ member: String, yes: Bool) throws(OursError) {
        let household = try context.zone()
        let target = try household.participant(member) { $0.status == .active || $0.status == .pending }
        try confirm(yes, "Remove \(target.name) from \(household.name)?")
        let removed = try household.removeMember(target.id)
        if context.json {
            context.printJSON(participantJSON(removed, household))
        } else {
            context.say("Removed \(removed.name). Their devices stop syncing at their next sync and keep a read-only copy.")
            context.say(
                context.dim("The folder itself is still shared with them: see docs/THREAT-MODEL.md for what to change there."))
        }
    }

    func codesRevoke(_ code: String) throws(OursError) {
        let revoked = try context.zone().revokeCode(code)
        if context.json {
            context.printJSON(["code": .string(revoked.code), "revokedAt": .string(revoked.revokedAt ?? "")])
        } else {
            context.say("Revoked \(revoked.code); nobody can join with it any more.")
        }
    }

    func participantJSON(_ participant: Participant, _ household: Zone) -> JSONValue {
        [
            "id": .string(participant.id), "name": .string(participant.name),
            "household": ["id": .string(household.id), "name": .string(household.name)],
        ]
    }

    /// Asks before something that cannot be undone: `--yes` answers for scripts; without it,
    /// a terminal is asked and anything else is refused.
    func confirm(_ yes: Bool, _ question: String) throws(OursError) {
        if yes { return }
        guard isatty(0) == 1, context.console.isTerminal, !context.json else {
            throw .usage("\(question) Add --yes to confirm when not running interactively.")
        }
        context.console.out(question + " [y/N] ")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else { throw .failed("cancelled; nothing changed") }
    }
}
