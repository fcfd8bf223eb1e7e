#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsDriver

/// The one question about terminals the command line asks (outputs are written by
/// `OutputFile`; the driver reads inputs).
extension FileSystem {
    /// Whether file descriptor `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
