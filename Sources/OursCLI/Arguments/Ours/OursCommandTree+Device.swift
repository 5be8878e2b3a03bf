/// "Device and household": setting up, households, invitations, members, syncing.
extension OursCommandTree {
    static let deviceCommands: [Node] = [
        InitCommand.node(),
        DemoCommand.node(),
        Node(
            "household", summary: "Create, switch, hand over, leave or end a household",
            subcommands: [
                HouseholdCreateCommand.node(), HouseholdShowCommand.node(), HouseholdListCommand.node(),
                HouseholdUseCommand.node(), HouseholdTransferCommand.node(), HouseholdLeaveCommand.node(),
                HouseholdDissolveCommand.node(), HouseholdForgetCommand.node(),
                HouseholdAllowInvitesCommand.node(),
            ]),
        InviteCommand.node(),
        CodesCommand.node(CodesRevokeCommand.node()),
        JoinCommand.node(),
        MembersCommand.node(MembersRemoveCommand.node()),
        SyncCommand.node(),
        WatchCommand.node(),
        StatusCommand.node(),
        ConflictsCommand.node(ConflictsRestoreCommand.node(), ConflictsDismissCommand.node()),
        DoctorCommand.node(),
    ]
}
