import VCGraphCapture
import VCGraphCore

/// A running app's objects as the capture would see them, built from a loaded description:
/// the test side of the round trip (capture → text → load gives the description's answers).
@MainActor
final class ModelApplication: CapturedApplication {
  var capturedScenes: [any CapturedScene] = []
  var isPad = false
  var delegateClassName: String? = "AppDelegate"
  var delegateIsResponder = true
  var extraControllers: [any CapturedController] = []
}

@MainActor
final class ModelScene: CapturedScene {
  var isForeground = true
  var capturedWindows: [any CapturedWindow] = []
}

@MainActor
final class ModelWindow: CapturedWindow {
  var className = "UIWindow"
  var level = 0.0
  var isSceneKey = false
  var isApplicationKey = false
  var isHidden = false
  var capturedRoot: (any CapturedController)?
}

@MainActor
final class ModelView: CapturedView {
  var className = "UIView"
  var hostedController: (any CapturedController)?
  var capturedSubviews: [any CapturedView] = []
}

@MainActor
final class ModelController: CapturedController {
  var className: String
  var superclassNames: [String] = []
  var kind: CapturedKind
  var address: String
  var title: String?
  var capturedChildren: [any CapturedController] = []
  var selectedIndex: Int?
  var isCollapsed: Bool?
  var displayMode: String?
  var alertStyle: String?
  var capturedPresented: (any CapturedController)?
  var presentationStyle = "automatic"
  var removesPresentersView = false
  var transitionStyle = "coverVertical"
  var definesPresentationContext = false
  var providesPresentationContextTransitionStyle = false
  var popoverAnchor: CapturedPopoverAnchor?
  var isBeingPresented = false
  var isBeingDismissed = false
  var isMovingToParent = false
  var isMovingFromParent = false
  var viewState = CapturedViewState.inWindow
  var capturedView: (any CapturedView)?

  init(className: String, kind: CapturedKind, address: String) {
    self.className = className
    self.kind = kind
    self.address = address
  }
}

/// How presentations are modelled.
enum PresentationModel {
  /// On the controller that asked (the description's `presents`).
  case requested
  /// On the controller UIKit reports as presenting (vcgraph's S1 presenter), as the adapter
  /// reads `presentedViewController`/`presentingViewController`; refused ones do not exist.
  case actual
}

