import VCGraphDiagram

extension GraphvizBackend {
  /// The smallest text the drawings use, in CSS px (an SVG's point is 4/3 px).
  public static let smallestText = Double(GraphvizStyle.smallSize) * 4 / 3

  /// A drawing's width in CSS px: its SVG's `width` in points (4/3 px each), else its 96 dpi
  /// PNG's width in pixels (one each); nil when neither is there or can be read.
  public static func drawingWidth(svg: [UInt8]?, png: [UInt8]?) -> Double? {
    if let svg {
      // `<svg width="985pt" height="868pt"`: near the start, after the XML prolog.
      let head = String(decoding: svg.prefix(4096), as: UTF8.self)
      if let match = head.firstMatch(of: /<svg width="([0-9.]+)pt"/), let points = Double(match.1)
      {
        return points * 4 / 3
      }
    }
    if let png, png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return Double(png[16..<20].reduce(0) { $0 << 8 | Int($1) })
    }
    return nil
  }
}
