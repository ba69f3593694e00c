/// Class names as dumps print them: Objective-C names, Swift `Module.Class`, and the mangled
/// runtime names of Swift classes (`_TtC5MyApp14ViewController`, `_TtGC...` for generics).
enum DumpClassNames {
  /// `_TtC<len><module><len><class>` (and nested classes, `_TtCC...`) as `Module.Class`; any
  /// other name, including generic `_TtGC...` names, unchanged.
  static func demangle(_ name: String) -> String {
    guard name.hasPrefix("_TtC") else { return name }
    var reader = MangledReader(Array(name.utf8.dropFirst(3)))
    guard let components = reader.classPath(), reader.atEnd else { return name }
    return components.joined(separator: ".")
  }

  /// The name a kind suffix is looked for in: the last component of `Module.Class`, the class
  /// of a mangled generic `_TtGC...` name, without generic arguments.
  static func unqualified(_ name: String) -> String {
    if name.hasPrefix("_TtGC") {
      var reader = MangledReader(Array(name.utf8.dropFirst(4)))
      if let components = reader.classPath(), let last = components.last { return last }
      return name
    }
    var base = Substring(name)
    if let open = base.firstIndex(of: "<") { base = base[..<open] }
    if let dot = base.lastIndex(of: ".") { base = base[base.index(after: dot)...] }
    return String(base)
  }

  /// Kind suffixes of custom class names, longest first.
  static let suffixes: [(String, ControllerKind)] = [
    ("NavigationController", .navigation),
    ("TabBarController", .tabBar),
    ("SplitViewController", .split),
    ("PageViewController", .page),
    ("AlertController", .alert),
  ]

  /// System navigation controllers whose names do not say so.
  static let systemNavigationControllers: Set<String> = [
    "UIImagePickerController", "UIVideoEditorController", "MFMailComposeViewController",
    "MFMessageComposeViewController",
  ]

  /// The kind a class name states: a UIKit class, a system navigation controller such as
  /// `UIImagePickerController`, or a class ending in `NavigationController`, `TabBarController`,
  /// `SplitViewController`, `PageViewController` or `AlertController` (so
  /// `UIMoreNavigationController` is a navigation controller).
  static func kind(ofName name: String) -> ControllerKind? {
    if let kind = ControllerKind(uikitClass: name) { return kind }
    let base = unqualified(name)
    if let kind = ControllerKind(uikitClass: base) { return kind }
    if systemNavigationControllers.contains(base) { return .navigation }
    for (suffix, kind) in suffixes where base.hasSuffix(suffix) { return kind }
    return nil
  }

  /// The style of a presentation controller class, and a note when the class does not say.
  static func presentationStyle(
    ofPresentationController name: String
  ) -> (PresentationStyle?, note: String?) {
    switch name.lowercased() {
    case "_uifullscreenpresentationcontroller": return (.fullScreen, nil)
    case "_uioverfullscreenpresentationcontroller": return (.overFullScreen, nil)
    case "_uipagesheetpresentationcontroller": return (.pageSheet, nil)
    case "_uiformsheetpresentationcontroller": return (.formSheet, nil)
    case "uipopoverpresentationcontroller", "_uipopoverpresentationcontroller":
      return (.popover, nil)
    case "_uicurrentcontextpresentationcontroller": return (.currentContext, nil)
    case "_uiovercurrentcontextpresentationcontroller": return (.overCurrentContext, nil)
    case "uisheetpresentationcontroller", "_uisheetpresentationcontroller":
      return (
        nil,
        "presented with \(name), which UIKit uses for page sheets, form sheets and automatic;"
          + " read as automatic"
      )
    default:
      if name.hasPrefix("_UIAlertController") { return (nil, nil) }
      return (
        nil,
        "presented with \(name), a presentation controller vcgraph does not know; read as"
          + " automatic"
      )
    }
  }
}

/// Reads the length-prefixed identifiers of Swift's old (runtime) mangling.
private struct MangledReader {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index == bytes.count }

  /// `C`×n, a module (`s` or a length-prefixed name), then n length-prefixed class names.
  mutating func classPath() -> [String]? {
    var nesting = 0
    while index < bytes.count, bytes[index] == UInt8(ascii: "C") {
      nesting += 1
      index += 1
    }
    guard nesting > 0, index < bytes.count else { return nil }
    var components: [String] = []
    if bytes[index] == UInt8(ascii: "s") {
      components.append("Swift")
      index += 1
    } else {
      guard let module = identifier() else { return nil }
      components.append(module)
    }
    for _ in 0..<nesting {
      guard let name = identifier() else { return nil }
      components.append(name)
    }
    return components
  }

  /// A decimal length (no leading zero) and that many identifier characters.
  private mutating func identifier() -> String? {
    var length = 0
    let start = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
      if length > 4_096 { return nil }
    }
    guard index > start, bytes[start] != UInt8(ascii: "0"), length > 0,
      index + length <= bytes.count
    else { return nil }
    let name = bytes[index..<(index + length)]
    guard
      name.allSatisfy({ byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      })
    else { return nil }
    index += length
    return String(decoding: name, as: UTF8.self)
  }
}
