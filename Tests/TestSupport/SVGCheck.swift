import Foundation

/// Checks an SVG by structure, the way tests compare renders across Graphviz versions whose
/// bytes differ: every coordinate a number, and which elements it draws.
public enum SVGCheck {
  /// The attributes that hold coordinates and sizes in Graphviz's SVG.
  static let numericAttributes = [
    "points", "d", "x", "y", "cx", "cy", "rx", "ry", "x1", "y1", "x2", "y2", "viewBox",
    "transform", "width", "height",
  ]

  /// Every coordinate attribute that is empty or holds something other than numbers (SVG
  /// path commands, units and transform names aside), as `name="value"`.
  public static func coordinateProblems(in svg: String) -> [String] {
    var problems: [String] = []
    for name in numericAttributes {
      let pattern = "\\s\(name)=\"([^\"]*)\""
      guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
      let range = NSRange(svg.startIndex..., in: svg)
      for match in expression.matches(in: svg, range: range) {
        guard let valueRange = Range(match.range(at: 1), in: svg) else { continue }
        let value = String(svg[valueRange])
        if !isNumeric(value, attribute: name) { problems.append("\(name)=\"\(value)\"") }
      }
    }
    return problems
  }

  /// Whether `value` is a list of numbers, allowing what each attribute may carry besides.
  static func isNumeric(_ value: String, attribute: String) -> Bool {
    var text = value
    switch attribute {
    case "width", "height": text = text.replacingOccurrences(of: "pt", with: "")
    case "transform":
      for word in ["scale", "rotate", "translate", "(", ")"] {
        text = text.replacingOccurrences(of: word, with: " ")
      }
    case "d":
      text = String(text.map { "MmCcLlHhVvZzQqSsTtAa".contains($0) ? " " : $0 })
    default: break
    }
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    guard !tokens.isEmpty else { return false }
    // Every token a number, and a list of points never has an empty member.
    if attribute == "points",
      value.split(separator: " ").contains(where: { $0.split(separator: ",").count != 2 })
    {
      return false
    }
    return tokens.allSatisfy { Double($0)?.isFinite == true }
  }

  /// The `id` of every `<g>` element (nodes, edges, clusters), in document order.
  public static func groupIDs(in svg: String) -> [String] {
    matches(of: "<g id=\"([^\"]*)\"", in: svg)
  }

  /// The text of every `<title>` element (Graphviz names nodes and clusters by them).
  public static func titles(in svg: String) -> [String] {
    matches(of: "<title>([^<]*)</title>", in: svg)
  }

  private static func matches(of pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
