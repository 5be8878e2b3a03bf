import Foundation
import OursSync

/// The files an export carries beside it: the photos (and any other attachments) its records
/// name, copied into a folder next to the exported file — `home_files/` for `home.html`, as a
/// browser saves a page — under their content names (`<sha256>.<ext>`). The page and the
/// Markdown link them there; the JSON names the folder, and `ours import` takes the files back.
public struct ExportFiles: Sendable, Hashable {
    /// The folder, relative to the exported file.
    public var folder: String
    /// The attachments copied there.
    public var copied: Set<AttachmentRef>
    /// The attachments the records name that could not be read on this device (not arrived,
    /// damaged, not downloaded), with how each stands in words: named, not carried.
    public var missing: [AttachmentRef: String] = [:]

    public init(folder: String, copied: Set<AttachmentRef> = []) {
        self.folder = folder
        self.copied = copied
    }

    /// The folder's name for an export written to `path`: its file name without the
    /// extension, then `_files`.
    public static func folderName(forExport path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return (stem.isEmpty ? name : stem) + "_files"
    }

    /// Where the export links an attachment, relative to the exported file; `nil` when it
    /// was not copied.
    public func link(_ ref: AttachmentRef) -> String? {
        copied.contains(ref) ? folder + "/" + ref.fileName : nil
    }
}

extension HouseholdSnapshot {
    /// Every attachment the exported records name, by hash.
    public var attachments: [AttachmentRef] {
        var found: Set<AttachmentRef> = []
        for records in records.values {
            for record in records { found.formUnion(AttachmentRef.references(in: .object(record.values))) }
        }
        return found.sorted()
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
