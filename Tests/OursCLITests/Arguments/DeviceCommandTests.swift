import Testing

@testable import OursCLI

/// Every command under "Device and household", from a realistic command line.
@Suite struct DeviceCommandTests {
    static let cases: [(String, ParsedInvocation.Action)] = [
        ("init --name Sam", .initDevice(name: "Sam", email: nil)),
        (
            "init --name 'Sam Lee' --email sam@example.com",
            .initDevice(name: "Sam Lee", email: "sam@example.com")
        ),
        ("demo", .demo),
        (
            "household create Home --folder /mnt/share/Ours",
            .householdCreate(name: "Home", folder: "/mnt/share/Ours")
        ),
        (
            "household create --folder=/mnt/share 'The Lees'",
            .householdCreate(name: "The Lees", folder: "/mnt/share")
        ),
        ("household show", .householdShow),
        ("household list", .householdList),
        ("household ls", .householdList),
        ("household use Cabin", .householdUse(name: "Cabin")),
        ("household transfer Alex", .householdTransfer(member: "Alex")),
        ("household leave", .householdLeave(yes: false)),
        ("household leave --yes", .householdLeave(yes: true)),
        ("household leave -y", .householdLeave(yes: true)),
        ("household dissolve", .householdDissolve(yes: false)),
        ("household dissolve --yes", .householdDissolve(yes: true)),
        ("household forget Home --yes", .householdForget(name: "Home", yes: true)),
        ("household allow-invites", .householdAllowInvites(allowed: true)),
        ("household allow-invites --off", .householdAllowInvites(allowed: false)),
        ("invite", .invite(readOnly: false, expires: nil, uses: nil)),
        (
            "invite --read-only --expires 7d --uses 3",
            .invite(readOnly: true, expires: duration("7d"), uses: 3)
        ),
        (
            "invite --uses=1 --expires=12h",
            .invite(readOnly: false, expires: duration("12h"), uses: 1)
        ),
        ("codes", .codes),
        ("codes revoke K7QX2M", .codesRevoke(code: "K7QX2M")),
        (
            "join K7QX2M --folder ~/Dropbox/Ours",
            .join(code: "K7QX2M", folder: "~/Dropbox/Ours", name: nil)
        ),
        (
            "join --folder /Volumes/Share --name Robin k7qx2m",
            .join(code: "k7qx2m", folder: "/Volumes/Share", name: "Robin")
        ),
        ("members", .members),
        ("members remove Alex", .membersRemove(member: "Alex", yes: false)),
        ("members rm Alex -y", .membersRemove(member: "Alex", yes: true)),
        ("sync", .run(SyncCommand())),
        ("watch", .run(WatchCommand(interval: nil))),
        ("watch --interval 1s", .run(WatchCommand(interval: duration("1s")))),
        ("watch --interval=500ms", .run(WatchCommand(interval: duration("500ms")))),
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
