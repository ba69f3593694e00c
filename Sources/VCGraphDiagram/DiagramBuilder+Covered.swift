import VCGraphCore

extension DiagramBuilder {
  /// Per controller, the `fullScreen` presentation in front of it: S2 keeps the controller on
  /// screen (a full-screen presentation removes only its presenter's views, and a sheet's
  /// presenter keeps its own), but the presentation fills the window, so nobody sees it. Such
  /// a controller is drawn covered, in the off-screen style. What the presentation holds and
  /// presents in turn is in front of it, and so is every other window. An alert, and every
  /// other style (`overFullScreen` shows what is under it; a sheet leaves an edge), covers
  /// nothing. O(n) per full-screen presentation on screen.
  static func coveringPresentations(_ analysis: Analysis) -> [ControllerIndex?] {
    let controllers = analysis.hierarchy.controllers
    var covering = [ControllerIndex?](repeating: nil, count: controllers.count)
    for presented in controllers.indices where analysis.onScreen[presented] {
      guard analysis.presentation.presenter[presented] != nil,
        controllers[presented].kind != .alert,
        controllers[presented].style.resolved == .fullScreen,
        let window = analysis.window[presented]
      else { continue }
      var front: Set<ControllerIndex> = []
      var stack = [presented]
      while let current = stack.popLast() {
        guard front.insert(current).inserted else { continue }
        stack += controllers[current].children
        if let next = analysis.presentation.presented[current] { stack.append(next) }
      }
      for index in controllers.indices
      where analysis.onScreen[index] && analysis.window[index] == window
        && !front.contains(index) && covering[index] == nil
      {
        covering[index] = presented
      }
    }
    return covering
  }
}
