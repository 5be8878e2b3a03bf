import Testing

@testable import OursSync

/// Ids and types become folder and file names on every file system the folder may live on.
@Suite struct RecordKeyTests {
    @Test(arguments: ["item", "a", "shopping-list", "x1", String(repeating: "a", count: 40)])
    func validTypes(type: String) throws {
        #expect(try RecordKey(type: type, id: "x").type == type)
    }

    @Test(arguments: ["", "Item", "1item", "-item", "item_x", "item.x", "ïtem", "it em", String(repeating: "a", count: 41)])
    func invalidTypes(type: String) {
        #expect(throws: RecordKeyError.invalidType(type)) { try RecordKey(type: type, id: "x") }
    }

    @Test(arguments: ["8k2m4n6p8r0t2v4x", "0", "a.b_c-d", "milk", String(repeating: "9", count: 100)])
    func validIDs(id: String) throws {
        #expect(try RecordKey(type: "item", id: id).id == id)
    }

    @Test(arguments: [
        "", "Milk", ".milk", "_milk", "-milk", "a/b", "a\\b", "a:b", "mi lk", "é", String(repeating: "9", count: 101),
    ])
    func invalidIDs(id: String) {
        #expect(throws: RecordKeyError.invalidID(id)) { try RecordKey(type: "item", id: id) }
    }

    @Test func orderAndDescription() throws {
        let a = try RecordKey(type: "item", id: "b")
        let b = try RecordKey(type: "item", id: "c")
        let c = try RecordKey(type: "list", id: "a")
        #expect(a < b && b < c)
        #expect(c.description == "list/a")
        #expect(RecordKeyError.invalidID("X").description.contains("\"X\""))
    }

    @Test func newIDsAreValidAndDistinct() {
        let ids = (0..<50).map { _ in RecordKey.newID() }
        #expect(ids.allSatisfy { RecordKey.isValidID($0) && $0.count == 16 })
        #expect(Set(ids).count == 50)
    }
}
