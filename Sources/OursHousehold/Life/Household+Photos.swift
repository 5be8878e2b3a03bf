import OursSync

extension Household {
    /// Keeps each file as an attachment, in order, before anything that names them is written:
    /// each is read and hashed as it is copied.
    /// - Throws: `.notFound`/`.usage` for a file that cannot be read or passes the attachment
    ///   size limit; nothing of a later file is kept then.
    func addPhotos(_ paths: [String]) throws(OursError) -> [AttachmentRef] {
        try paths.map { (path: String) throws(OursError) -> AttachmentRef in try zone.addAttachment(from: path) }
    }
}
