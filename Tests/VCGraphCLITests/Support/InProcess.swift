import Foundation
import VCGraphCLI

/// The result of running a command line in this process.
struct InProcessResult {
  var exitCode: Int32
  var stdout: String
  var stdoutBytes: [UInt8]
  var stderr: String
}

/// Runs `vcgraph ARGS` in this process with a capturing console, in the repository root's
/// terms (relative paths are resolved by the caller).
func runInProcess(_ arguments: [String], stdin: String = "") -> InProcessResult {
  let (console, captured) = Console.capturing(input: Array(stdin.utf8))
  let code = VCGraphCommandLine.run(arguments, console: console)
  return InProcessResult(
    exitCode: code, stdout: captured.stdout, stdoutBytes: captured.stdoutBytes,
    stderr: captured.stderr)
}
