/// "Device and household": setting up, households, invitations, members, syncing.
extension OursCommandTree {
    static let deviceCommands: [Node] = [
        CommandSpec(
            "init", summary: "Set up this device with your name; safe to run again",
            group: Group.device, examples: ["ours init --name Sam --email sam@example.com"],
            options: [
                .value(
                    "name", placeholder: "NAME", required: true,
                    help: "Your name, as the other members will see it"),
                .value(
                    "email", placeholder: "EMAIL",
                    help: "An email address, to tell apart members with the same name"),
            ]
        ) { values throws(UsageError) in
            try .initDevice(name: values.requiredOption("name"), email: values.option("email"))
        },
        CommandSpec(
            "demo",
            summary: "Watch two simulated devices share a household through a temporary folder",
            group: Group.device
        ) { _ throws(UsageError) in .demo },
        household,
        invite,
        codes,
        CommandSpec(
            "join", summary: "Join a household with an invitation code", group: Group.device,
            examples: ["ours join K7QX2M --folder ~/Dropbox/Ours"],
            arguments: [.required("CODE", help: "The six-character code from 'ours invite'")],
            options: [
                .value(
                    "folder", placeholder: "PATH", required: true,
                    help: "Where this device sees the household's shared folder"),
                .value(
                    "name", placeholder: "NAME",
                    help: "Your name in this household, if not the one given to 'ours init'"),
            ]
        ) { values throws(UsageError) in
            try .join(
                code: values.argument("CODE"), folder: values.requiredOption("folder"),
                name: values.option("name"))
        },
        members,
        SyncCommand.node(),
        WatchCommand.node(),
        StatusCommand.node(),
        ConflictsCommand.node(ConflictsRestoreCommand.node(), ConflictsDismissCommand.node()),
        DoctorCommand.node(),
    ]

    private static let household = Node(
        "household", summary: "Create, switch, hand over, leave or end a household",
        group: Group.device,
        subcommands: [
            CommandSpec(
                "create", summary: "Start a household in a shared folder",
                discussion: "This device's private data moves into the new household.",
                examples: ["ours household create Home --folder ~/Dropbox/Ours"],
                arguments: [.required("NAME", help: "What to call the household")],
                options: [
                    .value(
                        "folder", placeholder: "PATH", required: true,
                        help: "A folder every member's device can reach, e.g. in Dropbox")
                ]
            ) { values throws(UsageError) in
                try .householdCreate(
                    name: values.argument("NAME"), folder: values.requiredOption("folder"))
            },
            CommandSpec("show", summary: "Show the household in use") {
                _ throws(UsageError) in .householdShow
            },
            CommandSpec(
                "list", aliases: ["ls"], summary: "List the households this device belongs to"
            ) { _ throws(UsageError) in .householdList },
            CommandSpec(
                "use", summary: "Choose the household that commands act on",
                arguments: [.required("NAME", help: "The household's name or id")]
            ) { values throws(UsageError) in
                try .householdUse(name: values.argument("NAME"))
            },
            CommandSpec(
                "transfer", summary: "Hand ownership to another member (owner only)",
                arguments: [.required("MEMBER", help: "The member who becomes the owner")]
            ) { values throws(UsageError) in
                try .householdTransfer(member: values.argument("MEMBER"))
            },
            CommandSpec(
                "leave", summary: "Leave the household; this device keeps a read-only copy",
                options: [yes]
            ) { values throws(UsageError) in
                .householdLeave(yes: values.flag("yes"))
            },
            CommandSpec(
                "dissolve",
                summary:
                    "End the household for everyone; its data goes back to private (owner only)",
                options: [yes]
            ) { values throws(UsageError) in
                .householdDissolve(yes: values.flag("yes"))
            },
            CommandSpec(
                "forget", summary: "Delete a read-only copy kept after leaving, removal or dissolution",
                arguments: [.required("NAME", help: "The household's name or id")], options: [yes]
            ) { values throws(UsageError) in
                try .householdForget(name: values.argument("NAME"), yes: values.flag("yes"))
            },
            CommandSpec(
                "allow-invites",
                summary: "Let members make read-write codes too, or stop them with --off (owner only)",
                options: [.flag("off", help: "Only the owner makes read-write codes again")]
            ) { values throws(UsageError) in
                .householdAllowInvites(allowed: !values.flag("off"))
            },
        ])

    private static let invite = Node(
        "invite", summary: "Print a new six-character code for someone to join with",
        group: Group.device,
        discussion: "Whoever has the code can join with 'ours join CODE --folder PATH'.",
        examples: ["ours invite --expires 2d --uses 1", "ours invite --read-only"],
        options: [
            .flag("read-only", help: "Members who join with it can read but not change anything"),
            .value(
                "expires", placeholder: "DURATION",
                help: "How long the code stays valid, e.g. 7d, 12h or 30m"),
            .value("uses", placeholder: "N", help: "How many devices may join with the code"),
        ]
    ) { values throws(UsageError) in
        try .invite(
            readOnly: values.flag("read-only"), expires: values.duration("expires"),
            uses: values.integer("uses", in: 1...Int.max))
    }

    private static let codes = Node(
        "codes", summary: "List invitation codes: active, used, expired or revoked",
        group: Group.device,
        subcommands: [
            CommandSpec(
                "revoke", summary: "Revoke a code so nobody else can join with it",
                arguments: [.required("CODE", help: "The code to revoke")]
            ) { values throws(UsageError) in
                try .codesRevoke(code: values.argument("CODE"))
            }
        ]
    ) { _ throws(UsageError) in .codes }

    private static let members = Node(
        "members", summary: "List members with their role, permission, status and devices",
        group: Group.device,
        subcommands: [
            CommandSpec(
                "remove", aliases: ["rm"],
                summary: "Remove a member from the household (owner only)",
                arguments: [.required("MEMBER", help: "The member to remove")], options: [yes]
            ) { values throws(UsageError) in
                try .membersRemove(member: values.argument("MEMBER"), yes: values.flag("yes"))
            }
        ]
    ) { _ throws(UsageError) in .members }
}
