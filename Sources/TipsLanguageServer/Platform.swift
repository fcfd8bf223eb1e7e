#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the stdio transport needs, in one place for Glibc, Musl and Darwin.
enum Platform {
    /// Reads up to `count` bytes; retries on EINTR. 0 is the end of input, negative an error.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress, raw.count)
            }
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Writes all of `bytes`; returns false if the other end is gone.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// A closed pipe must be an error from `write`, not a signal that kills the server.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
