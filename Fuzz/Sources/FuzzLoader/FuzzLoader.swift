import Foundation
import FuzzDriver
import VCGraphCore

/// Limits small enough that the fuzzer spends its time on structure rather than on size, and
/// large enough that every limit check is reached by some input.
private let limits: InputLimits = {
  var limits = InputLimits.default
  limits.maxInputBytes = 64 * 1024
  limits.maxDepth = 24
  limits.maxControllers = 500
  limits.maxScalarLength = 512
  return limits
}()

/// One input, read every way: as a description file, as a debugger dump and as a storyboard.
/// Whatever reads successfully is also analyzed and checked (and an imported dump or storyboard
/// is written back out as a description and read again), so a crash anywhere behind the
/// readers is found too. Errors are the expected outcome of most inputs; only a crash, a hang,
/// a sanitizer report or a written description that does not load again counts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []

  if let hierarchy = try? DescriptionLoader(limits: limits).load(bytes: bytes, path: "fuzz.yaml") {
    exercise(hierarchy)
  }

  if (try? TextEncodingCheck.requireUTF8Text(bytes, path: "fuzz.txt", what: "dumps")) != nil {
    let text = String(decoding: bytes, as: UTF8.self)
    _ = DumpReader.looksLikeDump(text)
    if let hierarchy = try? DumpReader(limits: limits).read(text: text, path: "fuzz.txt") {
      exercise(hierarchy)
      // Every dump that reads imports to a description that loads again (issue 20: a class
      // name with U+FFFE did not); the default limits are far above the fuzzer's.
      let yaml = DescriptionWriter.yaml(for: hierarchy, source: "fuzz.txt")
      do {
        exercise(try DescriptionLoader(limits: .default).load(text: yaml, path: "fuzz.yaml"))
      } catch {
        print("vcgraph fuzz: an imported dump does not load again: \(error)\n\(yaml)")
        abort()
      }
    }
  }

  // The storyboard reader, for anything that could be XML. The path is in a folder that does
  // not exist, so a storyboard reference never opens a file of the machine fuzzing.
  if bytes.contains(0x3C),
    let document = try? StoryboardDocument.read(
      bytes: bytes, path: "/nonexistent-vcgraph-fuzz/fuzz.storyboard",
      options: ReadOptions(limits: limits))
  {
    exercise(document.launch.hierarchy)
    _ = document.findings()
    _ = document.segues.seguesJSON.formatted()
    // A storyboard imports to a description that loads again: its control characters and
    // line separators became spaces when it was read.
    let yaml = DescriptionWriter.yaml(for: document.launch.hierarchy, source: "fuzz.storyboard")
    do {
      exercise(try DescriptionLoader(limits: .default).load(text: yaml, path: "fuzz.yaml"))
    } catch {
      print("vcgraph fuzz: an imported storyboard does not load again: \(error)\n\(yaml)")
      abort()
    }
  }
  return 0
}

private func exercise(_ hierarchy: Hierarchy) {
  guard let report = try? AnalysisReport(hierarchy) else { return }
  _ = Checker.findings(for: report.analysis)
  _ = report.json.formatted()
}

@_cdecl("FuzzLoader_main")
public func fuzzLoaderMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  runFuzzer(argc, argv, fuzzOneInput)
}
