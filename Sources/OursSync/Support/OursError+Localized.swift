import Foundation

/// An app shows an error the way it shows any other: `localizedDescription` is the message
/// (not "OursSync.OursError error 1"), and the hint is the recovery suggestion.
extension OursError: LocalizedError {
    public var errorDescription: String? { message }
    public var recoverySuggestion: String? { hint }
    public var failureReason: String? { cause.map { "\($0)" } }
}
