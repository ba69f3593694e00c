/// The view-controller classes vcgraph knows by name, with their documented superclasses, so
/// that a misspelt UIKit class (`UINavigationControler`) is caught instead of being read as a
/// plain controller (`unknown-uikit-class`), and UIKit's own subclasses get their kind
/// (`UIImagePickerController` is a navigation controller).
///
/// Sources: the "Inherited By" lists of Apple's documentation pages `UIViewController`
/// (developer.apple.com/documentation/uikit/uiviewcontroller, "Relationships") and
/// `UINavigationController` (…/uikit/uinavigationcontroller: `UIImagePickerController`,
/// `UIVideoEditorController`); SwiftUI's `UIHostingController`
/// (developer.apple.com/documentation/swiftui/uihostingcontroller), which starts with `UI` too;
/// and `UIMoreNavigationController`, the private class of the tab bar's More navigation
/// controller ("This property always contains a valid More navigation controller",
/// `UITabBarController.moreNavigationController`), which real logs and dumps name.
public enum UIKitClasses {
  /// Each known class and its superclass.
  public static let superclasses: [String: String] = [
    "UIViewController": "UIResponder",
    // UIViewController's "Inherited By".
    "UIActivityViewController": "UIViewController",
    "UIAlertController": "UIViewController",
    "UICloudSharingController": "UIViewController",
    "UICollectionViewController": "UIViewController",
    "UIColorPickerViewController": "UIViewController",
    "UIDocumentBrowserViewController": "UIViewController",
    "UIDocumentMenuViewController": "UIViewController",
    "UIDocumentPickerExtensionViewController": "UIViewController",
    "UIDocumentPickerViewController": "UIViewController",
    "UIDocumentViewController": "UIViewController",
    "UIFontPickerViewController": "UIViewController",
    "UIInputViewController": "UIViewController",
    "UINavigationController": "UIViewController",
    "UIPageViewController": "UIViewController",
    "UIReferenceLibraryViewController": "UIViewController",
    "UISearchContainerViewController": "UIViewController",
    "UISearchController": "UIViewController",
    "UISplitViewController": "UIViewController",
    "UITabBarController": "UIViewController",
    "UITableViewController": "UIViewController",
    "UITextFormattingViewController": "UIViewController",
    // UINavigationController's "Inherited By".
    "UIImagePickerController": "UINavigationController",
    "UIVideoEditorController": "UINavigationController",
    // SwiftUI.
    "UIHostingController": "UIViewController",
    // The More navigation controller's private class.
    "UIMoreNavigationController": "UINavigationController",
  ]

  /// Every known class name, sorted (for suggestions and documentation).
  public static let names: [String] = superclasses.keys.sorted()

  /// The name without generic arguments (`UIHostingController<Content>`).
  static func base(_ name: String) -> Substring {
    name.firstIndex(of: "<").map { name[..<$0] } ?? Substring(name)
  }

  /// Whether vcgraph knows the class.
  public static func isKnown(_ name: String) -> Bool { superclasses[String(base(name))] != nil }

  /// The kind of a known class, following its superclasses to a class that defines one.
  public static func kind(of name: String) -> ControllerKind? {
    // Every known name starts with "UI": most custom names are ruled out without a lookup.
    guard name.utf8.first == UInt8(ascii: "U") else { return nil }
    var current = String(base(name))
    while let next = superclasses[current] {
      if let kind = ControllerKind(uikitClass: current) { return kind }
      current = next
    }
    return nil
  }

  /// Whether the name claims to be a UIKit class: `UI` followed by an upper-case letter, and
  /// not module-qualified (`MyApp.UIThing` is the app's own).
  public static func looksLikeUIKit(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars.prefix(3))
    return scalars.count == 3 && scalars[0] == "U" && scalars[1] == "I"
      && ("A"..."Z").contains(scalars[2]) && !name.contains(".")
  }

  /// The known class one edit (a letter added, removed, replaced, or two neighbours swapped)
  /// away from `name`, if there is one.
  public static func oneEditAway(from name: String) -> String? {
    let scalars = Array(base(name).unicodeScalars)
    return zip(names, nameScalars).first { isOneEdit(scalars, $0.1) }?.0
  }

  /// The scalars of each of ``names``, in its order, made once (every name read is compared).
  private static let nameScalars: [[Unicode.Scalar]] = names.map { Array($0.unicodeScalars) }

  /// Whether `a` becomes `b` with exactly one insertion, deletion, substitution or swap of
  /// neighbours.
  static func isOneEdit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
    guard abs(a.count - b.count) <= 1, a != b else { return false }
    var prefix = 0
    while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
    let restA = a[prefix...]
    let restB = b[prefix...]
    if a.count == b.count {
      if restA.dropFirst().elementsEqual(restB.dropFirst()) { return true }
      return restA.count >= 2 && restA[prefix] == restB[prefix + 1]
        && restA[prefix + 1] == restB[prefix]
        && restA.dropFirst(2).elementsEqual(restB.dropFirst(2))
    }
    return a.count > b.count
      ? restA.dropFirst().elementsEqual(restB) : restB.dropFirst().elementsEqual(restA)
  }
}
