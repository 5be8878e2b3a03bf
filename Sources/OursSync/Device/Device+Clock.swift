/// What a device says when its clock cannot stamp: a damaged clock file, or a clock that has
/// reached the last instant a stamp can name.
extension Device {
    /// The most bytes the clock file is read with: it holds one line of `Stamp.textLength`.
    static let clockFileLimit = 4 * 1024

    /// What the clock file holds.
    enum ClockFile: Equatable {
        case missing
        /// The last stamp issued, and whether the file is exactly its line (and so may be
        /// written over in place).
        case stamp(Stamp, wholeLine: Bool)
        /// No stamp: empty (a power cut after a rename not yet flushed), garbage, too large.
        case damaged(String)
    }

    /// Reads the clock file.
    /// - Throws: `OursError` when it cannot be read (permissions, I/O).
    func readClockFile() throws(OursError) -> ClockFile {
        let bytes: [UInt8]
        do {
            guard let read = try readIfPresent(clockFile, limit: Device.clockFileLimit) else { return .missing }
            bytes = read
        } catch {
            guard case .tooLarge? = error.cause?.reason else { throw error }
            return .damaged("it is larger than a clock file is")
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = Stamp(text) else { return .damaged("\"\(text.prefix(40))\"") }
        return .stamp(last, wholeLine: bytes.count == Stamp.textLength + 1)
    }

    func damagedClock(_ why: String) -> OursError {
        .failed(
            "\(clockFile) is damaged (\(why)): this device cannot stamp a change until it is mended",
            hint: "Run `ours doctor --fix` to reset it safely: it sets the clock past the latest stamp this "
                + "device's copies hold.")
    }

    func clockExhausted() -> OursError {
        let last = (try? currentClock().last.description) ?? UTCTime.iso8601(millis: HybridLogicalClock.latestMillis)
        var why = "the device's clock was set that far ahead"
        if let offset = (clock as? SystemWallClock)?.offsetMillis, offset != 0 {
            why = "the wall clock this device reads is shifted by \(offset) ms (OURS_CLOCK_OFFSET)"
        }
        return .failed(
            "\(clockFile) has reached the last stamp there can be (\(last)): no change can be stamped after "
                + "the last millisecond of the year 9999 (\(why)); nothing was changed",
            hint: "Set this device's clock right, then run `ours doctor --fix`: the device then stamps its changes "
                + "under a new id with an honest clock.")
    }
}
