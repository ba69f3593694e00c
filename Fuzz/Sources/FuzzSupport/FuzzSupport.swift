import Foundation
import GraphvizKit
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram
import VCGraphGraphviz

/// Limits small enough that the fuzzer spends its time on structure rather than on size. A
/// value keeps the default length limit: escaped, a 4,096-character value is long enough to
/// reach what `dot`'s DOT reader holds in one token (issue 20).
public let fuzzLimits: InputLimits = {
  var limits = InputLimits.default
  limits.maxInputBytes = 64 * 1024
  limits.maxDepth = 24
  limits.maxControllers = 300
  return limits
}()

/// The hierarchies an input reads as: a description, a debugger dump when it is text, and a
/// storyboard's launch state when it could be XML (its references lead to a folder that does
/// not exist, so no file of the machine is opened).
public func hierarchies(_ bytes: [UInt8]) -> [Hierarchy] {
  var result: [Hierarchy] = []
  if let hierarchy = try? DescriptionLoader(limits: fuzzLimits).load(bytes: bytes, path: "f.yaml") {
    result.append(hierarchy)
  }
  if (try? TextEncodingCheck.requireUTF8Text(bytes, path: "f.txt", what: "dumps")) != nil,
    let hierarchy = try? DumpReader(limits: fuzzLimits).read(
      text: String(decoding: bytes, as: UTF8.self), path: "f.txt")
  {
    result.append(hierarchy)
  }
  if bytes.contains(0x3C),
    let hierarchy = try? StoryboardHierarchyReader.read(
      bytes: bytes, path: "/nonexistent-vcgraph-fuzz/f.storyboard",
      options: ReadOptions(limits: fuzzLimits))
  {
    result.append(hierarchy)
  }
  return result
}

/// Stops the fuzzer with `message`: libFuzzer saves the input that got here.
public func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("vcgraph fuzz: \(message)\n".utf8))
  abort()
}

/// Fails when text vcgraph prints or writes holds a character it promises never to write raw
/// (`ControlCharacters`), beyond line breaks and tabs.
public func requireSafe(_ text: String, _ what: String) {
  if let bad = text.unicodeScalars.first(where: {
    ControlCharacters.isRefused($0) && $0 != "\n" && $0 != "\t"
  }) {
    fail("\(what) holds U+\(String(bad.value, radix: 16, uppercase: true))")
  }
}

/// Draws a report every way vcgraph does without a layout: the diagram model, the Graphviz
/// graph and its DOT (through GraphvizKit, in this process), Mermaid and Markdown. Returns
/// the DOT, which must exist for every hierarchy that was read.
public func draw(_ report: AnalysisReport, options: DiagramOptions) -> String {
  let model = DiagramBuilder(report: report, options: options).diagram()
  requireSafe(MermaidBackend().text(for: model), "the Mermaid text")
  requireSafe(MarkdownBackend().text(for: model), "the Markdown page")
  let graph = GraphvizBackend().graph(model)
  do {
    return try Graphviz.dot(graph)
  } catch {
    fail("GraphvizKit refused the diagram of a hierarchy that was read: \(error)")
  }
}

/// The `dot` on PATH, if any.
private let dotPath: String? = {
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let candidate = "\(directory)/dot"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}()

/// Lays `source` out with `dot -Tsvg` in a subprocess, so a layout that crashes or hangs
/// Graphviz does not take the fuzzer with it. DOT that `dot` rejects, or that makes it crash,
/// is a bug: vcgraph would fail on the same graph. A layout still running after `seconds`
/// is stopped and passes (the CLI's --layout-timeout covers it).
public func layOutWithDot(_ source: String, seconds: Double = 10) {
  guard let dotPath else { return }
  let base = NSTemporaryDirectory() + "vcgraph-fuzz-\(getpid())"
  let input = base + ".dot"
  let errors = base + ".err"
  FileManager.default.createFile(atPath: input, contents: Data(source.utf8))
  defer {
    unlink(input)
    unlink(errors)
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv: [UnsafeMutablePointer<CChar>?] = [
    strdup(dotPath), strdup("-Tsvg"), strdup(input), nil,
  ]
  let envp: [UnsafeMutablePointer<CChar>?] =
    ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, dotPath, &actions, nil, argv, envp) == 0 else { return }
  var status: Int32 = 0
  let deadline = Date().addingTimeInterval(seconds)
  while waitpid(pid, &status, WNOHANG) == 0 {
    if Date() > deadline {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      return
    }
    usleep(2_000)
  }
  let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
  let signaled = status & 0x7F != 0
  let code = (status >> 8) & 0xFF
  if signaled || code != 0 {
    fail(
      "dot " + (signaled ? "died on signal \(status & 0x7F)" : "exited \(code)")
        + " on vcgraph's DOT: \(message.prefix(2000))")
  }
}
