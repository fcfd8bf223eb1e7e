#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsDriver

/// The process around a command line (`tipc`, `tips-gen`): reads only the environment
/// variables the commands consult, asks which streams are terminals, runs, writes the text
/// the run produced and exits with its status. Everything else happens in library code that
/// tests call directly.
public enum CommandProcess {
    /// Runs `body` with this process's arguments (without the program name), the values of
    /// `environmentKeys` that are set, and the terminals; then exits with its status.
    public static func main(
        environmentKeys: [String],
        _ body: (_ arguments: [String], _ environment: [String: String], _ terminals: Terminals,
                 _ stdout: inout StandardStream, _ stderr: inout StandardStream) -> Int32
    ) -> Never {
        var environment: [String: String] = [:]
        for key in environmentKeys {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        let terminals = Terminals(standardOutput: FileSystem.isTerminal(1), standardError: FileSystem.isTerminal(2))
        var output = StandardStream(descriptor: 1)
        var errorOutput = StandardStream(descriptor: 2)
        let status = body(Array(CommandLine.arguments.dropFirst()), environment, terminals, &output, &errorOutput)
        exit(status)
    }
}

/// Standard output or standard error as a `TextOutputStream`, written unbuffered with
/// `write(2)` (commands hand over their whole output at once).
public struct StandardStream: TextOutputStream {
    let descriptor: Int32

    public mutating func write(_ string: String) {
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
