import Foundation
import VCGraphCLI

// A reader that stops early (`vcgraph render -o - x.yaml | head`) must not kill the process.
signal(SIGPIPE, SIG_IGN)
exit(VCGraphCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
