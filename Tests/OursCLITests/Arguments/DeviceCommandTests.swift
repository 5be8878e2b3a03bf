import Testing

@testable import OursCLI

/// Every command under "Device and household", from a realistic command line.
@Suite struct DeviceCommandTests {
    static let cases: [(String, ParsedInvocation.Action)] = [
        (
            "init --link K7QX2MPD --folder /mnt/share/Ours --name Laptop",
            .run(InitCommand(name: "Laptop", email: nil, link: "K7QX2MPD", folder: "/mnt/share/Ours"))
        ),
        ("init --name Sam", .run(InitCommand(name: "Sam", email: nil))),
        (
            "init --name 'Sam Lee' --email sam@example.com",
            .run(InitCommand(name: "Sam Lee", email: "sam@example.com"))
        ),
        ("demo", .run(DemoCommand())),
        (
            "household create Home --folder /mnt/share/Ours",
            .run(HouseholdCreateCommand(name: "Home", folder: "/mnt/share/Ours"))
        ),
        (
            "household create --folder=/mnt/share 'The Lees'",
            .run(HouseholdCreateCommand(name: "The Lees", folder: "/mnt/share"))
        ),
        ("household show", .run(HouseholdShowCommand())),
        ("household list", .run(HouseholdListCommand())),
        ("household ls", .run(HouseholdListCommand())),
        ("household use Cabin", .run(HouseholdUseCommand(name: "Cabin"))),
        ("household transfer Alex", .run(HouseholdTransferCommand(member: "Alex"))),
        ("household leave", .run(HouseholdLeaveCommand(yes: false))),
        ("household leave --yes", .run(HouseholdLeaveCommand(yes: true))),
        ("household leave -y", .run(HouseholdLeaveCommand(yes: true))),
        ("household dissolve", .run(HouseholdDissolveCommand(yes: false))),
        ("household dissolve --yes", .run(HouseholdDissolveCommand(yes: true))),
        ("household forget Home --yes", .run(HouseholdForgetCommand(name: "Home", yes: true))),
        ("household keep Home -y", .run(HouseholdKeepCommand(name: "Home", yes: true))),
        ("household allow-invites", .run(HouseholdAllowInvitesCommand(allowed: true))),
        ("household allow-invites --off", .run(HouseholdAllowInvitesCommand(allowed: false))),
        ("household folder /mnt/nas/Ours", .run(HouseholdFolderCommand(path: "/mnt/nas/Ours"))),
        ("device link", .run(DeviceLinkCommand())), ("devices", .run(DevicesCommand())),
        ("device rename 'Sam laptop'", .run(DeviceRenameCommand(name: "Sam laptop"))),
        ("device attachments", .run(DeviceAttachmentsCommand(keep: nil))),
        ("device attachments own", .run(DeviceAttachmentsCommand(keep: "own"))),
        ("household recovery", .run(HouseholdRecoveryCommand())),
        (
            "household recover QX2MP-K7D3R-9TWHN-4BCFA --folder /mnt/share/Ours",
            .run(HouseholdRecoverCommand(code: "QX2MP-K7D3R-9TWHN-4BCFA", folder: "/mnt/share/Ours"))
        ),
        ("device remove k3j9x2mq --yes", .run(DeviceRemoveCommand(id: "k3j9x2mq", yes: true))),
        ("invite", .run(InviteCommand(readOnly: false, expires: nil, uses: nil))),
        (
            "invite --read-only --expires 7d --uses 3",
            .run(InviteCommand(readOnly: true, expires: duration("7d"), uses: 3))
        ),
        (
            "invite --uses=1 --expires=12h",
            .run(InviteCommand(readOnly: false, expires: duration("12h"), uses: 1))
        ),
        ("codes", .run(CodesCommand())),
        ("codes --all", .run(CodesCommand(all: true))),
        ("codes revoke K7QX2M", .run(CodesRevokeCommand(code: "K7QX2M"))),
        (
            "join K7QX2M --folder ~/Dropbox/Ours",
            .run(JoinCommand(code: "K7QX2M", folder: "~/Dropbox/Ours", name: nil))
        ),
        (
            "join --folder /Volumes/Share --name Robin k7qx2m",
            .run(JoinCommand(code: "k7qx2m", folder: "/Volumes/Share", name: "Robin"))
        ),
        (
            "join K7QX2M --folder /srv/Ours --preview",
            .run(JoinCommand(code: "K7QX2M", folder: "/srv/Ours", name: nil, preview: true))
        ),
        (
            "join K7QX2M --bring-my-data --folder /srv/Ours",
            .run(JoinCommand(code: "K7QX2M", folder: "/srv/Ours", name: nil, bringMyData: true))
        ),
        ("members", .run(MembersCommand())),
        ("members remove Alex", .run(MembersRemoveCommand(member: "Alex", yes: false))),
        ("members rm Alex -y", .run(MembersRemoveCommand(member: "Alex", yes: true))),
        ("sync", .run(SyncCommand())),
        ("watch", .run(WatchCommand(interval: nil))),
        ("watch --interval 1s", .run(WatchCommand(interval: duration("1s")))),
        ("watch --interval=500ms", .run(WatchCommand(interval: duration("500ms")))),
        ("watch --no-hints", .run(WatchCommand(interval: nil, noHints: true))),
        ("status", .run(StatusCommand())),
        ("conflicts", .run(ConflictsCommand())),
        ("conflicts restore 01HV3Z", .run(ConflictsRestoreCommand(id: "01HV3Z"))),
        ("conflicts dismiss 01HV3Z", .run(ConflictsDismissCommand(id: "01HV3Z"))),
        ("doctor", .run(DoctorCommand(fix: false))),
        ("doctor --fix", .run(DoctorCommand(fix: true))),
        ("help", .help(path: [])),
        ("help household create", .help(path: ["household", "create"])),
        ("help members rm", .help(path: ["members", "remove"])),
        ("version", .version),
    ]

    @Test(arguments: cases)
    func parses(line: String, expected: ParsedInvocation.Action) {
        #expect(command(line) == .success(expected))
    }
}
