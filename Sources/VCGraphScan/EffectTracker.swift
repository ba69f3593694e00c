import SwiftSyntax

/// The effect details a function sets on its values before an operation:
/// `vc.modalPresentationStyle = .formSheet`, `vc.modalTransitionStyle = .crossDissolve`,
/// `definesPresentationContext = true`, `vc.popoverPresentationController?.sourceView = v`.
/// Keyed by the value's spelling (`vc`, `self.picker` and `picker` alike); a later assignment
/// replaces an earlier one, as at run time in straight-line code.
package struct EffectTracker {
  private var byValue: [String: EffectDetails] = [:]

  /// The details set on `key` so far.
  func details(for key: String) -> EffectDetails { byValue[key] ?? EffectDetails() }

  /// Records `key.property = value`.
  mutating func set(_ property: String, on key: String, value: ExprSyntax) {
    var key = key
    // `vc.popoverPresentationController?.sourceView`: the details of `vc`.
    let popover = ".popoverPresentationController"
    if key.hasSuffix(popover) { key = String(key.dropLast(popover.count)) }
    var details = byValue[key] ?? EffectDetails()
    switch property {
    case "modalPresentationStyle": details.style = Self.caseName(value)
    case "modalTransitionStyle": details.transition = Self.caseName(value)
    case "definesPresentationContext":
      details.definesPresentationContext = OperationCollector.literalBool(value)
    case "sourceView", "sourceItem", "barButtonItem":
      details.anchor = property
    case "sourceRect":
      details.anchor = details.anchor ?? property
    default: return
    }
    byValue[key] = details
  }

  /// `.formSheet`, `UIModalPresentationStyle.formSheet` → `formSheet`; anything else as written.
  package static func caseName(_ expression: ExprSyntax) -> String {
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    return expression.trimmedText
  }

  /// A value's key: its spelling without `self.`, `?` and `!`.
  package static func key(_ expression: ExprSyntax) -> String {
    var text = expression.trimmedText.filter { $0 != "?" && $0 != "!" }
    while text.hasPrefix("self.") { text.removeFirst(5) }
    return text
  }
}
