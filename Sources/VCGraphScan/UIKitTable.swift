import VCGraphCore

/// What the scan knows of UIKit and the SDK without reading them: the controller classes and
/// their superclasses, UIKit's own controller properties, and the operations' signatures.
package enum UIKitTable {
  /// SDK controller classes → superclass (`UIViewController` → nil). A type whose
  /// superclass chain reaches one of these is a controller.
  static let controllers: [String: String?] = [
    "UIViewController": nil,
    "UINavigationController": "UIViewController",
    "UITabBarController": "UIViewController",
    "UISplitViewController": "UIViewController",
    "UIPageViewController": "UIViewController",
    "UITableViewController": "UIViewController",
    "UICollectionViewController": "UIViewController",
    "UIAlertController": "UIViewController",
    "UIActivityViewController": "UIViewController",
    "UIImagePickerController": "UINavigationController",
    "UIVideoEditorController": "UINavigationController",
    "UIDocumentPickerViewController": "UIViewController",
    "UIDocumentBrowserViewController": "UIViewController",
    "UIDocumentMenuViewController": "UIViewController",
    "UIReferenceLibraryViewController": "UIViewController",
    "UISearchController": "UIViewController",
    "UIInputViewController": "UIViewController",
    "UICloudSharingController": "UIViewController",
    "UIFontPickerViewController": "UIViewController",
    "UIColorPickerViewController": "UIViewController",
    "UIPrinterPickerController": "UIViewController",
    "UIHostingController": "UIViewController",
    "SFSafariViewController": "UIViewController",
    "MFMailComposeViewController": "UINavigationController",
    "MFMessageComposeViewController": "UINavigationController",
    "SKStoreProductViewController": "UIViewController",
    "AVPlayerViewController": "UIViewController",
    "PHPickerViewController": "UIViewController",
    "QLPreviewController": "UIViewController",
    "CNContactViewController": "UIViewController",
    "CNContactPickerViewController": "UIViewController",
    "EKEventEditViewController": "UINavigationController",
    "EKEventViewController": "UIViewController",
    "GKGameCenterViewController": "UINavigationController",
    "MPMediaPickerController": "UIViewController",
    "PKAddPassesViewController": "UIViewController",
    "PKPaymentAuthorizationViewController": "UIViewController",
    "VNDocumentCameraViewController": "UIViewController",
    "GLKViewController": "UIViewController",
  ]

  /// UIKit's own properties of a controller that hold a controller, and their types.
  static let controllerProperties: [String: String] = [
    "navigationController": "UINavigationController",
    "tabBarController": "UITabBarController",
    "splitViewController": "UISplitViewController",
    "presentingViewController": "UIViewController",
    "presentedViewController": "UIViewController",
    "parent": "UIViewController",
    "topViewController": "UIViewController",
    "visibleViewController": "UIViewController",
    "selectedViewController": "UIViewController",
  ]

  /// The properties of `UIStoryboardSegue` that hold its controllers.
  static let segueProperties: [String: String] = [
    "source": "UIViewController", "destination": "UIViewController",
  ]

  /// SwiftUI wrappers whose content is the view shown.
  static let swiftUIWrappers: Set<String> = [
    "NavigationView", "NavigationStack", "Group", "AnyView",
  ]

  /// SwiftUI's own views: content built in place, with no type of the app to name.
  static let swiftUIBuiltIns: Set<String> = [
    "List", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
    "ScrollView", "Form", "Section", "ForEach", "Text", "Image", "Button", "Label", "Color",
    "Spacer", "Toggle", "Picker", "NavigationLink", "GeometryReader", "EmptyView", "ProgressView",
    "TabView", "NavigationSplitView", "Menu", "Link", "ShareLink", "Grid",
  ]

  /// A parameter of a UIKit signature: its label (`_` for none) and whether it may be left
  /// out (it has a default) or given as a trailing closure.
  struct Parameter: Sendable {
    var label: String
    var optional = false
    var closure = false
  }

  /// `present(_:animated:completion:)` and its peers, by base name.
  static let signatures: [String: [(ScanEdge.Operation, [Parameter])]] = {
    func p(_ label: String, optional: Bool = false, closure: Bool = false) -> Parameter {
      Parameter(label: label, optional: optional, closure: closure)
    }
    let completion = p("completion", optional: true, closure: true)
    return [
      "present": [(.present, [p("_"), p("animated"), completion])],
      "dismiss": [(.dismiss, [p("animated"), completion])],
      "pushViewController": [(.push, [p("_"), p("animated")])],
      "popViewController": [(.pop, [p("animated")])],
      "popToRootViewController": [(.pop, [p("animated")])],
      "popToViewController": [(.pop, [p("_"), p("animated")])],
      "setViewControllers": [(.setViewControllers, [p("_"), p("animated")])],
      "show": [(.show, [p("_"), p("sender")])],
      "showDetailViewController": [(.showDetail, [p("_"), p("sender")])],
      "performSegue": [(.segue, [p("withIdentifier"), p("sender")])],
      "instantiateViewController": [
        (.instantiate, [p("withIdentifier")]),
        (.instantiate, [p("identifier"), p("creator", optional: true, closure: true)]),
      ],
      "instantiateInitialViewController": [
        (.instantiate, [p("creator", optional: true, closure: true)])
      ],
      "setViewController": [(.split, [p("_"), p("for")])],
      "addChild": [(.embed, [p("_")])],
      "addChildViewController": [(.embed, [p("_")])],
    ]
  }()

  /// Whether call arguments with `labels` (`{}` for a trailing closure) fit `parameters`.
  static func matches(_ labels: [String], _ parameters: [Parameter]) -> Bool {
    var index = 0
    for parameter in parameters {
      if index < labels.count
        && (labels[index] == parameter.label || (labels[index] == "{}" && parameter.closure))
      {
        index += 1
      } else if !parameter.optional {
        return false
      }
    }
    return index == labels.count
  }

  /// The operation a call of `name` with `labels` is, when it has UIKit's signature.
  package static func operation(_ name: String, labels: [String]) -> ScanEdge.Operation? {
    signatures[name]?.first { matches(labels, $0.1) }?.0
  }
}
