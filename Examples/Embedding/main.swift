// A small program embedding OursSync the way an app would: two devices (two state
// directories) share a household through one folder, and the app reads what changed.
//
//   swift run embedding-example
import Foundation
import OursSync

let base = FileManager.default.temporaryDirectory.appendingPathComponent("ours-embedding-\(UUID().uuidString.prefix(6))").path
let shared = base + "/shared"
try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: base) }

do {
    // Each device is a state directory; an app uses its own container.
    let phone = Device(home: base + "/phone")
    let tablet = Device(home: base + "/tablet")
    _ = try phone.initialize(name: "Sarah", email: nil)
    _ = try tablet.initialize(name: "Mike", email: nil)

    let home = try phone.createZone(name: "Home", folder: shared)
    let code = try home.invite(readOnly: false)
    let joined = try tablet.join(code: code.code, folder: shared).zone

    let eggs = try home.put(type: "item", fields: ["name": "Eggs", "qty": 12, "checked": false])
    try joined.put(type: "item", id: eggs.id, fields: ["checked": true])

    // The app's refresh: one sync pass, then the change set it reports.
    let report = try home.sync()
    for change in report.changes {
        print("\(change.kind.rawValue): \(change.key) \(change.fields) by \(change.by ?? "someone")")
    }
    for item in try home.list(type: "item") {
        print(item.name ?? item.key.id, JSONWriter.compactString(.object(item.values)))
    }
} catch {
    print("error: \(error)")
    exit(1)
}
