import Foundation
internal import GraphvizKit
import VCGraphDiagram
internal import VCGraphGraphviz

// The image backend's facade: what the command line asks of Graphviz (drawings in SVG, PNG,
// PDF and DOT, layouts, failures, the version), in types of its own. GraphvizKit and
// VCGraphGraphviz are imported `internal`, so no Graphviz type can appear in what this
// module offers, and the command line names none.

/// The formats the image backend writes.
public enum ImageFormat: String, Sendable, CaseIterable, Hashable {
  /// SVG, with the diagram's title and description (``ImageBackend/svg(_:describing:)``).
  case svg
  /// PNG at 96 dpi unless the graph says otherwise (``ImageGraph/drawn(atDPI:)``).
  case png
  /// PDF.
  case pdf
  /// The DOT source, before layout.
  case dot

  var graphviz: OutputFormat {
    switch self {
    case .svg: .svg
    case .png: .png
    case .pdf: .pdf
    case .dot: .dot
    }
  }

  init(_ format: OutputFormat) {
    switch format {
    case .svg: self = .svg
    case .png: self = .png
    case .pdf: self = .pdf
    case .dot: self = .dot
    }
  }
}

/// A diagram as the image backend draws it: a styled graph, not yet laid out.
public struct ImageGraph: Sendable, Equatable {
  var graph: Graph

  init(_ graph: Graph) {
    self.graph = graph
  }

  /// The graph of `diagram`.
  public init(_ diagram: Diagram) {
    graph = GraphvizBackend().graph(diagram)
  }

  /// The same graph drawn at `dpi` dots per inch in bitmap formats (`dpi` as written, e.g.
  /// `192`).
  public func drawn(atDPI dpi: String) -> ImageGraph {
    var graph = graph
    graph.attributes["dpi"] = .raw(dpi)
    return ImageGraph(graph)
  }
}

/// What the image backend refused or failed at.
public enum ImageBackendError: Error, Equatable, CustomStringConvertible {
  /// The layout engine is unknown or the layout reported an error.
  case layoutFailed(engine: String, message: String)
  /// The output format is unknown or rendering reported an error.
  case renderFailed(format: String, message: String)
  /// The graph was rejected before or while it was built.
  case invalidGraph(String)
  /// Writing the DOT source failed.
  case writeFailed(String)

  init(_ error: GraphvizError) {
    switch error {
    case .layoutFailed(let engine, let message):
      self = .layoutFailed(engine: engine, message: message)
    case .renderFailed(let format, let message):
      self = .renderFailed(format: format, message: message)
    case .invalidGraph(let message): self = .invalidGraph(message)
    case .writeFailed(let message): self = .writeFailed(message)
    }
  }

  var graphviz: GraphvizError {
    switch self {
    case .layoutFailed(let engine, let message): .layoutFailed(engine: engine, message: message)
    case .renderFailed(let format, let message): .renderFailed(format: format, message: message)
    case .invalidGraph(let message): .invalidGraph(message)
    case .writeFailed(let message): .writeFailed(message)
    }
  }

  /// Graphviz's own description of the failure.
  public var description: String { graphviz.description }
}

/// One format's bytes and the warnings Graphviz printed while producing them.
public struct RenderedImage: Sendable, Equatable {
  /// The bytes (binary for PNG and PDF).
  public var data: [UInt8]
  /// Graphviz's warnings, one line each, without the `Warning: ` prefix.
  public var warnings: [String]

  /// The bytes decoded as UTF-8 (SVG, DOT).
  public var text: String { String(decoding: data, as: UTF8.self) }
}

/// Drawing diagrams with Graphviz, for the command line.
public enum ImageBackend {
  /// Lays `graph` out once with `engine` and renders it to each of `formats` (duplicates
  /// once), in this process.
  public static func render(
    _ graph: ImageGraph, engine: String, formats: [ImageFormat]
  ) throws(ImageBackendError) -> [ImageFormat: RenderedImage] {
    let results: [OutputFormat: RenderResult]
    do {
      results = try Graphviz.render(graph.graph, engine: engine, formats: formats.map(\.graphviz))
    } catch {
      throw ImageBackendError(error)
    }
    return ImageBackend.images(results)
  }

