import Foundation
import Testing

@testable import OursSync

@Suite("OursError as an app shows it")
struct LocalizedErrorTests {
    @Test func localizedDescriptionIsTheMessageAndTheHintIsTheSuggestion() {
        let error: any Error = OursError.notPermitted(
            "you have read-only access to Home, so you cannot change records",
            hint: "Ask Sarah (the owner) for a read-write code.")
        #expect(error.localizedDescription == "you have read-only access to Home, so you cannot change records")
        let localized = error as? any LocalizedError
        #expect(localized?.recoverySuggestion == "Ask Sarah (the owner) for a read-write code.")
        #expect(localized?.failureReason == nil)
        let full = OursError(.failed, "cannot save", cause: FileSystemError("write", "/shared/Home/zone.json", .noSpace))
        #expect((full as any LocalizedError).failureReason?.contains("/shared/Home/zone.json") == true)
    }
}
