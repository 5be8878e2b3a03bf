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

    /// The folder `folder` beside the file at `path` (an absolute path), as a path.
    public static func directory(besides path: String, named folder: String) -> String {
        String(path.dropLast(path.split(separator: "/").last?.count ?? 0)) + folder
    }

    /// Where the export links an attachment, relative to the exported file; `nil` when it
    /// was not copied.
    public func link(_ ref: AttachmentRef) -> String? {
        copied.contains(ref) ? folder + "/" + ref.fileName : nil
    }
}
