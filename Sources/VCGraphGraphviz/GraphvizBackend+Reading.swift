import VCGraphDiagram

extension GraphvizBackend {
  /// The smallest text the drawings use, in CSS px (an SVG's point is 4/3 px).
  public static let smallestText = Double(GraphvizStyle.smallSize) * 4 / 3

  /// A drawing's width in CSS px: its SVG's `width` in points (4/3 px each), else its 96 dpi
  /// PNG's width in pixels (one each); nil when neither is there or can be read.
  public static func drawingWidth(svg: [UInt8]?, png: [UInt8]?) -> Double? {
    if let svg, let points = svgWidthPoints(svg) { return points * 4 / 3 }
    if let png, png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return Double(png[16..<20].reduce(0) { $0 << 8 | Int($1) })
    }
    return nil
  }

  /// The `width` of `<svg width="985pt" ...` in the first 4 KiB of `svg` (after the XML prolog
  /// and comments), read from the bytes: the first `<svg width="` followed by digits and dots
  /// and `pt"`; nil when there is none.
  static func svgWidthPoints(_ svg: [UInt8]) -> Double? {
    let marker = Array("<svg width=\"".utf8)
    let head = svg.prefix(4096)
    var start = head.startIndex
    while let found = head[start...].firstIndex(of: marker[0]) {
      start = found + 1
      guard head[found...].starts(with: marker) else { continue }
      var end = found + marker.count
      while end < head.endIndex, head[end] == UInt8(ascii: ".") || (48...57).contains(head[end]) {
        end += 1
      }
      let digits = head[(found + marker.count)..<end]
      guard !digits.isEmpty, head[end...].starts(with: Array("pt\"".utf8)) else { continue }
      return Double(String(decoding: digits, as: UTF8.self))
    }
    return nil
  }
}
