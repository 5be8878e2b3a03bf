import OursHousehold
import OursSync

extension Option where Value == [String] {
    /// `--photo FILE` on an `add` command, once per picture.
    static let photos: Self = .repeatable(
        "photo", placeholder: "FILE", help: "A picture to keep with it, kept as an attachment")
}

extension Option where Value == Edit<[String]> {
    /// `--photo FILE` on an `edit` command: the pictures given replace the ones it has (repeat
    /// for several); `--photo none` takes them all off. Left out, they stay as they are.
    static let photoEdit: Self = {
        let spec = OptionSpec.repeatable(
            "photo", placeholder: "FILE",
            help: "Its pictures: the files given replace the ones it has; none takes them all off")
        return Option(spec: spec) { values throws(UsageError) in
            let given = values.texts(of: spec)
            guard !given.isEmpty else { return .keep }
            let clears = given.filter(EditText.isClear)
            if clears.isEmpty { return .set(given) }
            guard given.count == 1 else {
                throw .invalidValue(
                    spec.longForm, value: clears[0], expected: "files, or none alone",
                    detail: "none takes every picture off, so it goes without others", command: values.command)
            }
            return .clear
        }
    }()
}

extension CommandContext {
    /// One line per picture a record keeps: its name, short id, size and whether this device
    /// can show it (whole, still arriving, damaged, missing).
    func sayPhotos(_ photos: [AttachmentRef], in household: Household, indent: String = "  ") {
        for photo in photos {
            let status = household.zone.attachmentStatus(photo)
            say("\(indent)Photo \(photo.name ?? photo.shortID) (\(photo.shortID), \(photo.size) bytes): \(status.words)")
        }
    }
}
