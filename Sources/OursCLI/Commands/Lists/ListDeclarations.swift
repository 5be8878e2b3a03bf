/// Declarations the shopping-list commands share.
extension Argument where Value == String {
    /// `ITEM`: one item on a list.
    static var item: Self { .required("ITEM", help: "The item's name") }

    /// `NAME`: a list.
    static var listName: Self { .required("NAME", help: "The list's name") }
}

extension Option where Value == String? {
    /// `--list NAME` for an item that may be on several lists.
    static var itemList: Self { .list("The list the item is on, when it is on more than one") }

    /// `--list NAME` for commands that add items.
    static var targetList: Self { .list("The list to add to, instead of the default one") }
}
