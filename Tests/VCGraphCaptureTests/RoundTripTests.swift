import Foundation
import Testing
import VCGraphCapture
import VCGraphCore

/// The repository root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every sample and test fixture vcgraph reads as a hierarchy: descriptions, dumps (imported)
/// and storyboards (their launch state).
func fixtureInputs() throws -> [URL] {
  let folders = ["Samples", "Tests/Fixtures/printHierarchy", "Tests/Fixtures/storyboards"]
  var result: [URL] = []
  for folder in folders {
    let root = repositoryRoot.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if ["yaml", "yml", "txt", "storyboard"].contains(url.pathExtension) { result.append(url) }
    }
  }
  return result.sorted { $0.path < $1.path }
}

func read(_ url: URL) throws -> Hierarchy {
  let bytes = Array(try Data(contentsOf: url))
  return try InputFormats.read(bytes: bytes, path: url.path)
}

/// The answers `vcgraph analyze` gives, by controller id: top, visible path, what is on
/// screen, presenters, key window, and the findings (rule and message).
struct Answers: Equatable, CustomStringConvertible {
  var top: String?
  var visiblePath: [String]
  var visible: [String]
  var leaves: [String]
  var presenters: [String]
  var windows: [String]
  var findings: [String]

  init(_ hierarchy: Hierarchy) throws {
    let report = try AnalysisReport(hierarchy)
    let analysis = report.analysis
    let ids = hierarchy.controllers.map(\.id)
    top = analysis.topViewController.map { ids[$0] }
    visiblePath = analysis.visiblePath.map { "\(ids[$0.controller]) via \($0.via.rawValue)" }
    visible = Set(hierarchy.controllers.indices.filter { analysis.onScreen[$0] }.map { ids[$0] })
      .sorted()
    leaves = analysis.visibleLeaves.map { ids[$0] }
    presenters = Set(
      hierarchy.controllers.indices.compactMap { index in
        analysis.presentation.presenter[index].map { "\(ids[$0]) presents \(ids[index])" }
      }
    ).sorted()
    windows = analysis.windowWalks.indices.map { index in
      let walk = analysis.windowWalks[index]
      let key = analysis.keyWindow == index ? " (key)" : ""
      return "top \(walk.top.map { ids[$0] } ?? "-")\(key)"
    }
    // Positions differ between two files; `stacked-children` compares a container's stated
    // intent (`showing`) with its attached views, and a running app has only the views.
    findings = report.findings.filter { $0.rule != .stackedChildren }
      .map { "\($0.rule.rawValue): " + $0.message.replacing(#/ at line \d+/#, with: "") }.sorted()
  }

  var description: String {
    "top \(top ?? "-")\npath \(visiblePath)\nvisible \(visible)\nleaves \(leaves)\n"
      + "presenters \(presenters)\nwindows \(windows)\nfindings \(findings)"
  }
}

@MainActor
func capture(_ hierarchy: Hierarchy, presentations: PresentationModel = .requested) -> String {
  VCGraphCapture.describe(
    model(of: hierarchy, presentations: presentations), options: CaptureOptions(addressIDs: true))
}

@MainActor
struct RoundTripTests {
  @Test("capture → text → load gives every sample's and fixture's answers")
  func everyFixture() throws {
    let inputs = try fixtureInputs()
    #expect(inputs.count >= 20)
    for url in inputs {
      let original = try read(url)
      let text = capture(original)
      let loaded: Hierarchy
      do {
        loaded = try DescriptionLoader().load(text: text, path: url.path)
      } catch {
        Issue.record("\(url.lastPathComponent): the capture does not load: \(error)\n\(text)")
        continue
      }
      let expected = try Answers(original)
      let found = try Answers(loaded)
      #expect(found == expected, "\(url.lastPathComponent)\n\(text)\n\(found)\n--\n\(expected)")
    }
  }

  /// UIKit reports the presenter, not the controller that asked: written there, vcgraph's S1
  /// lands on the same presenter, so top, path and presenters stay (refused presentations do
  /// not exist in a running app, so files that have one are left out).
  @Test("presentations written on UIKit's presenter give the same top, path and presenters")
  func actualPresenters() throws {
    var compared = 0
    for url in try fixtureInputs() {
      let original = try read(url)
      guard PresentationResolution(original).refused.isEmpty else { continue }
      let loaded = try DescriptionLoader().load(
        text: capture(original, presentations: .actual), path: url.path)
      let (expected, found) = (try Answers(original), try Answers(loaded))
      #expect(found.top == expected.top, "\(url.lastPathComponent)")
      #expect(found.visiblePath == expected.visiblePath, "\(url.lastPathComponent)")
      #expect(found.visible == expected.visible, "\(url.lastPathComponent)")
      #expect(found.presenters == expected.presenters, "\(url.lastPathComponent)")
      compared += 1
    }
    #expect(compared >= 15)
  }
}
