import Foundation
import Testing

/// What one hostile file must lead to (the table in Fixtures/hostile/README.md, as code).
enum HostileExpectation: Sendable, Equatable {
    /// Reported as a problem of `kind` with the file's path — with the parser's line and column
    /// when `positioned` — and left byte for byte as it is by every device.
    case reported(String, positioned: Bool)
    /// A valid record a person could have made: adopted as `item/<id>`, its canonical file
    /// holding `text` exactly as written.
    case adopted(id: String, text: String)
    /// A record a person made under a name some file system forbids: adopted under a portable
    /// id (its `name` field is `name`); the non-portable file goes once the record is written.
    case adoptedPortably(name: String)
    /// Not a name Ours reads (another tool's): never reported, never touched.
    case ignored
    /// A share code that `ours join` refuses with a message; nothing is joined or touched.
    case refused
}

/// Where a hostile file is put: the place it does the most harm.
enum HostilePlacement: Sendable, Equatable {
    /// `records/item/<shard>/<file>`.
    case records
    /// The household's `zone.json`.
    case zoneFile
    /// The household's `participants.json`.
    case participantsFile
    /// `codes/BADCDE.json`.
    case codeFile
    /// Made while the test runs (links, pipes, names that are not UTF-8, 50 MB): see the tests.
    case runtime
}

/// One file of the hostile corpus.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let file: String
    let expectation: HostileExpectation
    var placement: HostilePlacement = .records

    var testDescription: String { file }

    /// The fixture's bytes, exactly as committed.
    var bytes: [UInt8] {
        Array(FileManager.default.contents(atPath: HostileCorpus.directory + "/" + file) ?? Data())
    }

    static func broken(_ file: String) -> HostileCase {
        HostileCase(file: file, expectation: .reported("brokenFile", positioned: true))
    }
    static func damaged(_ file: String) -> HostileCase {
        HostileCase(file: file, expectation: .reported("brokenFile", positioned: false))
    }
}

enum HostileCorpus {
    /// `Fixtures/hostile` in the package.
    static let directory = FixtureFiles.path("hostile")

    /// The share code every code fixture is placed under.
    static let code = "BADCDE"

    /// Files that go under `records/`.
    static let records: [HostileCase] = [
        .broken("truncated-open-brace.json"), .broken("truncated-in-key.json"), .broken("truncated-in-string.json"),
        .broken("truncated-after-colon.json"), .broken("truncated-in-number.json"), .broken("truncated-in-literal.json"),
        .broken("truncated-in-escape.json"), .broken("truncated-before-last-brace.json"),
        .broken("truncated-mid-character.json"),
        HostileCase(
            file: "bom-valid.json", expectation: .adopted(id: "bom-valid", text: #""name": "Milk with a byte-order mark""#)),
        .broken("bom-in-middle.json"), .broken("bom-twice.json"), .broken("utf16-le.json"),
        .broken("invalid-utf8-continuation.json"), .broken("invalid-utf8-cut-sequence.json"), .broken("invalid-utf8-ff.json"),
        .broken("overlong-slash.json"), .broken("overlong-nul.json"), .broken("overlong-three-bytes.json"),
        .broken("overlong-four-bytes.json"), .broken("encoded-surrogate.json"), .broken("beyond-unicode.json"),
        .broken("nul-in-string.json"), .broken("nul-only.json"), .broken("nul-after-document.json"),
        .broken("control-character-unescaped.json"),
        .broken("deep-arrays.json"), .broken("deep-objects.json"), .broken("deep-inside-field.json"),
        .broken("duplicate-key-top.json"), .broken("duplicate-key-metadata.json"), .broken("duplicate-key-stamp.json"),
        .damaged("ours-as-array.json"), .damaged("ours-as-string.json"), .damaged("ours-as-null.json"),
        .damaged("stamp-as-number.json"), .damaged("stamp-malformed.json"), .damaged("fields-as-string.json"),
        .damaged("seen-as-object.json"), .damaged("seen-holds-number.json"), .damaged("format-as-string.json"),
        .damaged("format-enormous.json"), .damaged("deleted-as-object.json"), .damaged("conflicts-as-array.json"),
        .damaged("id-as-number.json"), .damaged("id-missing.json"),
        .damaged("top-level-array.json"), .damaged("top-level-string.json"), .damaged("top-level-number.json"),
        .damaged("top-level-null.json"), .broken("empty.json"), .broken("whitespace-only.json"),
        .damaged("id-dot-dot.json"), .damaged("id-slash.json"), .damaged("id-absolute.json"), .damaged("id-uppercase.json"),
        .damaged("id-windows-reserved.json"), .damaged("id-windows-reserved-extension.json"),
        .damaged("id-windows-characters.json"), .damaged("id-trailing-space.json"), .damaged("id-too-long.json"),
        .damaged("type-dot-dot.json"), .damaged("type-slash.json"), .damaged("type-uppercase.json"),
        .damaged("type-windows-reserved.json"),
        HostileCase(
            file: "number-huge-exponent.json", expectation: .adopted(id: "number-huge-exponent", text: #""qty": 1e999999"#)),
        .broken("number-too-long.json"), .broken("number-leading-zero.json"),
        .broken("lone-high-surrogate.json"), .broken("lone-low-surrogate.json"), .broken("reversed-surrogates.json"),
        HostileCase(file: "newer-format-record.json", expectation: .reported("newerFormat", positioned: false)),
        HostileCase(file: "claims-other-id.json", expectation: .reported("unknownWriter", positioned: false)),
    ]

    /// Files that replace `zone.json` or `participants.json`.
    static let documents: [HostileCase] = [
        HostileCase(
            file: "zone-future-format.json", expectation: .reported("newerFormat", positioned: false), placement: .zoneFile),
        HostileCase(file: "zone-truncated.json", expectation: .reported("brokenFile", positioned: true), placement: .zoneFile),
        HostileCase(file: "zone-as-array.json", expectation: .reported("brokenFile", positioned: false), placement: .zoneFile),
        HostileCase(file: "zone-wrong-type.json", expectation: .reported("brokenFile", positioned: false), placement: .zoneFile),
        HostileCase(
            file: "participants-truncated.json", expectation: .reported("brokenFile", positioned: true),
            placement: .participantsFile),
        HostileCase(
            file: "participants-as-array.json", expectation: .reported("brokenFile", positioned: false),
            placement: .participantsFile),
        HostileCase(
            file: "participants-entry-as-string.json", expectation: .reported("brokenFile", positioned: false),
            placement: .participantsFile),
        HostileCase(
            file: "participants-future-format.json", expectation: .reported("newerFormat", positioned: false),
            placement: .participantsFile),
        HostileCase(
            file: "participants-unknown-top-key.json", expectation: .reported("brokenFile", positioned: false),
            placement: .participantsFile),
    ]

    /// Files put at `codes/BADCDE.json`, then joined with.
    static let codes: [HostileCase] = [
        "code-zone-dot-dot.json", "code-zone-parent-path.json", "code-zone-absolute.json", "code-zone-nested.json",
        "code-zone-backslash.json", "code-zone-windows-reserved.json", "code-zone-trailing-dot.json", "code-zone-empty.json",
        "code-zone-hidden.json", "code-zone-nul.json", "code-zone-number.json", "code-permission-owner.json",
        "code-permission-number.json", "code-truncated.json", "code-as-array.json",
    ].map { HostileCase(file: $0, expectation: .refused, placement: .codeFile) }

    static var committed: [HostileCase] { records + documents + codes }
}
