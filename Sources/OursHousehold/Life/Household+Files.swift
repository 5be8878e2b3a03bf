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

extension Household {
    /// Copies every attachment the snapshot's records name into `directory` (made if needed),
    /// each checked against its hash as it is copied; those that cannot be read here are
    /// listed in `missing`, not copied.
    /// - Parameter folder: the directory's name as the export links it.
    /// - Throws: `.failed` when the directory cannot be made.
    public func copyAttachments(
        of snapshot: HouseholdSnapshot, into directory: String, linkedAs folder: String
    ) throws(OursError) -> ExportFiles {
        var files = ExportFiles(folder: folder)
        let refs = snapshot.attachments
        guard !refs.isEmpty else { return files }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .failed(
                "cannot make \(directory) for the export's photos: \(error.localizedDescription)",
                hint: "Check that you may write there.")
        }
        for ref in refs {
            do throws(OursError) {
                try zone.saveAttachment(ref, to: directory + "/" + ref.fileName)
                files.copied.insert(ref)
            } catch {
                files.missing[ref] = zone.attachmentStatus(ref).words
            }
        }
        return files
    }
}
