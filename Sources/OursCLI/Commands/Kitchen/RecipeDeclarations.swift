/// Declarations the recipe commands share.
extension Argument where Value == String {
    /// `NAME`: a recipe.
    static var recipeName: Self { .required("NAME", help: "The recipe's name") }
}
