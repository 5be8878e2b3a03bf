import Testing

/// The tests lean on `words(_:)`; if it splits wrongly every table below means something else.
@Suite struct WordsSplitterTests {
    @Test func splitsOnSpacesAndKeepsQuotedWordsTogether() {
        #expect(
            words(#"add "oat milk"  eggs 'a "b" c' '' x"#) == [
                "add", "oat milk", "eggs", #"a "b" c"#, "", "x",
            ])
    }
}
