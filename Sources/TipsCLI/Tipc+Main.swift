import TipsCommandLine

extension Tipc {
    /// Environment variables commands consult; only these are read from the process.
    /// The testing overrides are read by `explain` and `status`, as the runtime reads them.
    static let environmentKeys = ["NO_COLOR", "TIPS_SHOW", "TIPS_HIDE", "TIPS_SHOW_ALL", "TIPS_HIDE_ALL"]

    /// Runs `tipc` for this process (arguments, environment, terminals) and exits with its status.
    public static func main() -> Never {
        CommandProcess.main(environmentKeys: environmentKeys) { arguments, environment, terminals, stdout, stderr in
            run(arguments, environment: environment, terminals: terminals, stdout: &stdout, stderr: &stderr)
        }
    }
}
