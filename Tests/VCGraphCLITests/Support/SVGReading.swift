import Foundation

/// Reads what a Graphviz SVG draws, for tests that judge a picture by its geometry and colours:
/// filled shapes with their bounding boxes and the texts drawn over them, in document order.
struct SVGDrawing {
  /// A filled shape: its fill and bounding box.
  struct Shape {
    var fill: String
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    var order: Int
  }

  /// One `<text>`: where it is anchored, its size, colour and content, and the node group
  /// (`vc-…`) it belongs to, if any.
  struct Text {
    var x: Double
    var y: Double
    var size: Double
    var fill: String
    var bold: Bool
    var content: String
    var group: String?
    var order: Int
  }

  var shapes: [Shape] = []
  var texts: [Text] = []

  init(_ svg: String) {
    var order = 0
    var group: String?
    let pattern =
      #"<g id="([^"]*)" class="(node|edge|cluster|graph)"|<(polygon|path|ellipse|text)\b([^>]*)>([^<]*)"#
    let expression = try! NSRegularExpression(pattern: pattern)
    for match in expression.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
      func part(_ index: Int) -> String? {
        Range(match.range(at: index), in: svg).map { String(svg[$0]) }
      }
      order += 1
      if let id = part(1) {
        group = part(2) == "node" ? id.replacingOccurrences(of: "&#45;", with: "-") : nil
        continue
      }
      guard let element = part(3), let attributes = part(4) else { continue }
      let values = Self.attributes(attributes)
      if element == "text" {
        texts.append(
          Text(
            x: Double(values["x"] ?? "") ?? 0, y: Double(values["y"] ?? "") ?? 0,
            size: Double(values["font-size"] ?? "") ?? 14, fill: values["fill"] ?? "black",
            bold: values["font-weight"] == "bold", content: part(5) ?? "", group: group,
            order: order))
        continue
      }
      guard let fill = values["fill"], fill != "none" else { continue }
      var xs: [Double] = []
      var ys: [Double] = []
      switch element {
      case "polygon":
        for point in (values["points"] ?? "").split(separator: " ") {
          let pair = point.split(separator: ",").compactMap { Double($0) }
          if pair.count == 2 {
            xs.append(pair[0])
            ys.append(pair[1])
          }
        }
      case "path":
        let numbers = (values["d"] ?? "").split(whereSeparator: { "MCLZ ,".contains($0) })
          .compactMap { Double($0) }
        for index in stride(from: 0, to: numbers.count - 1, by: 2) {
          xs.append(numbers[index])
          ys.append(numbers[index + 1])
        }
      default:
        let cx = Double(values["cx"] ?? "") ?? 0
        let cy = Double(values["cy"] ?? "") ?? 0
        let rx = Double(values["rx"] ?? "") ?? 0
        let ry = Double(values["ry"] ?? "") ?? 0
        xs = [cx - rx, cx + rx]
        ys = [cy - ry, cy + ry]
      }
      guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
      else { continue }
      shapes.append(Shape(fill: fill, box: (minX, minY, maxX, maxY), order: order))
    }
  }

  /// The fill a text is read against: the last filled shape drawn before it that contains
  /// the middle of its first letters' height (the canvas is the first shape).
  func background(of text: Text) -> String? {
    let y = text.y - text.size * 0.35
    return shapes.last { shape in
      shape.order < text.order && shape.box.minX <= text.x && text.x <= shape.box.maxX
        && shape.box.minY <= y && y <= shape.box.maxY
    }?.fill
  }

  private static func attributes(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    let expression = try! NSRegularExpression(pattern: #"([a-zA-Z:-]+)="([^"]*)""#)
    for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let name = Range(match.range(at: 1), in: text),
        let value = Range(match.range(at: 2), in: text)
      else { continue }
      result[String(text[name])] = String(text[value])
    }
    return result
  }
}

/// WCAG 2's contrast ratio of two colours (`#rrggbb`, `white`, `black`), or nil for a colour
/// that is not opaque (`transparent`, `none`).
func contrastRatio(_ first: String, _ second: String) -> Double? {
  func luminance(_ color: String) -> Double? {
    let hex: String
    switch color.lowercased() {
    case "white": hex = "ffffff"
    case "black": hex = "000000"
    default:
      guard color.hasPrefix("#"), color.count == 7 else { return nil }
      hex = String(color.dropFirst())
    }
    guard let value = Int(hex, radix: 16) else { return nil }
    let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map {
      let c = Double($0) / 255
      return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
  }
  guard let a = luminance(first), let b = luminance(second) else { return nil }
  return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

/// The width and height of a PNG, from its IHDR chunk.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
  let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
  let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
  return (width, height)
}
