import VCGraphCore
import VCGraphDiagram

/// What an SVG says about itself to documentation sites and screen readers: the root
/// `<svg>` element gets `role="img"` and `aria-labelledby`, and its first children become a
/// `<title>` (the diagram's title) and a `<desc>` (the one-line summary of what it answers).
///
/// Graphviz writes neither (its `<title>` elements name graph objects inside groups), so the
/// rendered SVG is edited: the same bytes in always give the same bytes out, and nothing of
/// Graphviz's own output is changed or removed.
public struct SVGMetadata: Sendable, Equatable {
  /// The accessible name.
  public var title: String
  /// The accessible description.
  public var description: String

  /// The id of the `<title>` element; `aria-labelledby` names it and ``descriptionID``.
  public static let titleID = "vcgraph-title"
  /// The id of the `<desc>` element.
  public static let descriptionID = "vcgraph-desc"

  /// Metadata with this title and description.
  public init(title: String, description: String) {
    self.title = title
    self.description = description
  }

  /// The metadata of `diagram`: its title and its summary line.
  public init(_ diagram: Diagram) {
    self.init(title: diagram.title, description: diagram.summaryLine)
  }

  /// `svg` with the metadata added, or unchanged when it has no `<svg` element.
  public func applied(to svg: [UInt8]) -> [UInt8] {
    let open = Array("<svg".utf8)
    guard let start = Self.find(open, in: svg, from: 0),
      let end = svg[(start + open.count)...].firstIndex(of: UInt8(ascii: ">"))
    else { return svg }
    // A self-closing `<svg/>` has nothing to label.
    guard svg[end - 1] != UInt8(ascii: "/") else { return svg }
    let attributes =
      " role=\"img\" aria-labelledby=\"\(Self.titleID) \(Self.descriptionID)\""
    let elements =
      "\n<title id=\"\(Self.titleID)\">\(Self.escape(title))</title>"
      + "\n<desc id=\"\(Self.descriptionID)\">\(Self.escape(description))</desc>"
    var result: [UInt8] = []
    result.reserveCapacity(svg.count + attributes.utf8.count + elements.utf8.count)
    result += svg[..<end]
    result += Array(attributes.utf8)
    result.append(UInt8(ascii: ">"))
    result += Array(elements.utf8)
    result += svg[(end + 1)...]
    return result
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = from
    while index <= haystack.count - needle.count {
      if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Text as XML character data: `&`, `<`, `>` escaped, tab and line feed as spaces, and
  /// every other character vcgraph's text policy refuses as its
  /// `ControlCharacters.picture(of:)` (`ControlCharacters.MarkupContext.xmlLine`).
  static func escape(_ text: String) -> String {
    ControlCharacters.markup(text, for: .xmlLine)
  }
}

extension GraphvizBackend {
  /// The names of the subgraphs that make the legend (the cluster, and the invisible edges
  /// that hang it below the diagram).
  public static let legendSubgraphs: Set<String> = ["cluster_legend", "legend_anchors"]
}
