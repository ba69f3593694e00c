/// How single properties become the format's values, and the comments for what the format has
/// no key for.
extension CaptureWriter {
  /// The format's `state`, from public properties: a transition while being presented,
  /// dismissed or moved to or from a parent, else `appeared` when the view is in a window and
  /// `disappeared` otherwise. (UIKit's own appearance state, which `_printHierarchy` prints, is
  /// private; this cannot see a controller that missed its appearance callbacks.)
  static func appearance(of controller: any CapturedController) -> String {
    if controller.isBeingDismissed || controller.isMovingFromParent { return "disappearing" }
    if controller.isBeingPresented || controller.isMovingToParent { return "appearing" }
    return controller.viewState == .inWindow ? "appeared" : "disappeared"
  }

  /// `text` without the characters the loader refuses in any text (its `ControlCharacters`
  /// policy, which this module cannot import: C0 controls, DEL, C1 controls, U+2028, U+2029,
  /// U+FFFE, U+FFFF); a title's line breaks, tabs and line or paragraph separators become
  /// spaces. Trimmed of spaces at either end.
  static func printable(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: scalars.append(" ")
      case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: continue
      default: scalars.append(scalar)
      }
    }
    return String(scalars).trimmingSpaces
  }

  /// The styles the format has, by UIKit's case names.
  static let formatStyles: Set<String> = [
    "fullScreen", "overFullScreen", "pageSheet", "formSheet", "currentContext",
    "overCurrentContext", "popover",
  ]

  /// The format's `modalPresentationStyle` for a presented controller; nil for `automatic`,
  /// the format's default. `custom` maps to the style whose covered views match its
  /// presentation controller's `shouldRemovePresentersView`; tvOS's `blurOverFullScreen`
  /// keeps the presenter like `overFullScreen`.
  static func formatStyle(of controller: any CapturedController) -> String? {
    let style = controller.presentationStyle
    if formatStyles.contains(style) { return style }
    switch style {
    case "custom": return controller.removesPresentersView ? "fullScreen" : "overFullScreen"
    case "blurOverFullScreen": return "overFullScreen"
    default: return nil
    }
  }

  /// What the capture sees on `controller` that the format has no key for.
  func comments(for controller: any CapturedController, presented: Bool) -> [String] {
    var notes: [String] = []
    let style = controller.presentationStyle
    if presented {
      if !Self.formatStyles.contains(style), style != "automatic" {
        notes.append("modalPresentationStyle: \(style)")
      }
      if controller.transitionStyle != "coverVertical" {
        notes.append("modalTransitionStyle: \(controller.transitionStyle)")
      }
      if controller.popoverAnchor == CapturedPopoverAnchor.none {
        notes.append("a popover without an anchor")
      }
    }
    if controller.providesPresentationContextTransitionStyle {
      notes.append("providesPresentationContextTransitionStyle: true")
    }
    if controller.isBeingPresented { notes.append("being presented") }
    if controller.isBeingDismissed { notes.append("being dismissed") }
    if controller.isMovingToParent { notes.append("moving to its parent") }
    if controller.isMovingFromParent { notes.append("moving from its parent") }
    switch controller.viewState {
    case .notLoaded: notes.append("view not loaded")
    case .notInWindow: notes.append("view not in a window")
    case .inWindow: break
    }
    if controller.kind == .split, let mode = controller.displayMode {
      notes.append("displayMode: \(mode)")
    }
    if controller.kind == .tabBar, controller.selectedIndex == nil,
      !controller.capturedChildren.isEmpty
    {
      notes.append("selectedIndex is NSNotFound: the More navigation controller is selected")
    }
    return notes
  }
}

/// Lines of YAML, block style with 2-space indentation.
final class YAMLLines {
  private(set) var text = ""

  func line(_ indent: Int, _ content: String) {
    text += String(repeating: "  ", count: indent) + content + "\n"
  }

  /// A `# ` comment; line breaks in `content` become spaces so it stays one comment.
  func comment(_ content: String, indent: Int = 0) {
    let flat = content.map { $0.isNewline ? " " : $0 }
    line(indent, "# " + String(flat))
  }
}

/// Scalars written so that a YAML reader (vcgraph's loader) reads back the same text.
enum YAMLText {
  /// `text` plain when it is made only of characters that never mean anything to YAML in a
  /// plain scalar and is no reserved word; otherwise double-quoted.
  static func scalar(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "$", "(", ")", "<", ">", "/", "+", "=":
        true
      case "-", "'": true
      default: scalar.value >= 0xA0 && scalar.properties.isAlphabetic
      }
    }
    let first = text.unicodeScalars.first
    let startsPlain =
      first.map { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) } ?? false
    let reserved = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
    if safe, startsPlain, !reserved.contains(text.lowercased()) {
      return text
    }
    return quoted(text)
  }

  /// `text` in double quotes, with `\`, `"` and control characters escaped (VCGraphCore's
  /// DescriptionWriter escapes alike; this library cannot depend on it).
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

extension String {
  /// The text without spaces at either end.
  var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
