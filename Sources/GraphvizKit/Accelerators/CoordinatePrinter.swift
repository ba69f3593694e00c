// The SVG coordinate printer: the number formatting behind an executable's own definition of
// Graphviz's `gvprintdouble`. C-facing: it holds Graphviz's function pointer and writes
// through `gvwrite`.

import CGraphviz
import Foundation

/// Prints the numbers of SVG (and other core) output without `snprintf`, byte for byte as the
/// running Graphviz's `gvprintdouble` does.
///
/// The core renderers print most coordinates through libgvc's `gvprintdouble`, which uses
/// `snprintf("%.02f")`; glibc's `%f` goes through multi-precision arithmetic. An executable
/// that wants the speed defines `gvprintdouble` itself and forwards to
/// ``GraphvizAccelerators/printCoordinate(_:_:)`` (vcgraph's does, on Linux, where the dynamic
/// linker binds the renderer plugins' calls to the executable's definition). A library never
/// defines it: GraphvizKit replaces no symbol for whoever links it.
///
/// What it prints, in order of preference:
/// 1. On a Graphviz version whose rule the tests pin (``GraphvizAccelerators/pinnedVersions``),
///    the number formatted here from an exactly rounded integer.
/// 2. Otherwise Graphviz's own `gvprintdouble`, found through the dynamic linker
///    (`dlsym(RTLD_NEXT)`), never by a library file name.
/// 3. If that is missing, the number formatted with `snprintf` by the rule of the running
///    version's major release. It never prints nothing.
///
/// State is set once when the Graphviz context is created and read while rendering; both
/// happen with the runtime lock held.
enum CoordinatePrinter {
  typealias Print = @convention(c) (OpaquePointer?, Double) -> Void

  /// libgvc's `gvprintdouble`, when the dynamic linker finds it.
  nonisolated(unsafe) private(set) static var original: Print?
  /// The rule of the running Graphviz version (for steps 1 and 3).
  nonisolated(unsafe) private(set) static var rule = CoordinateFormat.Rule.graphviz14
  /// Whether step 1 applies.
  nonisolated(unsafe) private(set) static var isActive = false
  /// Numbers printed through here, over the process (the status report's probe).
  nonisolated(unsafe) private(set) static var printed = 0
  /// Set while Graphviz's own function runs: a call back into us then formats itself.
  nonisolated(unsafe) private static var inOriginal = false

  /// Chooses the path for Graphviz `version` with the accelerators in `mode`.
  static func install(version: String, mode: GraphvizAccelerators.Mode) {
    rule = CoordinateFormat.Rule(version: version)
    original = mode == .lookupsFail ? nil : findOriginal()
    isActive =
      mode.allowsCoordinatePrinter && GraphvizAccelerators.pinnedVersions.contains(version)
  }

  private static func findOriginal() -> Print? {
    // RTLD_NEXT (the handle -1 on Linux and Darwin alike) searches the objects loaded after
    // the one holding this code, so it skips an executable's own definition.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "gvprintdouble") else {
      return nil
    }
    return unsafeBitCast(symbol, to: Print.self)
  }

  static func print(_ opaqueJob: OpaquePointer?, _ number: Double) {
    printed &+= 1
    let job = UnsafeMutablePointer<GVJ_t>(opaqueJob)
    if !isActive, !inOriginal, let original {
      inOriginal = true
      defer { inOriginal = false }
      original(opaqueJob, number)
      return
    }
    let handled: Bool = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      guard isActive, let base = buffer.baseAddress,
        let length = CoordinateFormat.fast(number, rule: rule, into: base)
      else { return false }
      base.withMemoryRebound(to: CChar.self, capacity: length) { _ = gvwrite(job, $0, length) }
      return true
    }
    if handled { return }
    let bytes = CoordinateFormat.slow(number, rule: rule)
    bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        _ = gvwrite(job, $0, bytes.count)
      }
    }
  }
}
