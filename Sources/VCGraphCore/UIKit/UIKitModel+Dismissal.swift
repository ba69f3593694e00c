/// `dismiss(animated:completion:)`: which presentations end (S4, `Semantics/Dismissal.swift`).
extension UIKitModel {
  /// What UIKit does for `dismiss` called on `from` (optionally for `levels` presentation
  /// levels, or down to the nearest presenter of class `toClass`): the receiver, the
  /// controllers that leave and the top view controller after (`Analysis.dismiss`).
  ///
  /// Apple, `dismiss(animated:completion:)`: "The presenting view controller is responsible
  /// for dismissing the view controller it presented. If you call this method on the presented
  /// view controller itself, UIKit asks the presenting view controller to handle the
  /// dismissal." and "If you present several view controllers in succession, thus building a
  /// stack of presented view controllers, calling this method on a view controller lower in
  /// the stack dismisses its immediate child view controller and all view controllers above
  /// that child on the stack." A call that cannot be answered throws a data error at
  /// `location`.
  public func dismiss(
    from: ControllerIndex, levels: Int? = nil, toClass: String? = nil, in analysis: Analysis,
    at location: SourceLocation? = nil
  ) throws(VCGraphError) -> Dismissal {
    try analysis.dismiss(from: from, levels: levels, toClass: toClass, at: location)
  }

  /// Whether a plain `dismiss` on `from` does nothing: it neither presents nor was presented.
  /// UIKit then ignores the call and prints nothing.
  public func dismissDoesNothing(from: ControllerIndex, in analysis: Analysis) -> Bool {
    analysis.presentedController(of: from) == nil && analysis.presentedChain(to: from).isEmpty
  }
}
