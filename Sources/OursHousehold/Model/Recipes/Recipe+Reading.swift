import OursSync

extension Recipe {
    /// A stored recipe; the element fields win over the arrays older versions write.
    /// - Returns: `nil` for a record of another type or without a name.
    init?(_ snapshot: RecordSnapshot) { self.init(snapshot, stamps: nil) }

    /// A stored recipe, reading the arrays instead of the element fields when an older version
    /// wrote them after every element (see `Recipe+Storage`).
    init?(_ state: RecordState) {
        var stamps: [String: Stamp] = [:]
        for (field, register) in state.fields { stamps[field] = register.winner.stamp }
        self.init(RecordSnapshot(state), stamps: stamps)
    }

    init?(_ snapshot: RecordSnapshot, stamps: [String: Stamp]?) {
        guard snapshot.key.type == RecordTypes.recipe, let name = snapshot.name else { return nil }
        let values = snapshot.values
        self.init(name: name, id: snapshot.key.id)
        self.name = name
        readLists(values, stamps: stamps)
        servings = values["servings"]?.intValue
        yield = values["yield"]?.stringValue
        notes = values["notes"]?.stringValue
        favorite = values["favorite"]?.boolValue ?? false
        description = values["description"]?.stringValue
        url = values["url"]?.stringValue
        image = values["image"]?.stringValue
        photos = AttachmentRef.photos(in: values["photos"])
        let listed = (values["authors"]?.arrayValue ?? []).compactMap(\.stringValue).filter { !$0.isEmpty }
        authors = listed.isEmpty ? [values["author"]?.stringValue].compactMap { $0 } : listed
        prepTime = values["prepTime"]?.stringValue
        cookTime = values["cookTime"]?.stringValue
        totalTime = values["totalTime"]?.stringValue
        category = values["category"]?.stringValue
        cuisine = values["cuisine"]?.stringValue
        for (key, value) in values["nutrition"]?.objectValue ?? [:] {
            if let text = value.stringValue ?? value.numberText { nutrition[key] = text }
        }
        createdAt = values["createdAt"]?.stringValue.flatMap(UTCTime.parseISO8601)
        createdBy = values["createdBy"]?.stringValue
        tags = values.filter { $0.key.hasPrefix(Recipe.tagPrefix) }.sorted { $0.key < $1.key }.compactMap { $0.value.stringValue }
            .filter { !$0.isEmpty }
    }

    /// `{"id", "name", "ingredients": [{"text", "quantity"?, "unit"?, "name", "note"?,
    /// "ingredient"}], "steps": [text], "sections"?: [{"name", "step"}], "servings"?, "yield"?,
    /// "notes"?, "favorite", "description"?, "url"?, "image"?, "photos"?, "author"?, "authors", "prepTime"?,
    /// "cookTime"?, "totalTime"?, "tags", "category"?, "cuisine"?, "nutrition"?, "createdAt"?,
    /// "createdBy"?}`: `steps` are the steps to follow; each section heading names the index
    /// in `steps` of the first step it heads.
    package var json: JSONValue {
        func text(_ value: String?) -> JSONValue? { value.map { .string($0) } }
        var object: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "ingredients": .array(ingredients.map(\.storedJSON)),
            "steps": .array(instructions.map { .string($0) }), "favorite": .bool(favorite),
            "authors": .array(authors.map { .string($0) }), "tags": .array(tags.map { .string($0) }),
        ]
        let optional: [String: JSONValue?] = [
            "servings": servings.map { JSONValue($0) }, "yield": text(yield), "notes": text(notes),
            "description": text(description), "url": text(url), "image": text(image), "author": text(author),
            "prepTime": text(prepTime), "cookTime": text(cookTime), "totalTime": text(totalTime), "category": text(category),
            "cuisine": text(cuisine), "nutrition": nutrition.isEmpty ? nil : .object(nutrition.mapValues { .string($0) }),
            "createdAt": createdAt.map { .string(UTCTime.iso8601(millis: $0)) }, "createdBy": text(createdBy),
            "photos": AttachmentRef.photosValue(photos),
        ]
        for (key, value) in optional { if let value { object[key] = value } }
        var sections: [JSONValue] = []
        var index = 0
        for step in steps {
            if step.isSection { sections.append(["name": .string(step.text), "step": JSONValue(index)]) } else { index += 1 }
        }
        if !sections.isEmpty { object["sections"] = .array(sections) }
        return .object(object)
    }
}
