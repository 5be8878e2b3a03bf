import Foundation
import OursHousehold
import OursSync

/// `ours export [--format FORMAT] [--out PATH]`: the whole household as JSON, Markdown,
/// iCalendar or HTML, on standard output or into a file (with its photos beside it).
struct ExportCommand: OursCommand {
    /// What `--format` can write.
    enum Format: String, ArgumentChoice, Hashable {
        /// Everything, for backups and other programs.
        case json
        /// Readable lists and recipes, for notes apps and printing.
        case markdown
        /// The meal plan, chores and tasks as calendar events.
        case ics
        /// A self-contained page to open in a browser.
        case html
    }

    static let format: Option<Format?> = .choice(
        "format", placeholder: "FORMAT", as: Format.self, help: "json, markdown, ics or html")
    static let out: Option<String?> = .value(
        "out", short: "o", placeholder: "PATH",
        help: "The file to write, instead of standard output (- writes the export itself there, even with --json)")

    static let spec = Spec(
        "export", summary: "Export the household's data",
        discussion: """
            With --out, the photos the records name are copied beside the file, into a folder \
            named after it (`backup_files/` for `backup.json`, `home_files/` for `home.html`), \
            each checked against its hash: the page and the Markdown show them from there, and \
            `ours import` takes them back with the records. A photo not on this device yet is \
            named, not copied. On standard output photos are only named.
            """,
        examples: ["ours export --format ics --out meals.ics", "ours export --format markdown --out - | less"],
        options: [format, out])

    /// Nil when not given: JSON.
    let format: Format?
    let out: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(format: values[format], out: values[out])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let format = format ?? .json
        let snapshot = try context.household().snapshot()
        // `--out -`: the export itself on standard output, never a document about it.
        guard let out, out != "-" else {
            let text = Self.render(snapshot, as: format, files: nil)
            if out == "-" {
                context.console.out(text)
                return 0
            }
            if context.json, format != .json {
                context.printJSON(["format": .string(format.rawValue), "content": .string(text)])
            } else {
                context.console.out(text)
            }
            return 0
        }
        let path = Device.absolutePathForCommandLine(out)
        // The photos the records name go beside the file, in `<name>_files/` (a calendar has none).
        var files: ExportFiles?
        if format != .ics, !snapshot.attachments.isEmpty {
            let folder = ExportFiles.folderName(forExport: path)
            let directory = ExportFiles.directory(besides: path, named: folder)
            files = try context.household().copyAttachments(
                of: snapshot, into: directory, linkedAs: folder)
        }
        let text = Self.render(snapshot, as: format, files: files)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .failed(
                "cannot write \(out): \(error.localizedDescription)",
                hint: "Check that the folder exists and that you may write there.")
        }
        if context.json {
            var object: [String: JSONValue] = [
                "format": .string(format.rawValue), "path": .string(path), "bytes": JSONValue(text.utf8.count),
            ]
            if let files {
                object["files"] = [
                    "folder": .string(files.folder), "copied": JSONValue(files.copied.count),
                    "missing": .array(files.missing.keys.sorted().map { .string($0.sha256) }),
                ]
            }
            context.printJSON(.object(object))
            return 0
        }
        var summary = Self.summary(snapshot, as: format)
        if let files { summary.append(Phrase.count(files.copied.count, "photo") + " in \(files.folder)/") }
        context.say("Wrote \(out) (\(format.rawValue): \(summary.joined(separator: ", "))).")
        for (ref, why) in files?.missing.sorted(by: { $0.key < $1.key }) ?? [] {
            context.console.error("ours: photo \(ref.name ?? ref.shortID) (\(ref.shortID)) is not in the export: \(why)\n")
        }
        return 0
    }

    /// What the file holds, counted: a calendar holds only meals, tasks and chores not paused.
    static func summary(_ snapshot: HouseholdSnapshot, as format: Format) -> [String] {
        if format == .ics {
            let contents = ICalendarExport.contents(of: snapshot)
            return [
                Phrase.count(contents.meals, "planned meal"), Phrase.count(contents.tasks, "task"),
                Phrase.count(contents.chores, "chore"),
            ]
        }
        return [
            Phrase.count(snapshot.lists.count, "list"), Phrase.count(snapshot.recipes.count, "recipe"),
            Phrase.count(snapshot.meals.count, "planned meal"), Phrase.count(snapshot.chores.count, "chore"),
            Phrase.count(snapshot.tasks.count, "task"),
        ]
    }

    private static func render(_ snapshot: HouseholdSnapshot, as format: Format, files: ExportFiles?) -> String {
        switch format {
        case .json: JSONWriter.prettyString(snapshot.json(files: files)) + "\n"
        case .markdown: MarkdownExport.render(snapshot, files: files)
        case .ics: ICalendarExport.render(snapshot)
        case .html: HTMLExport.render(snapshot, files: files)
        }
    }
}
