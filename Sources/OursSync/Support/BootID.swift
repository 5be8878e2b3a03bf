#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An id of the running boot of this machine, `nil` where the platform gives none: what tells
/// a cache written before a power cut (whose files may have been flushed in any order) from
/// one written since.
enum BootID {
    static let current: String? = {
        #if canImport(Darwin)
            var size = 0
            guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 1 else { return nil }
            var buffer = [CChar](repeating: 0, count: size)
            guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            let text = String(decoding: buffer[..<count], as: UTF8.self).filter { !$0.isWhitespace }
            return text.isEmpty ? nil : text
        #endif
    }()
}
