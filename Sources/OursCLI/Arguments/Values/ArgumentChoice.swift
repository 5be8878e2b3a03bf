/// A closed set of words an option or argument accepts, such as a meal slot or export format.
///
/// Conforming enums get matching that ignores case, a message listing the accepted words, and a
/// suggestion for a near miss, from `Option.choice` and `Argument.choice`.
public protocol ArgumentChoice: CaseIterable, RawRepresentable, Sendable
where RawValue == String {}
