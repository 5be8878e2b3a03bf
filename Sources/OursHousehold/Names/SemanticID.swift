import OursSync

/// Deterministic record ids for things that have a natural key, so two devices that create
/// the same thing offline create the *same* record, and the engine merges it instead of
/// keeping two.
///
/// An id is a readable slug of the name, `-`, and hex digits of the FNV-1a 64 digest of the
/// normalized key (`NameKey.normalize`) prefixed by the record type: `produce-4f1c0b2e9a7d`.
/// Ids satisfy `RecordKey.isValidID`. Renaming changes the `name` field, never the id.
///
/// An app that goes through `Household` never needs these: they are for writing household
/// records through the engine directly (an importer, a generator of test data), so that those
/// records are the same records `Household` makes.
public enum SemanticID {
    /// Hex digits of the digest in an id: 48 bits, so a household would need millions of
    /// names of one type before two collide by chance.
    static let digestLength = 12

    /// The id of the list first created under `name`.
    ///
    /// - Parameters:
    ///   - name: the list's name as typed.
    ///   - attempt: 0 for the list's own id; 1, 2, … for the ids tried when that one is taken
    ///     by a list that was renamed (a renamed list keeps the id of its first name).
    public static func list(named name: String, attempt: Int = 0) -> String {
        let key = NameKey.normalize(name) + (attempt == 0 ? "" : "\u{1F}\(attempt + 1)")
        return make(RecordTypes.list, name: name, key: key)
    }

    /// The id of the item called `name` on the list `listID`: the slug, `-`, six hex digits
    /// that tag the list, then ten of the item's own digest. The tag lets a list's items be
    /// picked from the ids alone, without reading every item.
    public static func item(named name: String, onList listID: String) -> String {
        let own = Digest.hex(Array("\(RecordTypes.item)\u{1F}\(listID)\u{1F}\(NameKey.normalize(name))".utf8), length: 10)
        return base(name, fallback: RecordTypes.item) + "-" + listTag(listID) + own
    }

    /// Six hex digits identifying a list inside its items' ids.
    static func listTag(_ listID: String) -> String {
        Digest.hex(Array("\(RecordTypes.list)\u{1F}\(listID)".utf8), length: 6)
    }

    /// The list tag inside an item id made by `item(named:onList:)`; `nil` for any other id
    /// (an item another app created with a random id).
    static func listTag(ofItemID id: String) -> Substring? {
        let bytes = id.utf8
        guard bytes.count >= 18 else { return nil }
        let tail = id.utf8.suffix(17)
        guard tail.first == UInt8(ascii: "-"), tail.dropFirst().allSatisfy(isHex) else { return nil }
        let start = id.index(id.endIndex, offsetBy: -16)
        return id[start..<id.index(start, offsetBy: 6)]
    }

    /// The id of the category called `name`.
    public static func category(named name: String) -> String { make(RecordTypes.category, name: name) }

    /// The id a recipe titled `name` had when recipes were named by their titles. New recipes
    /// get a random id (`Recipe.init`); recipes made by earlier versions keep this one.
    public static func recipe(named name: String) -> String { make(RecordTypes.recipe, name: name) }

    static func chore(named name: String) -> String { make(RecordTypes.chore, name: name) }

    static func project(named name: String) -> String { make(RecordTypes.project, name: name) }

    /// A task is the same task when its project and its title are the same.
    public static func task(named name: String, project: String?) -> String {
        let key = NameKey.normalize(project ?? "") + "\u{1F}" + NameKey.normalize(name)
        return make(RecordTypes.task, name: name, key: key)
    }

    static func make(_ type: String, name: String, key: String? = nil) -> String {
        let digest = Digest.hex(Array("\(type)\u{1F}\(key ?? NameKey.normalize(name))".utf8), length: digestLength)
        return base(name, fallback: type) + "-" + digest
    }

    private static func base(_ name: String, fallback: String) -> String {
        let slug = NameKey.slug(name)
        return slug.isEmpty ? fallback : slug
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
