import OursSync

/// `ours manual`: the manual page, in roff, generated from the command tree.
struct ManualCommand: OursCommand {
    static let spec = Spec(
        "manual", summary: "Print the manual page (roff) for ours",
        discussion: "The same page is kept in the repository as docs/ours.1.",
        examples: ["ours manual | man -l -", "ours manual > ~/.local/share/man/man1/ours.1"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        context.console.out(OursManual.page.render())
        return 0
    }
}

/// The manual page for `ours`: the command tree, the exit codes and the environment.
enum OursManual {
    static let page = ManualPage(
        table: OursCompletion.table, version: OursCLI.version,
        description: [
            "Each household is a folder of small JSON files, one per record, inside a folder you already share "
                + "(Dropbox, Syncthing, Nextcloud, iCloud Drive, an NFS or SMB mount). Every device keeps its own "
                + "copy, works offline, and merges changes field by field; a value that lost to a concurrent edit "
                + "is kept as a conflict you can list and restore.",
            "Run 'ours init' once on each device, then 'ours household create' or 'ours join'.",
        ],
        sections: [
            HelpSection(
                title: "Exit status", rows: OursExitCode.allCases.map { (String($0.rawValue), $0.meaning) }),
            HelpSection(
                title: "Environment",
                rows: [
                    ("OURS_HOME", "This device's state directory (as --home)."),
                    ("NO_COLOR", "When set and not empty, no colour (as --no-color)."),
                    ("XDG_DATA_HOME", "Where the default state directory lives: $XDG_DATA_HOME/ours."),
                ]),
            HelpSection(
                title: "See also",
                rows: [
                    ("README.md", "The user guide."),
                    ("docs/FORMAT.md", "The shared-folder format."),
                    ("docs/JSON.md", "Every --json document."),
                ]),
        ])
}
