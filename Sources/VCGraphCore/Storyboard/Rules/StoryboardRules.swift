/// What the storyboard rules share (each rule is a `CheckRule` in a file of its own here, whose
/// `findings(in:)` reads a `SegueAnalysis`): the first outcome of each segue that breaks a
/// rule, how messages name segues and paths, and the storyboards their examples are.
extension SegueAnalysis {
  /// For each segue in document order, its first outcome from which `extract` takes a value:
  /// a segue rule reports a segue once, in the first context that breaks it.
  func firstOutcomes<Value>(
    _ extract: (SegueOutcome) -> Value?
  ) -> [(segue: SegueRef, outcome: SegueOutcome, value: Value)] {
    map.allSegues.compactMap { segue in
      for outcome in outcomes[segue] ?? [] {
        if let value = extract(outcome) { return (segue, outcome, value) }
      }
      return nil
    }
  }
}

extension StoryboardMap {
  /// "show segue 'GET' on tableViewCell Jfa-Xy-1 in 'MasterViewController'": how messages
  /// name a segue.
  public func describe(segue: SegueRef) -> String {
    let item = self[segue]
    var text = "\(item.kind.rawValue) segue"
    if let identifier = item.identifier { text += " '\(identifier)'" }
    if !item.trigger.isManual {
      text += " on \(item.trigger.element)\(item.trigger.id.map { " \($0)" } ?? "")"
    }
    return text + " in \(describe(source(of: segue)))"
  }

  /// "'A' ‹ 'B' ‹ 'C'": a path of scenes, for "reached via".
  func describe(path: [SceneRef]) -> String {
    path.map { "'\(preferredID(of: $0))'" }.joined(separator: " ‹ ")
  }
}

/// The storyboards the storyboard-only rules' documentation shows: as short as a storyboard
/// can be (the reader needs the document type, scenes and each controller's scene member).
enum StoryboardExamples {
  static func document(initial: String, _ scenes: [String]) -> String {
    """
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"
        initialViewController="\(initial)">
      <scenes>
    \(scenes.joined(separator: "\n"))
      </scenes>
    </document>
    """
  }

  /// A scene whose controller is a `viewController` element (`element`), with `attributes`
  /// (such as `storyboardIdentifier="Orphan"`) and the segues it starts.
  static func scene(
    _ id: String, element: String = "viewController", attributes: String = "",
    segues: [String] = []
  ) -> String {
    let open =
      "      <\(element) id=\"\(id)\"\(attributes.isEmpty ? "" : " " + attributes)"
      + " sceneMemberID=\"viewController\""
    let controller =
      segues.isEmpty
      ? open + "/>"
      : open + ">\n        <connections>\(segues.joined())</connections>\n      </\(element)>"
    return "    <scene sceneID=\"scene-\(id)\"><objects>\n\(controller)\n    </objects></scene>"
  }

  /// A navigation controller scene whose root view controller is `root`.
  static func navigation(_ id: String, root: String) -> String {
    scene(
      id, element: "navigationController",
      segues: [
        "<segue destination=\"\(root)\" kind=\"relationship\""
          + " relationship=\"rootViewController\" id=\"\(id)-root\"/>"
      ])
  }
}
