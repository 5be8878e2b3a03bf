import OursSync

/// The pictures a record keeps (a recipe, a memory): its `photos` field, an array of attachment
/// references (docs/FORMAT.md, "Attachments"). The files themselves are the folder's.
extension AttachmentRef {
    /// The attachment references in a `photos` value (an array; one reference alone counts too).
    static func photos(in value: JSONValue?) -> [AttachmentRef] {
        switch value {
        case .array(let items)?: return items.compactMap(AttachmentRef.init)
        case let single?: return AttachmentRef(single).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// The `photos` value for these references; `nil` (no field) for none.
    static func photosValue(_ photos: [AttachmentRef]) -> JSONValue? {
        photos.isEmpty ? nil : .array(photos.map(\.json))
    }
}

extension Household {
    /// Keeps each file as an attachment, in order, before anything that names them is written:
    /// each is read and hashed as it is copied.
    /// - Throws: `.notFound`/`.usage` for a file that cannot be read or passes the attachment
    ///   size limit; nothing of a later file is kept then.
    func addPhotos(_ paths: [String]) throws(OursError) -> [AttachmentRef] {
        try paths.map { (path: String) throws(OursError) -> AttachmentRef in try zone.addAttachment(from: path) }
    }
}
