import Foundation
import VCGraphCore
import VCGraphLint
import VCGraphScan

// `vcgraph-swift scan [--root DIR] PATH...`: the scan as JSON on standard output; `vcgraph
// scan` runs it (its own executable so that building `vcgraph` never builds swift-syntax).
// `vcgraph-swift lint [--root DIR] PATH...`: the Swift-code rules' findings as JSON (`vcgraph
// lint` runs it and applies the configuration, the baseline and the reporters).
// `vcgraph-swift parse PATH...`: SwiftSyntax's `Parser.parse` alone over the same files, in
// parallel as the scan does (the floor `Benchmarks/run` compares the scan with).

let usage = """
  usage: vcgraph-swift scan [--root DIR] [--files-from FILE|-] PATH...
         vcgraph-swift lint [--root DIR] [--files-from FILE|-] PATH...
         vcgraph-swift parse PATH...
  Reads the .swift and .storyboard files under PATH (files or folders) and prints the app's
  navigation as JSON (Documentation/Scan.md), or the lint findings in its .swift files
  (Documentation/Lint.md). `vcgraph scan` and `vcgraph lint` run this program. The files
  of a --files-from list alone (one a line) are read as listed, not looked for in folders.

  """

/// Writes `text` to standard error with control characters, bidirectional controls and CI
/// workflow-command starts escaped (a file name is data), the one writer of this program.
func writeError(_ text: String) {
  let escaped = ControlCharacters.escaped(text, keepingLayout: true)
  FileHandle.standardError.write(Data(escaped.utf8))
}

func fail(_ message: String, code: Int32) -> Never {
  writeError("vcgraph-swift: \(message)\n")
  exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, ["scan", "lint", "parse"].contains(command) else {
  if ["--help", "-h"].contains(CommandLine.arguments.dropFirst().first ?? "") {
    print(usage, terminator: "")
    exit(0)
  }
  writeError(usage)
  exit(64)
}
arguments.removeFirst()
var root: String?
var listed = false
var paths: [String] = []
/// The paths read from `--files-from`'s list.
var fromList: [String] = []
var index = 0
while index < arguments.count {
  let argument = arguments[index]
  if argument == "--root" {
    guard index + 1 < arguments.count else { fail("--root needs a folder", code: 64) }
    root = arguments[index + 1]
    index += 2
    continue
  }
  if argument == "--files-from" {
    // One path a line: `-` for standard input (what `vcgraph scan` gives).
    guard index + 1 < arguments.count else { fail("--files-from needs a file or -", code: 64) }
    let source = arguments[index + 1]
    let data =
      source == "-"
      ? FileHandle.standardInput.readDataToEndOfFile()
      : FileManager.default.contents(atPath: source)
    guard let data else { fail("\(source): cannot read the list of files", code: 66) }
    // Split as an array of bytes: String's split goes Character by Character (26 M
    // instructions for the 676 paths of the fixtures), and Data's split pays an exclusivity
    // check a byte (12 M).
    fromList += [UInt8](data).split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    listed = true
    index += 2
    continue
  }
  if argument == "--" {
    paths += arguments[(index + 1)...]
    break
  }
  if argument.hasPrefix("-") && argument != "-" { fail("unknown option '\(argument)'", code: 64) }
  paths.append(argument)
  index += 1
}
guard !paths.isEmpty || listed else { fail("no PATH given", code: 64) }

let sources: ScanSources
if paths.isEmpty {
  // Only a list (what `vcgraph scan` made by walking the folders): not looked up again.
  sources = ScanSources.listed(fromList, root: root)
} else {
  do {
    sources = try ScanSources.collect(paths + fromList, root: root)
  } catch {
    fail(error.description, code: 66)
  }
}

if command == "parse" {
  let lines = ParseOnly.parse(sources.swiftFiles)
  print("\(sources.swiftFiles.count) files, \(lines) lines parsed")
  exit(0)
}

if command == "lint" {
  let result = Linter().lint(sources.swiftFiles)
  print(result.json.formatted())
  exit(0)
}

// A global of this top-level code, held until the process exits: the facts it keeps are never
// freed (`Scanner.Outcome.resolver`).
let outcome = Scanner().scan(sources)
for problem in outcome.problems {
  writeError(problem + "\n")
}
// The bytes of `outcome.result.json.formatted()` and a line feed, written without building
// the JSON values (ScanJSONWriter).
FileHandle.standardOutput.write(Data(ScanJSONWriter.bytes(outcome.result)))
