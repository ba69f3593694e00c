import Foundation
import Testing
import VCGraphCapture
import VCGraphCore

/// An app links VCGraphCapture alone: it imports nothing of vcgraph's (on Linux every module
/// of the build sits in one folder, so an undeclared `import VCGraphCore` could compile) and
/// Package.swift gives it no dependency. `scripts/check-capture-standalone` builds it from a
/// consumer package with pkg-config pointed at nothing.
struct StandaloneTests {
  @Test("VCGraphCapture imports only Foundation and UIKit, and declares no dependency")
  func importsNothingElse() throws {
    let folder = repositoryRoot.appendingPathComponent("Sources/VCGraphCapture")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 4)
    for file in files {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import") else { continue }
        guard words[..<index].allSatisfy({ $0.hasPrefix("@") }), index + 1 < words.count
        else { continue }
        #expect(["Foundation", "UIKit"].contains(String(words[index + 1])), "\(file): \(line)")
      }
    }
    let manifest = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(#".target(name: "VCGraphCapture"),"#))
  }

  @Test("CapturedKind repeats VCGraphCore's ControllerKind: the same cases and UIKit classes")
  func kindsAgree() {
    #expect(CapturedKind.allCases.map(\.rawValue) == ControllerKind.allCases.map(\.rawValue))
    #expect(CapturedKind.allCases.map(\.uikitClass) == ControllerKind.allCases.map(\.uikitClass))
  }
}
