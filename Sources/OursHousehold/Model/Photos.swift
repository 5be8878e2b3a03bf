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
