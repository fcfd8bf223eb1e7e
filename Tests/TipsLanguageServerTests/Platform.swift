#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the process tests need (waiting for output with a deadline).
enum TestPlatform {
    /// Waits up to `milliseconds` for `descriptor` to be readable (or closed).
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let n = poll(&fds, 1, milliseconds)
        return n > 0
    }

    /// Reads what is available (at most 64 KiB); 0 at the end of the stream.
    static func read(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    /// A test writing to a server that died must fail, not die of SIGPIPE.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
