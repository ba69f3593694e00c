/// Where a controller may stand: a child of a container (`addChild(_:)`, a stack, a tab, a
/// column), or a window's root (`rootViewController`).
extension UIKitModel {
  /// What UIKit does when a controller of class `className` and kind `kind` becomes a child of
  /// the custom container `parent` with `addChild(_:)`.
  public func addChild(
    className: String, kind: ControllerKind, to parent: ControllerIndex
  ) -> UIKitVerdict {
    UIKitVerdict(containedViolations(className: className, kind: kind))
  }

  /// What UIKit does when the root view of `hosted` is in the view tree of `owner`: nil when
  /// `owner` is its parent; otherwise UIKit raises UIViewControllerHierarchyInconsistency
  /// (`view-hosted-by-non-parent`). Apple, `addChild(_:)`: the parent-child relationship "is
  /// necessary when embedding the child view controller's view into the current view
  /// controller's content".
  public func hostView(
    of hosted: ControllerIndex, in owner: ControllerIndex
  ) -> UIKitViolation? {
    let parent = controllers[hosted].parent
    guard parent != owner else { return nil }
    return UIKitViolation(
      .viewHostedByNonParent, .raises, message: UIKitMessages.hierarchyInconsistency,
      [
        "child": controllers[hosted].className, "host": controllers[owner].className,
        "parent": parent.map { controllers[$0].className } ?? "(null)",
      ],
      apple: "UIViewController.addChild(_:): the relationship \"is necessary when embedding the"
        + " child view controller's view into the current view controller's content\"")
  }

  /// The rules a controller breaks where it stands in the hierarchy as described: on a
  /// navigation stack, as if pushed in its turn (`push(className:kind:instance:onto:)`); in
  /// any other container, as a child; as a window's root. On a collapsed split view's primary
  /// navigation controller, as UIKit itself puts it there
  /// (`pushByCollapsedSplit(className:kind:instance:onto:)`): a navigation controller there
  /// breaks nothing, the collapse or a `showDetail` pushed it.
  public func placementViolations(
    of index: ControllerIndex, in analysis: Analysis
  ) -> [UIKitViolation] {
    let controller = controllers[index]
    guard let parent = controller.parent else {
      guard hierarchy.windows.contains(where: { $0.root == index }) else { return [] }
      return windowRootViolations(className: controller.className, kind: controller.kind)
    }
    guard controllers[parent].kind == .navigation else {
      return containedViolations(className: controller.className, kind: controller.kind)
    }
    guard Self.isCollapsedSplitPrimary(parent, in: analysis) else {
      return push(className: controller.className, kind: controller.kind, onto: parent)
        .violations
    }
    return pushByCollapsedSplit(
      className: controller.className, kind: controller.kind, onto: parent
    ).violations
  }

  /// The rules a controller of this class and kind breaks by being any container's child.
  func containedViolations(className: String, kind: ControllerKind) -> [UIKitViolation] {
    notPresentedViolations(className: className)
  }

  /// The rules a controller of this class and kind breaks as a window's root view controller.
  func windowRootViolations(className: String, kind: ControllerKind) -> [UIKitViolation] {
    notPresentedViolations(className: className)
  }

  /// A controller UIKit only shows presented, placed anywhere else. Apple,
  /// `UIActivityViewController`: "When presenting the view controller, you must do so using
  /// the appropriate means for the current device. On iPad, you must present the view
  /// controller in a popover. On iPhone and iPod touch, you must present it modally." UIKit
  /// goes on; no console line for it was found.
  func notPresentedViolations(className: String) -> [UIKitViolation] {
    guard hierarchy.isKind(className, of: "UIActivityViewController") else { return [] }
    return [
      UIKitViolation(
        .activityControllerNotPresented, .proceeds,
        apple: "UIActivityViewController: \"On iPad, you must present the view controller in a"
          + " popover. On iPhone and iPod touch, you must present it modally.\"",
        note: "is a UIActivityViewController; Apple: \"you must present it modally\" (in a"
          + " popover on iPad) (activity-not-presented)")
    ]
  }
}
