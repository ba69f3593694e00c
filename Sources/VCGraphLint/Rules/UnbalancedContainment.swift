import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `unbalanced-containment`: in each function body (closures included: a transition's
/// completion is where `didMove(toParent:)` often is), every `addChild(_:)` whose child gets no
/// `didMove(toParent:)` or whose `view` is never used, and every controller's
/// `removeFromParent()` without its `willMove(toParent: nil)`. The pre-Swift-4.2 names
/// (`addChildViewController`, `didMove(toParentViewController:)`, …) count the same.
extension UnbalancedContainment: LintCheck {
  static let adds: Set<String> = ["addChild", "addChildViewController"]
  static let removes: Set<String> = ["removeFromParent", "removeFromParentViewController"]
  static let parentLabels: Set<String> = ["toParent", "toParentViewController"]

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for function in file.functions {
      let calls = function.calls
      guard calls.contains(where: { adds.contains($0.name) || removes.contains($0.name) }) else {
        continue
      }
      let views = ViewUses(function.body).owners
      for call in calls where adds.contains(call.name) && call.labels == ["_"] {
        guard call.base?.trimmedDescription != "super", let argument = call.argument("_") else {
          continue
        }
        let child = EffectTracker.key(argument)
        let didMove = calls.contains {
          $0.name == "didMove" && $0.receiverKey == child
            && $0.labels.count == 1 && parentLabels.contains($0.labels[0])
        }
        let transitioned = calls.contains {
          $0.name == "transition" && $0.argument("to").map(EffectTracker.key) == child
        }
        let viewUsed = views.contains(child) || transitioned
        // Handed to other code that may finish the job.
        let handed = calls.contains { other in
          other.node.id != call.node.id && !["didMove", "transition"].contains(other.name)
            && other.node.arguments.contains { EffectTracker.key($0.expression) == child }
        }
        guard !(didMove && viewUsed), !handed else { continue }
        var missing: [String] = []
        if !didMove { missing.append("its didMove(toParent:) is not called") }
        if !viewUsed { missing.append("its view is not added") }
        let receiver = call.receiver(in: function.scope)
        let childShape = ShapeReader.shape(argument, scope: function.scope)
        let context = function.context
        let text = missing.joined(separator: " and ")
        let name = function.context.function ?? function.name
        candidates.append(
          file.candidate(at: call.nameToken, in: function) { types in
            guard types.isUIKitCall("addChild", receiver: receiver, in: context),
              types.type(of: childShape, in: context).flatMap(types.isController) != false
            else { return nil }
            return (
              "'\(child)' is added as a child in \(name) but \(text) there; call"
                + " addChild, add the child's view, then didMove(toParent:), together", nil
            )
          })
      }
      for call in calls where removes.contains(call.name) && call.labels.isEmpty {
        guard call.base?.trimmedDescription != "super" else { continue }
        let key = call.receiverKey
        let willMove = calls.contains { other in
          other.name == "willMove" && other.receiverKey == key && other.labels.count == 1
            && parentLabels.contains(other.labels[0])
            && other.node.arguments.first.map {
              ShapeReader.unwrapped($0.expression).is(NilLiteralExprSyntax.self)
            } == true
        }
        guard !willMove else { continue }
        let receiver = call.receiver(in: function.scope)
        let context = function.context
        let name = function.context.function ?? function.name
        candidates.append(
          file.candidate(at: call.nameToken, in: function) { types in
            let isController =
              receiver.map { types.type(of: $0, in: context).flatMap(types.isController) }
              ?? types.isControllerContext(context)
            guard isController == true else { return nil }
            return (
              "'\(key)' is removed from its parent in \(name) without willMove(toParent: nil)"
                + " first; call willMove(toParent: nil), remove its view, then"
                + " removeFromParent()", nil
            )
          })
      }
    }
    return candidates
  }
}

/// The values whose `view` a body uses (`child.view`, `self.child.view`).
struct ViewUses {
  var owners = Set<String>()

  init(_ body: CodeBlockSyntax) {
    final class Finder: SyntaxVisitor {
      var owners = Set<String>()
      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if ["view", "viewIfLoaded"].contains(node.declName.baseName.text), let base = node.base {
          owners.insert(EffectTracker.key(base))
        }
        return .visitChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(body)
    owners = finder.owners
  }
}
