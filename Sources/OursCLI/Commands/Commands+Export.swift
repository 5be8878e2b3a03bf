import Foundation
import OursHousehold
import OursSync

extension Commands {
    /// `ours export`: the whole household as JSON, Markdown, iCalendar or HTML, on standard
    /// output or into a file.
    func export(format: ExportFormat, out: String?) throws(OursError) {
        let snapshot = try life().snapshot()
        let text: String
        switch format {
        case .json: text = JSONWriter.prettyString(snapshot.json) + "\n"
        case .markdown: text = MarkdownExport.render(snapshot)
        case .ics: text = ICalendarExport.render(snapshot)
        case .html: text = HTMLExport.render(snapshot)
        }
        guard let out else {
            if context.json, format != .json {
                return context.printJSON(["format": .string(format.rawValue), "content": .string(text)])
            }
            return context.console.out(text)
        }
        let path = Device.absolutePathForCommandLine(out)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .failed(
                "cannot write \(out): \(error.localizedDescription)",
                hint: "Check that the folder exists and that you may write there.")
        }
        let bytes = text.utf8.count
        if context.json {
            return context.printJSON(["format": .string(format.rawValue), "path": .string(path), "bytes": JSONValue(bytes)])
        }
        let summary = [
            Commands.count(snapshot.lists.count, "list"), Commands.count(snapshot.recipes.count, "recipe"),
            Commands.count(snapshot.meals.count, "planned meal"), Commands.count(snapshot.chores.count, "chore"),
            Commands.count(snapshot.tasks.count, "task"),
        ]
        context.say("Wrote \(out) (\(format.rawValue): \(summary.joined(separator: ", "))).")
    }
}
