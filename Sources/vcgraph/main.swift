import Foundation
import VCGraphCLI

// A reader that stops early (`vcgraph render -o - x.yaml | head`) must not kill the process.
signal(SIGPIPE, SIG_IGN)
// This process may start itself again after a crash to draw the rest of a batch
// (CrashRecovery); a test running the commands in its own process must not.
VCGraphCommandLine.recoversFromCrashes = true
exit(VCGraphCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
