import Testing

@testable import OursSync

@Suite("Device ids: the alphabet check")
struct DeviceIDAlphabetTests {
    @Test func byteTestAgreesWithTheAlphabetForEveryByte() {
        let alphabet = Set(RandomID.alphabet.map { $0.asciiValue! })
        for byte in UInt8.min...UInt8.max {
            #expect(DeviceID.isAlphabetByte(byte) == alphabet.contains(byte), "byte \(byte)")
        }
    }

    @Test func idsAreCheckedByTheirBytes() {
        #expect(DeviceID("k3j9x2qf") != nil)
        #expect(DeviceID("_k3j9x2q") != nil)
        #expect(DeviceID("K3J9X2QF") == nil)  // uppercase
        #expect(DeviceID("k3j9x2ql") == nil)  // `l` is not in the alphabet
        #expect(DeviceID("k3j9x2q") == nil)  // too short
        #expect(DeviceID("k3j9x2qé") == nil)  // eight characters, nine bytes
        #expect(DeviceID("__k3j9x2") == nil)  // `_` only first
    }
}
