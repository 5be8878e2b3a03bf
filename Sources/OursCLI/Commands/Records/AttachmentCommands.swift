import OursSync

/// `ours attachment add FILE`: a file kept beside the household's records; prints the reference
/// a record field names it by.
struct AttachmentAddCommand: OursCommand {
    static let file: Argument<String> = .required("FILE", help: "The file: a photo, a PDF, a voice note")
    static let name: Option<String?> = .value("name", placeholder: "NAME", help: "The name to keep; default the file's")

    static let spec = Spec(
        "add", summary: "Add a file as an attachment; prints the reference a record field names it by",
        examples: [
            "ours attachment add soup.jpg",
            "ours attachment add IMG_2041.jpg --name \"Soup, day two.jpg\" --json > photo.json",
        ], arguments: [file], options: [name])

    let file: String
    let name: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self {
        try Self(file: values[file], name: values[name])
    }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let ref = try zone.addAttachment(from: file, name: name)
        if context.json {
            context.console.out(JSONWriter.compactString(ref.json) + "\n")
        } else {
            context.say(
                "Added \(ref.name ?? ref.shortID) as attachment \(context.bold(ref.shortID)) (\(ref.type), \(ref.size) bytes).")
            context.say(JSONWriter.compactString(ref.json))
        }
        return 0
    }
}

/// `ours attachment list`: every attachment the household's records name, and how it stands.
struct AttachmentListCommand: OursCommand {
    static let spec = Spec(
        "list", aliases: ["ls"], summary: "List the attachments the records name, and whether each is here",
        examples: ["ours attachment list", "ours attachment list --json"])

    static func parse(_ values: ParsedValues) -> Self { Self() }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let listings = try context.zone().attachments()
        if context.json {
            context.printJSON(.array(listings.map(\.json)))
            return 0
        }
        guard !listings.isEmpty else {
            context.say("No attachments yet.")
            return 0
        }
        let rows = listings.map { listing in
            [
                listing.attachment.shortID, listing.attachment.name ?? "", listing.attachment.type,
                String(listing.attachment.size), listing.status.words,
                listing.records.map { "\($0.type)/\($0.id)" }.joined(separator: ", "),
            ]
        }
        context.console.out(Table.render(["ID", "NAME", "TYPE", "BYTES", "HERE", "RECORDS"], rows))
        return 0
    }
}

/// `ours attachment show ID`: one attachment, how it stands here, and where to read it.
struct AttachmentShowCommand: OursCommand {
    static let id: Argument<String> = .required("ID", help: "The attachment's id (its first hex digits)")

    static let spec = Spec(
        "show", summary: "Show an attachment: what it is, whether it is here, and the records that name it",
        examples: ["ours attachment show 9650f149d622"], arguments: [id])

    let id: String

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(id: values[id]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        let zone = try context.zone()
        let ref = try zone.attachment(matching: id)
        let listing = try zone.attachments().first { $0.attachment == ref }
        if context.json {
            context.printJSON(listing?.json ?? ref.json)
            return 0
        }
        context.say("\(context.bold(ref.name ?? ref.shortID))  \(ref.type), \(ref.size) bytes")
        context.say("  id      \(ref.sha256)")
        context.say("  here    \(listing?.status.words ?? "unknown")")
        if case .here(let path)? = listing?.status { context.say("  file    \(path)") }
        for key in listing?.records ?? [] { context.say("  named by \(key.type)/\(key.id)") }
        return 0
    }
}

/// `ours attachment save ID --out FILE`: a copy of an attachment, its bytes checked.
struct AttachmentSaveCommand: OursCommand {
    static let id: Argument<String> = .required("ID", help: "The attachment's id (its first hex digits)")
    static let out: Option<String?> = .value("out", placeholder: "FILE", help: "Where to write the copy (required)")

    static let spec = Spec(
        "save", summary: "Save a copy of an attachment to a file, its bytes checked",
        examples: ["ours attachment save 9650f149d622 --out soup-copy.jpg"], arguments: [id], options: [out])

    let id: String
    let out: String?

    static func parse(_ values: ParsedValues) throws(UsageError) -> Self { try Self(id: values[id], out: values[out]) }

    func run(_ context: CommandContext) throws(OursError) -> Int32 {
        guard let out, !out.isEmpty else { throw .usage("say where to save it with --out FILE") }
        let zone = try context.zone()
        let ref = try zone.attachment(matching: id)
        try zone.saveAttachment(ref, to: out)
        if context.json {
            context.printJSON(["id": .string(ref.sha256), "out": .string(out), "size": .number(String(ref.size))])
        } else {
            context.say("Saved \(ref.name ?? ref.shortID) to \(out) (\(ref.size) bytes, checked).")
        }
        return 0
    }
}

extension Zone.AttachmentListing {
    /// As `ours attachment list --json` prints it (docs/JSON.md).
    var json: JSONValue {
        var object = attachment.json.objectValue ?? [:]
        object["status"] = .string(status.name)
        if case .here(let path) = status { object["path"] = .string(path) }
        if case .arriving(let have) = status { object["have"] = .number(String(have)) }
        object["records"] = .array(records.map { ["type": .string($0.type), "id": .string($0.id)] })
        return .object(object)
    }
}

extension AttachmentStatus {
    /// Its name in JSON: `here`, `arriving`, `notDownloaded`, `damaged` or `missing`.
    var name: String {
        switch self {
        case .here: "here"
        case .arriving: "arriving"
        case .notDownloaded: "notDownloaded"
        case .damaged: "damaged"
        case .missing: "missing"
        }
    }
}
