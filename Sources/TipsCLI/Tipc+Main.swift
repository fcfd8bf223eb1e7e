#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsDriver

extension Tipc {
    /// Environment variables commands consult; only these are read from the process.
    /// The testing overrides are read by `explain` and `status`, as the runtime reads them.
    static let environmentKeys = ["NO_COLOR", "TIPS_SHOW", "TIPS_HIDE", "TIPS_SHOW_ALL", "TIPS_HIDE_ALL"]

    /// Runs `tipc` for this process (arguments, environment, terminals) and exits with its status.
    public static func main() -> Never {
        var environment: [String: String] = [:]
        for key in environmentKeys {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        let terminals = Terminals(standardOutput: FileSystem.isTerminal(1), standardError: FileSystem.isTerminal(2))
        var output = StandardStream(descriptor: 1)
        var errorOutput = StandardStream(descriptor: 2)
        let status = run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                         terminals: terminals, stdout: &output, stderr: &errorOutput)
        exit(status)
    }
}

/// Standard output or standard error as a `TextOutputStream`, written unbuffered with
/// `write(2)` (commands hand over their whole output at once).
struct StandardStream: TextOutputStream {
    let descriptor: Int32

    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // e.g. a closed pipe: nothing sensible left to do with the text
                }
                offset += n
            }
        }
    }
}

/// `write(2)`, reachable from inside a method that is itself called `write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
