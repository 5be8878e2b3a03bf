import Testing

@testable import OursCLI

@Suite("Console: tables")
struct TableTests {
    @Test func columnsArePaddedToTheWidestCellByCharacters() {
        let text = Table.render(["NAME", "N"], [["Crème brûlée", "2"], ["Tea", "10"], ["👩‍👩‍👧 family", "1"]])
        #expect(
            text == """
                NAME          N
                Crème brûlée  2
                Tea           10
                👩‍👩‍👧 family      1

                """)
    }

    @Test func theLastColumnIsNotPaddedAndShortRowsEndEarly() {
        #expect(
            Table.render(["A", "B", "C"], [["x", "longer"], ["yy", "", "z"]]) == "A   B       C\nx   longer\nyy          z\n")
    }
}
