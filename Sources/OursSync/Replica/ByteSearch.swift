#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a byte in a buffer with the C library's `memchr`, which looks at many bytes an
/// instruction: the summary logs' lines and columns are found this way, megabytes a read.
enum ByteSearch {
    /// The first index in `from..<to` where `buffer` holds `byte`, or `nil`.
    static func first(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}
