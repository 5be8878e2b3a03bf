import OursSync

extension Household {
    /// Keeps each file as an attachment, in order, before anything that names them is written:
    /// each is read and hashed as it is copied.
    /// - Throws: `.notFound`/`.usage` for a file that cannot be read or passes the attachment
    ///   size limit; nothing of a later file is kept then.
    func addPhotos(_ paths: [String]) throws(OursError) -> [AttachmentRef] {
        try paths.map { (path: String) throws(OursError) -> AttachmentRef in try zone.addAttachment(from: path) }
    }

    /// What an edit makes of a record's photos: `nil` keeps them, `[]` takes them off; the
    /// files of `.set` are copied first, once `found` has checked the record exists (an unknown
    /// record is said before any file is copied).
    func photos(
        _ edit: Edit<[String]>, checking found: () throws(OursError) -> Void
    ) throws(OursError) -> [AttachmentRef]? {
        switch edit {
        case .keep: return nil
        case .clear: return []
        case .set(let paths):
            try found()
            return try addPhotos(paths)
        }
    }

    /// The `photos` field an edit writes (`nil` removes it), or none when it keeps them.
    func photoFields(
        _ edit: Edit<[String]>, checking found: () throws(OursError) -> Void
    ) throws(OursError) -> [String: JSONValue?] {
        guard let photos = try photos(edit, checking: found) else { return [:] }
        return ["photos": AttachmentRef.photosValue(photos)]
    }
}
