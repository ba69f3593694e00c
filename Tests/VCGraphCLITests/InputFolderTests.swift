import Foundation
import Testing

// Folders given as inputs, through the built binary: what counts as an input inside them,
// what is skipped or reported, and where outputs of files in subfolders go.

private let small =
  "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"

/// Runs vcgraph as the unprivileged user `nobody` when this process is root (so permissions
/// apply), else as is; nil when that is not possible here.
private func asUnprivileged(_ arguments: [String], cwd: URL) throws -> RunResult? {
  if geteuid() != 0 { return try vcgraph(arguments, stdinBytes: nil, cwd: cwd) }
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
    let binary = vcgraphExecutable
  else { return nil }
  // `nobody` must reach the binary and write into the directory.
  chmod(cwd.path, 0o777)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
  process.arguments =
    ["--reuid=65534", "--regid=65534", "--clear-groups", "--", binary.path] + arguments
  process.currentDirectoryURL = cwd
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  if String(decoding: errData, as: UTF8.self).contains("Permission denied")
    && process.terminationStatus == 126
  {
    return nil  // nobody cannot run the binary from here
  }
  return RunResult(
    exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stdoutBytes: [UInt8](outData), stderr: String(decoding: errData, as: UTF8.self))
}

@Suite("Folders given as inputs")
struct InputFolderTests {
  @Test func aPipeNamedLikeADescriptionIsSkippedNotWaitedFor() throws {
    let directory = try TemporaryDirectory("fifo")
    try directory.write("in/good.yaml", small)
    #expect(mkfifo(directory.path("in/pipe.yaml"), 0o644) == 0)
    for command in [["check", "in"], ["render", "in", "-o", "."]] {
      let result = try vcgraph(command, stdinBytes: nil, cwd: directory.url, timeout: 30)
      #expect(result.exitCode == 0, "\(command): \(result.stderr)")
    }
    #expect(directory.bytes("good.svg") != nil)
    #expect(directory.bytes("pipe.svg") == nil)
  }

  @Test func anUnreadableSubfolderIsReportedAndTheRestRuns() throws {
    let directory = try TemporaryDirectory("unreadable")
    try directory.write("in/good.yaml", small)
    try directory.write("in/locked/hidden.yaml", small)
    chmod(directory.path("in/locked"), 0)
    defer { chmod(directory.path("in/locked"), 0o755) }
    guard let result = try asUnprivileged(["check", "in"], cwd: directory.url) else { return }
    #expect(result.exitCode == 66, "\(result.stderr)")
    #expect(result.stderr.contains("in/locked: cannot read the directory"), "\(result.stderr)")
    #expect(result.stderr.contains("1 input checked"), "\(result.stderr)")
  }

  @Test func aFileNameThatIsNotUTF8IsNamedAndTheRestRuns() throws {
    let directory = try TemporaryDirectory("not-utf8")
    try directory.write("in/good.yaml", small)
    let bad = directory.path("in") + "/caf\u{FFFD}.yaml"
    // The name's bytes: "caf", 0xE9 (Latin-1 é), ".yaml".
    let raw = Array(directory.path("in").utf8) + Array("/caf".utf8) + [0xE9] + Array(".yaml".utf8)
    let descriptor = raw.withUnsafeBufferPointer { buffer -> Int32 in
      var path = Array(buffer) + [0]
      return path.withUnsafeMutableBufferPointer { pointer in
        pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
          open($0, O_WRONLY | O_CREAT, 0o644)
        }
      }
    }
    #expect(descriptor >= 0)
    _ = small.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
    #expect(!FileManager.default.fileExists(atPath: bad))
    let result = try vcgraph(["render", "in", "-o", "."], cwd: directory.url)
    #expect(result.exitCode == 66, "\(result.stderr)")
    #expect(
      result.stderr.contains(#"in/caf\xE9.yaml: the file name is not valid UTF-8"#),
      "\(result.stderr)")
    #expect(!result.stderr.contains("no such file"))
    #expect(directory.bytes("good.svg") != nil)
    // Named on the command line, the name arrives with U+FFFD for the byte.
    let named = try vcgraph(["check", "in/caf\u{FFFD}.yaml"], cwd: directory.url)
    #expect(named.exitCode == 66, "\(named.stderr)")
    #expect(named.stderr.contains("not valid UTF-8"), "\(named.stderr)")
  }

  @Test func strayFilesAreNotInputsUnlessIncluded() throws {
    let directory = try TemporaryDirectory("stray")
    try directory.write("in/good.yaml", small)
    try directory.write("in/notes.txt", "Remember to update the diagrams.\n")
    try directory.write("in/ci.yml", "on: push\njobs:\n  build: { runs-on: ubuntu-latest }\n")
    try directory.write(
      "in/dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    try directory.write("in/flow.yaml", "{ window: { root: A } }\n")
    let check = try vcgraph(["check", "in"], cwd: directory.url)
    #expect(check.exitCode == 0, "\(check.stderr)")
    #expect(check.stderr.contains("3 inputs checked"), "\(check.stderr)")
    #expect(check.stderr.contains("skipped 2 files"), "\(check.stderr)")
    #expect(check.stderr.contains("ci.yml, notes.txt"))
    // --include takes a file whatever it holds (notes.txt is then a bad dump); --exclude
    // leaves one out.
    let included = try vcgraph(
      ["check", "in", "--include", "*.txt", "--exclude", "flow.yaml"], cwd: directory.url)
    #expect(included.exitCode == 65, "\(included.stderr)")
    #expect(included.stderr.contains("in/notes.txt:1:1: error:"), "\(included.stderr)")
    #expect(included.stderr.contains("2 inputs checked"), "\(included.stderr)")
    // Files named on the command line are always inputs.
    #expect(try vcgraph(["check", "in/ci.yml"], cwd: directory.url).exitCode == 65)
  }

  @Test func equalNamesInSubfoldersKeepTheirPlacesUnderTheOutput() throws {
    let directory = try TemporaryDirectory("mirror")
    try directory.write("in/mail.yaml", small)
    try directory.write("in/other/mail.yaml", small.replacingOccurrences(of: "nav", with: "n2"))
    try directory.write("in/other/deeper/x.yaml", small)
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    for jobs in ["1", "2"] {
      let result = try vcgraph(
        ["render", "in", "-o", "out", "-f", "svg,dot", "--jobs", jobs], cwd: directory.url)
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(directory.names(in: "out") == ["mail.dot", "mail.svg", "other"])
      #expect(directory.names(in: "out/other") == ["deeper", "mail.dot", "mail.svg"])
      #expect(directory.names(in: "out/other/deeper") == ["x.dot", "x.svg"])
      let dot = String(decoding: directory.bytes("out/other/mail.dot") ?? [], as: UTF8.self)
      #expect(dot.contains("n2"))
    }
    // Two files named on the command line still cannot share an output.
    let clash = try vcgraph(
      ["render", "in/mail.yaml", "in/other/mail.yaml", "-o", "out"], cwd: directory.url)
    #expect(clash.exitCode == 64, "\(clash.stderr)")
    #expect(clash.stderr.contains("would both write"))
  }
}
