extension Rule {
  /// A class that claims to be UIKit's but is not one vcgraph knows.
  public static let unknownUIKitClass = Rule(
    "unknown-uikit-class", .warning,
    summary: "a class named like a UIKit view controller (`UI…`, or one edit from one) that"
      + " vcgraph does not know, read as a plain controller")
}

/// A controller class (or a `classes:` superclass) that starts with `UI` and is not one of the
/// view-controller classes vcgraph knows (`UIKitClasses`), or is one edit away from one: a
/// typo such as `UIAlertControler` would otherwise be read as a plain controller and analysed
/// as the wrong kind without a word. Classes a description declares in `classes:` (or whose
/// kind `--class` gives) are the app's own and are left alone, and so are the names a debugger
/// dump prints: the running app printed them.
struct UnknownUIKitClass: CheckRule {
  static let rule = Rule.unknownUIKitClass
  static let documentation = RuleDocumentation(
    uikit:
      "UIKit has no such class, so an app would not compile with it; in a description a"
      + " misspelt UIKit name (`UIAlertControler`) is read as a plain view controller and"
      + " analysed as the wrong kind: an alert that covers its presenter, a navigation"
      + " controller that shows every child. vcgraph knows the view-controller classes Apple"
      + " lists under UIViewController and UINavigationController.",
    triggering: [
      """
      window:
        root: { class: UIViewController, presents: { class: UIAlertControler } }
      """,
      """
      classes: { ComposeViewController: UINavigationControler }
      window:
        root: { class: ComposeViewController }
      """,
      """
      window:
        root: { class: UIFancyViewController }
      """,
    ],
    nonTriggering: [
      """
      window:
        root: { class: UIViewController, presents: { class: UIAlertController } }
      """,
      """
      classes: { UIAlertControler: UIViewController }
      window:
        root: { class: UIViewController, presents: { class: UIAlertControler } }
      """,
    ],
    fix:
      "Correct the class name; if it is the app's own class, declare it in `classes:` with"
      + " its UIKit superclass.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    guard !hierarchy.classNamesFromRuntime else { return [] }
    var verdicts: [String: String?] = [:]
    /// The problem with a name, once per name: nil when it is fine.
    func problem(_ name: String) -> String? {
      if let known = verdicts[name] { return known }
      var verdict: String?
      if !UIKitClasses.isKnown(name) && hierarchy.superclasses[name] == nil {
        if let near = UIKitClasses.oneEditAway(from: name) {
          verdict = "'\(name)' is not a UIKit class vcgraph knows (did you mean '\(near)'?)"
        } else if UIKitClasses.looksLikeUIKit(name) {
          verdict =
            "'\(name)' starts with UI but is not a UIKit view-controller class vcgraph knows"
        }
      }
      verdicts[name] = verdict
      return verdict
    }
    var findings: [Finding] = []
    for (index, controller) in hierarchy.controllers.enumerated() {
      // A kind other than plain for an unknown class was declared (`--class`).
      guard controller.kind == .plain || UIKitClasses.isKnown(controller.className),
        let reason = problem(controller.className)
      else { continue }
      findings.append(
        Finding(
          rule,
          "\(reason); '\(controller.id)' is read as a plain UIViewController — fix the name, or"
            + " declare it in `classes:` if it is your own class",
          at: controller.location(of: "class"), controller: index))
    }
    for name in hierarchy.superclasses.keys.sorted() {
      let superclass = hierarchy.superclasses[name]!
      guard let reason = problem(superclass), let location = hierarchy.superclassLocations[name]
      else { continue }
      findings.append(
        Finding(
          rule,
          "superclass of '\(name)': \(reason); '\(name)' is read as a plain UIViewController"
            + " — fix the superclass's name",
          at: location))
    }
    return findings
  }
}
