import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `popover-without-anchor` in code: each `present(_:animated:completion:)` of a value made in
/// the same function (a local, or the construction itself) that becomes a popover on iPad — a
/// `UIActivityViewController` (or subclass), an action-sheet `UIAlertController` (or
/// subclass), anything whose `modalPresentationStyle` the function sets to `.popover` — when
/// the function sets no `sourceView`, `sourceItem` or `barButtonItem` on the value's
/// `popoverPresentationController` (directly or through a name bound to it). Silent when the
/// function hands the value to other code, sets the popover's `delegate` (which may anchor it
/// in `prepareForPopoverPresentation`), or asks for `userInterfaceIdiom`.
extension PopoverWithoutAnchor: LintCheck {
  static let anchors: Set<String> = ["sourceView", "sourceItem", "barButtonItem"]

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for function in file.functions {
      let calls = function.calls
      let presents = calls.filter { $0.isOperation(.present) }
      guard !presents.isEmpty, !function.body.description.contains("userInterfaceIdiom") else {
        continue
      }
      let facts = PopoverFacts(function.body)
      for present in presents {
        guard let argument = present.argument("_") else { continue }
        let value = ShapeReader.unwrapped(argument)
        var made: (type: String, actionSheet: Bool)?
        var key: String?
        if let call = value.as(FunctionCallExprSyntax.self) {
          made = construction(call)
        } else {
          let name = EffectTracker.key(value)
          key = name
          made = facts.constructions[name]
          if facts.anchored.contains(name) || facts.undecidable.contains(name) { continue }
          // Handed to other code (a helper that may anchor it).
          let handed = calls.contains { call in
            call.node.id != present.node.id
              && call.node.arguments.contains { EffectTracker.key($0.expression) == name }
          }
          if handed { continue }
        }
        let popoverStyle = key.map { facts.popoverStyle.contains($0) } ?? false
        guard made != nil || popoverStyle else { continue }
        candidates.append(
          candidate(
            present, made: made, popoverStyle: popoverStyle, spelled: key ?? "the controller",
            in: function, file: file))
      }
    }
    return candidates
  }

  /// `UIActivityViewController(...)`, `UIAlertController(..., preferredStyle: .actionSheet)`,
  /// or any `Type(...)` (decided by its superclasses later).
  static func construction(_ call: FunctionCallExprSyntax) -> (type: String, actionSheet: Bool)? {
    guard case .construct(let type) = ShapeReader.callShape(call, scope: nil) else { return nil }
    let style = ShapeReader.argument("preferredStyle", of: call).map(EffectTracker.caseName)
    return (type, style == "actionSheet")
  }

  static func candidate(
    _ present: Call, made: (type: String, actionSheet: Bool)?, popoverStyle: Bool,
    spelled: String, in function: LintFunction, file: LintFile
  ) -> LintCandidate {
    let context = function.context
    let receiver = present.receiver(in: function.scope)
    return file.candidate(at: present.nameToken, in: function) { types in
      guard types.isUIKitCall("present", receiver: receiver, in: context) else { return nil }
      let (what, reason): (String, PopoverReason)
      if let made, types.inherits(made.type, fromAnyOf: ["UIActivityViewController"]) != nil {
        (what, reason) = ("activity view controller", .activityController)
      } else if let made, made.actionSheet,
        types.inherits(made.type, fromAnyOf: ["UIAlertController"]) != nil
      {
        (what, reason) = ("action sheet", .actionSheet)
      } else if popoverStyle {
        (what, reason) = ("popover", .popoverStyle)
      } else {
        return nil
      }
      let presenter =
        (receiver.flatMap { types.type(of: $0, in: context) } ?? context.typeName)
        ?? "UIViewController"
      return (
        "\(what) '\(spelled)' is presented without a popover anchor; on iPad UIKit shows it in"
          + " a popover and raises NSGenericException — set its popoverPresentationController's"
          + " sourceItem, sourceView (and sourceRect) or barButtonItem before presenting",
        UIKitModel.popoverWithoutAnchor(
          reason, presented: made?.type ?? "UIViewController", presenter: presenter
        ).uikitMessage
      )
    }
  }
}

/// What a function body does to its values' popovers: which locals it constructs, which it
/// sets to `.popover`, which get an anchor, and which popovers get a delegate.
struct PopoverFacts {
  var constructions: [String: (type: String, actionSheet: Bool)] = [:]
  var popoverStyle = Set<String>()
  var anchored = Set<String>()
  var undecidable = Set<String>()

  init(_ body: CodeBlockSyntax) {
    let collector = PopoverCollector(viewMode: .sourceAccurate)
    collector.walk(body)
    constructions = collector.constructions
    popoverStyle = collector.popoverStyle
    for (target, property) in collector.assignments {
      var owner = target
      if let alias = collector.aliases[target] { owner = alias }
      let suffix = ".popoverPresentationController"
      guard owner.hasSuffix(suffix) || collector.aliases[target] != nil else { continue }
      if owner.hasSuffix(suffix) { owner.removeLast(suffix.count) }
      if PopoverWithoutAnchor.anchors.contains(property) { anchored.insert(owner) }
      if property == "delegate" { undecidable.insert(owner) }
    }
  }
}

/// Reads a body's constructions, `modalPresentationStyle = .popover`, names bound to a
/// `popoverPresentationController`, and assignments to a popover's properties.
final class PopoverCollector: SyntaxVisitor {
  var constructions: [String: (type: String, actionSheet: Bool)] = [:]
  var popoverStyle = Set<String>()
  /// `popover` → `sheet.popoverPresentationController`.
  var aliases: [String: String] = [:]
  /// (the assigned property's owner key, the property).
  var assignments: [(String, String)] = []

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let value = node.initializer?.value
    {
      bind(name, to: value)
    }
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let value = node.initializer?.value
    {
      bind(name, to: value)
    }
    return .visitChildren
  }

  private func bind(_ name: String, to value: ExprSyntax) {
    let value = ShapeReader.unwrapped(value)
    if let call = value.as(FunctionCallExprSyntax.self),
      let made = PopoverWithoutAnchor.construction(call)
    {
      constructions[name] = made
    }
    let key = EffectTracker.key(value)
    if key.hasSuffix(".popoverPresentationController") { aliases[name] = key }
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      let member = elements[0].as(MemberAccessExprSyntax.self), let base = member.base
    else { return .visitChildren }
    let property = member.declName.baseName.text
    let owner = EffectTracker.key(base)
    if property == "modalPresentationStyle", EffectTracker.caseName(elements[2]) == "popover" {
      popoverStyle.insert(owner)
    }
    assignments.append((owner, property))
    return .visitChildren
  }
}