  /// Graphviz's results as the images of their formats.
  static func images(_ results: [OutputFormat: RenderResult]) -> [ImageFormat: RenderedImage] {
    var images: [ImageFormat: RenderedImage] = [:]
    for (format, result) in results {
      images[ImageFormat(format)] = RenderedImage(data: result.data, warnings: result.warnings)
    }
    return images
  }

  /// Lays `graph` out once with `engine`, in this process, for rendering to `formats` later:
  /// the drawing's width is known before any of them is rendered.
  public static func layOut(
    _ graph: ImageGraph, engine: String, for formats: [ImageFormat]
  ) throws(ImageBackendError) -> LaidOutImage {
    do {
      return LaidOutImage(
        laidOut: try Graphviz.layOut(graph.graph, engine: engine, for: formats.map(\.graphviz)))
    } catch {
      throw ImageBackendError(error)
    }
  }

  /// `svg` with the title, description and ARIA attributes of `diagram`.
  public static func svg(_ svg: [UInt8], describing diagram: Diagram) -> [UInt8] {
    SVGMetadata(diagram).applied(to: svg)
  }

  /// A drawing's width in CSS px, from its SVG, else its 96 dpi PNG; nil when neither is
  /// there or can be read.
  public static func drawingWidth(svg: [UInt8]?, png: [UInt8]?) -> Double? {
    GraphvizBackend.drawingWidth(svg: svg, png: png)
  }

  /// The smallest text the drawings use, in CSS px.
  public static var smallestText: Double { GraphvizBackend.smallestText }

  /// The most lines one label may have: Graphviz 2.42 crashes on longer labels, and the
  /// backend refuses them before Graphviz is called.
  public static var maxLabelLines: Int { Graphviz.maxLabelLines }

  /// Runs `body`, and if the process crashes meanwhile (as a Graphviz bug can make it),
  /// writes `message` to standard error and ends the process with `status`. One guard at a
  /// time; for a layout in this process.
  public static func exitingOnCrash<T, E: Error>(
    message: String, status: Int32, _ body: () throws(E) -> T
  ) throws(E) -> T {
    try Graphviz.exitingOnCrash(message: message, status: status, body)
  }

  /// Lays out an empty graph with `engine`: nil when that works, else the engine names
  /// Graphviz's message offers instead (empty when it names none).
  public static func enginesInstead(of engine: String) -> [String]? {
    do {
      _ = try Graphviz.render(Graph(name: "probe", directed: true), engine: engine, format: .svg)
      return nil
    } catch {
      guard case .layoutFailed(_, let message) = error,
        let range = message.range(of: "Use one of:")
      else { return [] }
      return message[range.upperBound...].split(whereSeparator: \.isWhitespace).map(String.init)
    }
  }

  /// A problem with the accelerator switch in the environment (`GRAPHVIZKIT_ACCELERATORS`),
  /// said as an error message; nil when there is none.
  public static var environmentProblem: String? { GraphvizAccelerators.environmentProblem }

  /// The Graphviz library in use and a line on each of its accelerators, for `--version`.
  public static func versionStatus() -> (version: String, accelerators: [String]) {
    let status = GraphvizAccelerators.status()
    return (status.version, status.accelerators.map(\.description))
  }
}

/// A graph laid out and not yet rendered (``ImageBackend/layOut(_:engine:for:)``).
public struct LaidOutImage: Sendable {
  let laidOut: LaidOutGraph

  /// The width in CSS px of the SVG this layout renders to, from the layout itself: the figure
  /// ``ImageBackend/drawingWidth(svg:png:)`` reads from that SVG. nil when the layout cannot
  /// tell (the graph sets a size, a viewport, …): render the SVG then.
  public var svgWidth: Double? { laidOut.svgWidth.map { Double($0) * 4 / 3 } }

  /// Renders the layout to each of `formats` (duplicates once), among those it was laid out
  /// for: the bytes ``ImageBackend/render(_:engine:formats:)`` returns for the same graph.
  public func render(
    _ formats: [ImageFormat]
  ) throws(ImageBackendError) -> [ImageFormat: RenderedImage] {
    let results: [OutputFormat: RenderResult]
    do {
      results = try laidOut.render(formats.map(\.graphviz))
    } catch {
      throw ImageBackendError(error)
    }
    return ImageBackend.images(results)
  }
}
