/// The rules `vcgraph lint` runs over Swift code, registered here (one line each) so that
/// `vcgraph rules`, `Documentation/Rules.md` and configuration files know them without
/// SwiftSyntax. Each rule's definition (a `RuleDefinition` with Swift examples) is a file under
/// `Lint/Rules/`; the check itself, over the syntax tree, is the file of the same name in
/// `Sources/VCGraphLint/Rules/` (an extension of the definition conforming to `LintCheck`).
/// A rule whose id a check rule already has (`popover-without-anchor`, the same UIKit
/// constraint met through a segue) is listed here too: `RuleRegistry.all` holds the id once.
public enum LintRules {
  /// Every Swift-code rule, in the order `Documentation/Rules.md` lists them.
  public static let rules: [any RuleDefinition.Type] = [
    PresentBeforeWindow.self,
    PresentWhilePresenting.self,
    PopoverWithoutAnchor.self,
    PushContainer.self,
    ActivityControllerPushed.self,
    UnbalancedContainment.self,
    NavigationLinkOutsideStack.self,
    NestedNavigationStack.self,
    NavigationDestinationInLazyContainer.self,
  ]
}
