/// Declarations the record commands share.
extension Argument where Value == String {
    /// `TYPE`: any record type, the household's own or another app's.
    static var recordType: Self {
        .required("TYPE", help: "The record type, e.g. item, recipe or a type of your own app")
    }

    /// `ID`: one record of the type.
    static var recordID: Self { .required("ID", help: "The record's id") }
}
