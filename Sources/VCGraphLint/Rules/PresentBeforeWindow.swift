import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `present-before-window`: from each `init`, `loadView()`, `viewDidLoad()` and
/// `viewWillAppear(_:)`, the `present(_:animated:completion:)` calls on `self` in its body
/// (closures left out: when they run is not known), and those of the same type's methods it
/// calls on `self`, followed through the methods declared in this file.
extension PresentBeforeWindow: LintCheck {
  /// The methods that run before the controller's view is in a window.
  static let early: Set<String> = ["loadView()", "viewDidLoad()", "viewWillAppear(_:)"]

  /// How deep calls to the type's own methods are followed.
  static let depth = 4

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    // Every finding is a presentation in a function of the file (each call in a body is its
    // innermost function's): a file with none has no finding, and its early methods' calls
    // are not followed (3% of `vcgraph lint`).
    guard file.functions.contains(where: { $0.calls.contains { $0.isOperation(.present) } })
    else { return [] }
    var methods: [String: [LintFunction]] = [:]
    for function in file.functions {
      guard let type = function.context.typeName else { continue }
      methods[type, default: []].append(function)
    }
    var candidates: [LintCandidate] = []
    for function in file.functions {
      guard let type = function.context.typeName,
        function.name == "init" || early.contains(function.context.function ?? "")
      else { continue }
      let own = methods[type] ?? []
      for call in CallFinder.calls(in: function.body, intoClosures: false) where call.isOnSelf {
        if call.isOperation(.present) {
          candidates.append(candidate(call, from: function, via: nil, in: file))
        } else if let callee = method(called: call, among: own),
          let present = presentReached(from: callee, among: own)
        {
          candidates.append(candidate(present, from: function, via: (call, callee), in: file))
        }
      }
    }
    return candidates
  }

  /// The method of `methods` that `call` (on `self`) calls: same name, labels in order.
  static func method(called call: Call, among methods: [LintFunction]) -> LintFunction? {
    let labels = call.labels.filter { $0 != "{}" }
    return methods.first { method in
      guard method.name == call.name, method.name != "init",
        labels.count <= method.labels.count
      else { return false }
      var rest = method.labels[...]
      for label in labels {
        guard let index = rest.firstIndex(of: label) else { return false }
        rest = rest[(index + 1)...]
      }
      return true
    }
  }

  /// The first `present` on `self` that `function` makes, itself or through the methods it
  /// calls on `self`.
  static func presentReached(from function: LintFunction, among methods: [LintFunction]) -> Call? {
    var pending = [(function, 0)]
    var seen: Set<String> = [function.context.function ?? ""]
    while !pending.isEmpty {
      let (current, level) = pending.removeFirst()
      for call in CallFinder.calls(in: current.body, intoClosures: false) where call.isOnSelf {
        if call.isOperation(.present) { return call }
        guard level + 1 < depth, let next = method(called: call, among: methods),
          seen.insert(next.context.function ?? "").inserted
        else { continue }
        pending.append((next, level + 1))
      }
    }
    return nil
  }

  static func candidate(
    _ present: Call, from function: LintFunction, via: (call: Call, method: LintFunction)?,
    in file: LintFile
  ) -> LintCandidate {
    let context = function.context
    let isOverride = function.isOverride
    let scope = via?.method.scope ?? function.scope
    let shown = present.argument("_")
    let shape = shown.map { ShapeReader.shape($0, scope: scope) }
    let spelled = shown?.trimmedDescription ?? "a controller"
    let early = context.function ?? function.name
    let viaName = via.map { ($0.method.context.function ?? $0.method.name) }
    return file.candidate(at: via?.call.nameToken ?? present.nameToken, in: function) { types in
      guard let type = context.typeName, types.isUIKitCall("present", receiver: nil, in: context),
        types.isControllerContext(context) || (isOverride && types.isController(type) == nil)
      else { return nil }
      let presented = shape.flatMap { types.type(of: $0, in: context) }
      let what = presented ?? spelled
      let how =
        viaName.map { "calls \($0) from \(early), which presents \(what)" }
        ?? "presents \(what) from \(early)"
      return (
        "'\(type)' \(how) before its view is in a window; UIKit logs a warning and presents"
          + " nothing — present from viewDidAppear(_:), or from the controller on screen",
        UIKitModel.presenterNotInWindow([
          "presented": presented ?? "UIViewController", "presenter": type, "requester": type,
        ]).uikitMessage
      )
    }
  }
}
