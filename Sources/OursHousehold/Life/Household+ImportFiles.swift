import Foundation
import OursSync

extension Household {
    /// What `importAttachments` took in.
    public struct ImportedFiles: Sendable, Hashable {
        /// Attachments added to the household (or already here).
        public var added = 0
        /// Attachments the records name that the export's folder lacks, or holds with other
        /// bytes (damaged), with why in words: their records are imported, naming them.
        public var missing: [AttachmentRef: String] = [:]

        /// `{"added", "missing": [{"attachment", "why"}]}`.
        package var json: JSONValue {
            [
                "added": JSONValue(added),
                "missing": .array(
                    missing.keys.sorted().map { ["attachment": .string($0.sha256), "why": .string(missing[$0]!)] }),
            ]
        }
    }

    /// Adds the attachments an export carries beside it (the folder its `"files"` names, see
    /// `ExportFiles`), each checked against its hash as it is read, before its records are
    /// imported: a photo goes out with the record that names it.
    /// - Parameter directory: the folder, as a path.
    public func importAttachments(of document: HouseholdImport, from directory: String) throws(OursError) -> ImportedFiles {
        var files = ImportedFiles()
        let folder = document.filesFolder ?? directory
        for ref in document.attachments {
            if case .here = zone.attachmentStatus(ref) {
                files.added += 1
                continue
            }
            let path = directory + "/" + ref.fileName
            guard FileManager.default.fileExists(atPath: path) else {
                files.missing[ref] = "not in \(folder)/"
                continue
            }
            do throws(OursError) {
                _ = try zone.addAttachment(from: path, expected: ref)
                files.added += 1
            } catch  where error.kind == .failed {
                files.missing[ref] = "\(folder)/\(ref.fileName) is not that file (damaged, or changed since)"
            }
        }
        return files
    }
}
