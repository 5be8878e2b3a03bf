/// What an attachment is, as its first bytes show it: a media type and the extension its
/// file gets. Taken from the content alone, so the same bytes get the same name on every
/// device, whatever the file was called where it was added.
package struct AttachmentKind: Sendable, Hashable {
    package var type: String
    package var fileExtension: String

    package static let unknown = AttachmentKind(type: "application/octet-stream", fileExtension: "bin")

    package static let known: [AttachmentKind] = [
        .init(type: "image/jpeg", fileExtension: "jpg"), .init(type: "image/png", fileExtension: "png"),
        .init(type: "image/gif", fileExtension: "gif"), .init(type: "image/webp", fileExtension: "webp"),
        .init(type: "image/heic", fileExtension: "heic"), .init(type: "application/pdf", fileExtension: "pdf"),
        .init(type: "audio/mp4", fileExtension: "m4a"), .init(type: "video/mp4", fileExtension: "mp4"),
        .init(type: "video/quicktime", fileExtension: "mov"), .init(type: "audio/mpeg", fileExtension: "mp3"),
        .init(type: "audio/wav", fileExtension: "wav"), .init(type: "audio/ogg", fileExtension: "ogg"),
    ]

    package init(type: String, fileExtension: String) {
        self.type = type
        self.fileExtension = fileExtension
    }

    /// The kind of a media type a reference names (`unknown`'s extension for one not known).
    package init(type: String) {
        self = AttachmentKind.known.first { $0.type == type } ?? AttachmentKind(type: type, fileExtension: "bin")
    }

    /// How many first bytes `sniff` needs.
    package static let prefixLength = 16

    /// The kind the first bytes of a file show (JPEG, PNG, GIF, WebP, HEIC, PDF, MPEG-4 audio
    /// and video, QuickTime, MP3, WAV, Ogg); `unknown` for anything else.
    package static func sniff(_ prefix: [UInt8]) -> AttachmentKind {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            prefix.count >= offset + bytes.count && Array(prefix[offset..<(offset + bytes.count)]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        let type: String? =
            if starts([0xFF, 0xD8, 0xFF]) {
                "image/jpeg"
            } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                "image/png"
            } else if ascii("GIF87a") || ascii("GIF89a") {
                "image/gif"
            } else if ascii("RIFF"), ascii("WEBP", at: 8) {
                "image/webp"
            } else if ascii("RIFF"), ascii("WAVE", at: 8) {
                "audio/wav"
            } else if ascii("%PDF-") {
                "application/pdf"
            } else if ascii("OggS") {
                "audio/ogg"
            } else if ascii("ID3") || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) {
                "audio/mpeg"
            } else if ascii("ftyp", at: 4) {
                brand(String(decoding: prefix.dropFirst(8).prefix(4), as: UTF8.self))
            } else {
                nil
            }
        return type.map { AttachmentKind(type: $0) } ?? .unknown
    }

    /// The media type of an ISO base media file (MPEG-4, QuickTime, HEIF) by its major brand.
    private static func brand(_ brand: String) -> String {
        switch brand {
        case "heic", "heix", "heim", "heis", "mif1", "msf1": "image/heic"
        case "M4A ", "M4B ": "audio/mp4"
        case "qt  ": "video/quicktime"
        default: "video/mp4"
        }
    }
}