/// Builds the capture's model of `hierarchy`: one object per controller (a controller written
/// twice is one object placed twice), its id as the address so the capture keeps the ids.
@MainActor
func model(of hierarchy: Hierarchy, presentations: PresentationModel = .requested)
  -> ModelApplication
{
  let analysis = Analysis(hierarchy)
  let controllers = hierarchy.controllers
  var objects: [ModelController?] = Array(repeating: nil, count: controllers.count)
  func object(_ index: ControllerIndex) -> ModelController {
    let index = hierarchy.secondPlacements[index] ?? index
    if let existing = objects[index] { return existing }
    let controller = controllers[index]
    let made = ModelController(
      className: controller.className, kind: CapturedKind(rawValue: controller.kind.rawValue)!,
      address: controller.id)
    objects[index] = made
    return made
  }
  for index in controllers.indices where hierarchy.secondPlacements[index] == nil {
    let controller = controllers[index]
    let made = object(index)
    made.superclassNames = superclasses(of: controller, in: hierarchy)
    made.title = controller.title
    made.capturedChildren = controller.children.map { object($0) }
    if controller.kind == .tabBar { made.selectedIndex = controller.selectedIndex ?? 0 }
    if controller.kind == .split { made.isCollapsed = analysis.isCollapsed(index) }
    // A collapsed split as UIKit holds it: "the split view controller removes the secondary
    // view controller from its viewControllers array, leaving the primary view controller as
    // its only child", and by default the navigation primary pushed the secondary.
    if controller.kind == .split, analysis.isCollapsed(index), controller.children.count >= 2 {
      made.capturedChildren = [object(controller.children[0])]
    }
    if let secondary = analysis.collapsedSecondary(onto: index) {
      made.capturedChildren.append(object(secondary))
    }
    if controller.kind == .alert {
      made.alertStyle = (controller.preferredStyle ?? .alert).rawValue
    }
    if controller.popoverAnchor != nil { made.popoverAnchor = .sourceView }
    switch presentations {
    case .requested: made.capturedPresented = controller.presents.map { object($0) }
    case .actual: made.capturedPresented = analysis.presentation.presented[index].map { object($0) }
    }
    made.presentationStyle = controller.style.rawValue
    made.definesPresentationContext = controller.definesContext
    setAppearance(made, state: controller.state, onScreen: analysis.onScreen[index])
  }
  // Views: the description's trees; a custom container without one gets the tree UIKit would
  // have, its root view holding the attached children's views.
  for index in controllers.indices where hierarchy.secondPlacements[index] == nil {
    let controller = controllers[index]
    if let view = controller.view {
      objects[index]!.capturedView = modelView(view, in: hierarchy, objects: object)
    } else if controller.kind == .plain, !controller.children.isEmpty {
      let root = ModelView()
      root.capturedSubviews = analysis.shownChildren(of: index).map { child in
        let hosted = ModelView()
        hosted.hostedController = object(child)
        return hosted
      }
      objects[index]!.capturedView = root
    }
  }
  let app = ModelApplication()
  app.extraControllers = hierarchy.detachedRoots.map { object($0) }
  app.isPad = hierarchy.device == .iPad
  app.delegateClassName = hierarchy.appDelegate.className
  app.delegateIsResponder = hierarchy.appDelegate.isResponder
  func window(_ index: Int) -> ModelWindow {
    let window = ModelWindow()
    window.level = hierarchy.windows[index].level.value
    window.isSceneKey = hierarchy.windows[index].isKey
    window.isApplicationKey = analysis.keyWindow == index
    window.capturedRoot = object(hierarchy.windows[index].root)
    return window
  }
  if hierarchy.scenes.isEmpty {
    let scene = ModelScene()
    scene.capturedWindows = hierarchy.windows.indices.map(window)
    app.capturedScenes = [scene]
  } else {
    app.capturedScenes = hierarchy.scenes.map { described in
      let scene = ModelScene()
      scene.isForeground = described.isForeground
      scene.capturedWindows = described.windows.map(window)
      return scene
    }
  }
  return app
}

/// The superclass chain the runtime would report: the declared `classes:` chain, ending at the
/// UIKit class of the controller's kind.
private func superclasses(of controller: Controller, in hierarchy: Hierarchy) -> [String] {
  let kindClasses = Set(ControllerKind.allCases.map(\.uikitClass))
  guard !kindClasses.contains(controller.className) else { return [] }
  var chain: [String] = []
  var name = controller.className
  while let superclass = hierarchy.superclasses[name], !chain.contains(superclass) {
    chain.append(superclass)
    if kindClasses.contains(superclass) { return chain }
    name = superclass
  }
  return chain + [controller.kind.uikitClass]
}

/// Sets the flags from which the capture derives `state` so that it derives the described one.
@MainActor
private func setAppearance(_ controller: ModelController, state: String?, onScreen: Bool) {
  switch state {
  case "appeared": controller.viewState = .inWindow
  case "appearing": controller.isMovingToParent = true
  case "disappearing": controller.isMovingFromParent = true
  case "disappeared": controller.viewState = .notInWindow
  default: controller.viewState = onScreen ? .inWindow : .notInWindow
  }
}

@MainActor
private func modelView(
  _ index: ViewIndex, in hierarchy: Hierarchy, objects: (ControllerIndex) -> ModelController
) -> ModelView {
  let view = ModelView()
  view.className = hierarchy.views[index].className
  view.hostedController = hierarchy.views[index].hosts.map(objects)
  view.capturedSubviews = hierarchy.views[index].subviews.map {
    modelView($0, in: hierarchy, objects: objects)
  }
  return view
}
