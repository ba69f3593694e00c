import Foundation
internal import GraphvizKit

/// What a layout worker process is asked (`vcgraph __layout-worker` reads it as one line of
/// JSON on its standard input): a graph, its engine, the formats and the time budget.
public struct LayoutRequest: Codable, Sendable {
  var engine: String
  var formats: [String]
  /// Seconds the layout may take.
  public var timeout: Double
  var graph: WireGraph

  /// A request to lay out `graph` with `engine` and render it to `formats`.
  public init(_ graph: ImageGraph, engine: String, formats: [ImageFormat], timeout: Double) {
    self.engine = engine
    self.formats = formats.map(\.rawValue)
    self.timeout = timeout
    self.graph = WireGraph(graph.graph)
  }

  /// Lays out and renders the graph in this process: the worker's answer.
  public func response() -> LayoutResponse {
    let formats = formats.compactMap(OutputFormat.init(rawValue:))
    var response = LayoutResponse()
    do {
      let rendered = try Graphviz.render(graph.graph, engine: engine, formats: formats)
      response.results = rendered.mapValues { Data($0.data) }.reduce(into: [:]) {
        $0[$1.key.rawValue] = $1.value
      }
      var warnings: [String] = []
      for format in formats {
        for warning in rendered[format]?.warnings ?? [] where !warnings.contains(warning) {
          warnings.append(warning)
        }
      }
      response.warnings = warnings
    } catch {
      response.error = WireError(error)
    }
    return response
  }
}

/// What a layout worker answers: each format's bytes and Graphviz's warnings, or its error.
public struct LayoutResponse: Codable, Sendable {
  var results: [String: Data]?
  var warnings: [String]?
  var error: WireError?

  init() {}

  /// What Graphviz refused, if it did.
  public var failure: ImageBackendError? { error.map { ImageBackendError($0.graphvizError) } }

  /// Each format's bytes.
  public var outputs: [ImageFormat: [UInt8]] {
    var outputs: [ImageFormat: [UInt8]] = [:]
    for (name, data) in results ?? [:] {
      if let format = ImageFormat(rawValue: name) { outputs[format] = [UInt8](data) }
    }
    return outputs
  }

  /// Graphviz's warnings, each once.
  public var layoutWarnings: [String] { warnings ?? [] }
}

struct WireError: Codable, Sendable {
  var kind: String
  var first: String
  var second: String

  init(_ error: GraphvizError) {
    switch error {
    case .layoutFailed(let engine, let message):
      (kind, first, second) = ("layout", engine, message)
    case .renderFailed(let format, let message):
      (kind, first, second) = ("render", format, message)
    case .invalidGraph(let message): (kind, first, second) = ("invalid", message, "")
    case .writeFailed(let message): (kind, first, second) = ("write", message, "")
    }
  }

  var graphvizError: GraphvizError {
    switch kind {
    case "layout": .layoutFailed(engine: first, message: second)
    case "render": .renderFailed(format: first, message: second)
    case "write": .writeFailed(first)
    default: .invalidGraph(first)
    }
  }
}

struct WireAttribute: Codable, Sendable {
  /// Name, then the case (`t` text, `h` html, `r` raw), then the value.
  var n: String
  var c: String
  var v: String

  static func wire(_ attributes: Attributes) -> [WireAttribute] {
    attributes.entries.map { entry in
      switch entry.value {
      case .text(let value): WireAttribute(n: entry.name, c: "t", v: value)
      case .html(let value): WireAttribute(n: entry.name, c: "h", v: value)
      case .raw(let value): WireAttribute(n: entry.name, c: "r", v: value)
      }
    }
  }

  static func attributes(_ wire: [WireAttribute]) -> Attributes {
    Attributes(
      wire.map { attribute in
        let value: AttributeValue =
          switch attribute.c {
          case "t": .text(attribute.v)
          case "h": .html(attribute.v)
          default: .raw(attribute.v)
          }
        return (attribute.n, value)
      })
  }
}

struct WireElement: Codable, Sendable {
  /// A node's name, or an edge's tail.
  var a: String
  /// An edge's head.
  var b: String?
  var attributes: [WireAttribute]
}

final class WireGraph: Codable, Sendable {
  let name: String
  let directed: Bool
  let strict: Bool
  let attributes: [WireAttribute]
  let nodeDefaults: [WireAttribute]
  let edgeDefaults: [WireAttribute]
  let nodes: [WireElement]
  let edges: [WireElement]
  let subgraphs: [WireGraph]

  init(_ graph: Graph) {
    name = graph.name
    directed = graph.directed
    strict = graph.strict
    attributes = WireAttribute.wire(graph.attributes)
    nodeDefaults = WireAttribute.wire(graph.nodeDefaults)
    edgeDefaults = WireAttribute.wire(graph.edgeDefaults)
    nodes = graph.nodes.map {
      WireElement(a: $0.name, b: nil, attributes: WireAttribute.wire($0.attributes))
    }
    edges = graph.edges.map {
      WireElement(a: $0.tail, b: $0.head, attributes: WireAttribute.wire($0.attributes))
    }
    subgraphs = graph.subgraphs.map(WireGraph.init)
  }

  var graph: Graph {
    var graph = Graph(name: name, directed: directed)
    graph.strict = strict
    graph.attributes = WireAttribute.attributes(attributes)
    graph.nodeDefaults = WireAttribute.attributes(nodeDefaults)
    graph.edgeDefaults = WireAttribute.attributes(edgeDefaults)
    graph.nodes = nodes.map { Node($0.a, attributes: WireAttribute.attributes($0.attributes)) }
    graph.edges = edges.map {
      Edge($0.a, $0.b ?? $0.a, attributes: WireAttribute.attributes($0.attributes))
    }
    graph.subgraphs = subgraphs.map(\.graph)
    return graph
  }
}
