import Foundation

/// Speed-ups GraphvizKit applies around Graphviz without changing a byte of its output, and
/// whether each is in effect.
///
/// - The **text measurement cache** (`TextMeasurementCache`) answers repeated Pango text
///   measurements from memory for the core renderers (SVG, DOT, JSON). Linux only: it finds
///   Pango's plugin among the loaded objects with `dl_iterate_phdr`.
/// - The **coordinate printer** (`CoordinatePrinter`) formats SVG numbers without
///   `snprintf`. It needs the executable to define `gvprintdouble` and forward to
///   ``printCoordinate(_:_:)``; the `vcgraph` executable does so on Linux.
///
/// Each is used only on a Graphviz version whose behaviour the tests pin
/// (``pinnedVersions``); on any other version, or when anything it needs is missing, Graphviz
/// does the work itself. The environment variable `GRAPHVIZKIT_ACCELERATORS` switches them:
/// `off` leaves everything to Graphviz, `no-lookup` makes every lookup of a Graphviz symbol
/// fail (what a stripped or unusual build would do; the tests use it to prove the fallbacks
/// print the same bytes), and `text-cache-only` or `coordinate-printer-only` keep one (the
/// benchmarks measure each).
public enum GraphvizAccelerators {
  /// How the accelerators may work in this process.
  public enum Mode: String, Sendable {
    /// Used where their version is pinned (the default).
    case on
    /// Never used: Graphviz's own functions do everything.
    case off
    /// Every dynamic lookup of a Graphviz symbol fails, as if the library hid them.
    case lookupsFail = "no-lookup"
    /// Only the text measurement cache is used where pinned.
    case textCacheOnly = "text-cache-only"
    /// Only the coordinate printer is used where pinned.
    case coordinatePrinterOnly = "coordinate-printer-only"

    var allowsTextCache: Bool { self == .on || self == .textCacheOnly }
    var allowsCoordinatePrinter: Bool { self == .on || self == .coordinatePrinterOnly }
  }

  /// The Graphviz versions (as the library reports them) whose text measurement and number
  /// printing the tests pin: Debian and Ubuntu's 2.42.2, which reports 2.43.0, and 14.1.3.
  public static let pinnedVersions: Set<String> = ["2.43.0", "14.1.3"]

  /// The value of `GRAPHVIZKIT_ACCELERATORS`, if it is set.
  public static let environmentValue = ProcessInfo.processInfo.environment[
    "GRAPHVIZKIT_ACCELERATORS"]

  /// The mode from `GRAPHVIZKIT_ACCELERATORS`: `on` when unset; `off`, the choice that cannot
  /// change an output, when it is set to something that is no mode (a typo such as `offf`),
  /// which ``environmentProblem`` describes.
  public static let mode: Mode = environmentValue.map { Mode(rawValue: $0) ?? .off } ?? .on

  /// Why `GRAPHVIZKIT_ACCELERATORS` is wrong, naming the modes, when it is set to a value
  /// that is no mode; nil when it is unset or valid. A program refuses to run with it
  /// (`vcgraph` exits 64) rather than guess what was meant.
  public static var environmentProblem: String? {
    guard let value = environmentValue, Mode(rawValue: value) == nil else { return nil }
    let modes = [Mode.on, .off, .lookupsFail, .textCacheOnly, .coordinatePrinterOnly]
    return "GRAPHVIZKIT_ACCELERATORS=\(value) is not one of "
      + modes.map(\.rawValue).joined(separator: ", ")
  }

  /// One accelerator and whether it is in effect.
  public struct Status: Sendable, Equatable, CustomStringConvertible {
    /// `text-measurement-cache` or `coordinate-printer`.
    public var name: String
    /// Whether it did its work in a probe render just now.
    public var isActive: Bool
    /// Why it is inactive, or what it did.
    public var detail: String

    public var description: String { "\(name): \(isActive ? "on" : "off") (\(detail))" }
  }

  /// Renders a small probe graph to SVG and reports what each accelerator did, with the
  /// Graphviz version in use.
  public static func status() -> (version: String, accelerators: [Status]) {
    let version = Graphviz.version
    let before = GraphvizRuntime.shared.acceleratorCounters()
    var probe = Graph(name: "probe")
    probe.add(Node("a", attributes: Attributes([("label", .text("probe"))])))
    probe.add(Node("b", attributes: Attributes([("label", .text("probe"))])))
    probe.add(Edge("a", "b"))
    let rendered = (try? Graphviz.render(probe, format: .svg)) != nil
    let after = GraphvizRuntime.shared.acceleratorCounters()
    let pinned = pinnedVersions.contains(version)
    func reason(_ mechanism: String, allowed: Bool) -> String {
      if !rendered { return "the probe render failed" }
      if !allowed { return "switched off by GRAPHVIZKIT_ACCELERATORS=\(mode.rawValue)" }
      if !pinned { return "Graphviz \(version) is not a pinned version; Graphviz does the work" }
      return mechanism
    }
    let cacheActive = after.cacheInstalled && after.cacheHits > before.cacheHits
    let cache = Status(
      name: "text-measurement-cache", isActive: cacheActive,
      detail: cacheActive
        ? "repeated Pango measurements answered from memory"
        : reason(Self.cacheUnavailableReason, allowed: mode.allowsTextCache))
    let printedHere = after.printed > before.printed
    let printerActive = printedHere && after.printerActive
    let printer = Status(
      name: "coordinate-printer", isActive: printerActive,
      detail: printerActive
        ? "SVG numbers printed without snprintf, as Graphviz \(version) prints them"
        : reason(
          printedHere
            ? "gvprintdouble reached this library, which left it to Graphviz"
            : "this executable does not define gvprintdouble (vcgraph does on Linux)",
          allowed: mode.allowsCoordinatePrinter))
    return (version, [cache, printer])
  }

  private static var cacheUnavailableReason: String {
    #if os(Linux)
      "Pango's text layout plugin or gvtextlayout_select was not found"
    #else
      "only available on Linux"
    #endif
  }

  /// What an executable's own `gvprintdouble` calls: prints `number` for the render `job`
  /// (see ``GraphvizAccelerators``). Graphviz calls it while GraphvizKit holds its lock.
  public static func printCoordinate(_ job: OpaquePointer?, _ number: Double) {
    CoordinatePrinter.print(job, number)
  }
}
