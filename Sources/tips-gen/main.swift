import TipsCommandLine
import TipsGen

// What the build plugin runs: `tipc gen` alone, so a clean app build compiles the front end
// and the Swift generator for the host, not the runtime, the language server, scenarios or
// the rest of tipc (Docs/codegen.md, "Build cost"). Same arguments as `tipc gen`.
CommandProcess.main(environmentKeys: ["NO_COLOR"]) { arguments, environment, terminals, stdout, stderr in
    GenTool.run(arguments, environment: environment, terminals: terminals, stdout: &stdout, stderr: &stderr)
}
