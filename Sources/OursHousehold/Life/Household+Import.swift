import OursSync

/// What `importDocument` did, per record type.
public struct ImportReport: Sendable, Hashable {
    /// How many records an import made, changed, or found as the file has them.
    public struct Counts: Sendable, Hashable {
        /// Records that were not here (or were deleted) and were made.
        public var created = 0
        /// Records that were here and took some of the file's values.
        public var updated = 0
        /// Records that were here as the file has them: nothing written.
        public var unchanged = 0

        init(created: Int = 0, updated: Int = 0, unchanged: Int = 0) {
            self.created = created
            self.updated = updated
            self.unchanged = unchanged
        }

        package var json: JSONValue {
            ["created": JSONValue(created), "updated": JSONValue(updated), "unchanged": JSONValue(unchanged)]
        }
    }

    /// Counts by record type.
    public var byType: [String: Counts] = [:]

    /// The counts of every type together.
    public var total: Counts {
        byType.values.reduce(into: Counts()) { total, counts in
            total.created += counts.created
            total.updated += counts.updated
            total.unchanged += counts.unchanged
        }
    }

    /// `{"types": {"<type>": {"created", "updated", "unchanged"}}, "created", "updated", "unchanged"}`.
    package var json: JSONValue {
        var object = total.json.objectValue ?? [:]
        object["types"] = .object(byType.mapValues(\.json))
        return .object(object)
    }
}

extension Household {
    /// Takes an export's records into this household, merging by id: a record that is here
    /// gets the file's value of each field where it differs (a normal local write, so other
    /// devices merge it like any edit); a record that is not (or was deleted) is created as the
    /// file has it; nothing is deleted, and fields the file does not have are left alone.
    /// Importing the same file again changes nothing.
    /// - Parameter progress: called now and then with (done, total) as records are written.
    public func importDocument(
        _ document: HouseholdImport, progress: ((Int, Int) -> Void)? = nil
    ) throws(OursError) -> ImportReport {
        try zone.write { () throws(OursError) -> ImportReport in
            var report = ImportReport()
            var writes: [(type: String, objects: [[String: JSONValue]])] = []
            for type in document.types {
                var counts = ImportReport.Counts()
                var objects: [[String: JSONValue]] = []
                for record in document.records where record.key.type == type {
                    let existing = try zone.get(record.key)
                    guard let fields = Household.importWrite(record, over: existing) else {
                        counts.unchanged += 1
                        continue
                    }
                    if existing == nil || existing!.isDeleted { counts.created += 1 } else { counts.updated += 1 }
                    var object = fields.mapValues { $0 ?? .null }
                    object[RecordFile.metadataKey] = ["id": .string(record.key.id)]
                    objects.append(object)
                }
                report.byType[type] = counts
                if !objects.isEmpty { writes.append((type, objects)) }
            }
            let total = writes.reduce(0) { $0 + $1.objects.count }
            var done = 0
            for (type, objects) in writes {
                try zone.importRecords(type: type, objects: objects) { written, _ in progress?(done + written, total) }
                done += objects.count
            }
            return report
        }
    }

    /// The fields to write for one record of the file; `nil` when it is here as the file has it.
    /// A deleted record comes back as the file has it: its fields the file lacks are removed.
    static func importWrite(_ record: HouseholdImport.Record, over existing: RecordSnapshot?) -> [String: JSONValue?]? {
        guard let existing, !existing.isDeleted else {
            var fields: [String: JSONValue?] = record.fields.mapValues { $0 }
            for name in existing?.values.keys.sorted() ?? [] where record.fields[name] == nil {
                fields.updateValue(nil, forKey: name)
            }
            return fields
        }
        let changed = record.fields.filter { existing.values[$0.key] != $0.value }
        return changed.isEmpty ? nil : changed.mapValues { $0 }
    }
}
