import Foundation

/// The environment variables through which the test suite stands in for a slow layout, a
/// crash in Graphviz or in one input, a slow write, or forces a layout in or out of process.
///
/// They exist in debug builds only (`swift build`, `swift test`, which the suite runs). A
/// release build (`swift build -c release`: what `scripts/render-samples`, the formula and the
/// release artifacts ship) compiles every hook to "not set", so no environment can make an
/// installed vcgraph crash or stall on purpose.
enum TestHooks {
  /// The value of the hook `name` in a debug build; nil in a release build.
  private static func value(_ name: String) -> String? {
    #if DEBUG
      return ProcessInfo.processInfo.environment[name]
    #else
      return nil
    #endif
  }

  /// `VCGRAPH_TEST_WRITE_DELAY=SECONDS`: each complete temporary file is kept this long
  /// before it is renamed, so that a test can interrupt a run while one exists.
  static let writeDelay: Double? = value("VCGRAPH_TEST_WRITE_DELAY").flatMap(Double.init)

  /// `VCGRAPH_TEST_LAYOUT_DELAY=SECONDS`: every layout starts that much later, a stand-in for
  /// a layout that takes long whatever Graphviz's speed.
  static let layoutDelay: Double? = value("VCGRAPH_TEST_LAYOUT_DELAY").flatMap(Double.init)

  /// `VCGRAPH_TEST_CRASH_IN_LAYOUT`: every layout raises SIGSEGV, a stand-in for a Graphviz
  /// crash.
  static let crashesInLayout: Bool = value("VCGRAPH_TEST_CRASH_IN_LAYOUT") != nil

  /// `VCGRAPH_TEST_CRASH_ON=NAME`: rendering the input whose file name is NAME stops the
  /// process with a fatal error, a stand-in for a crash in one input of a batch.
  static let crashOnInput: String? = value("VCGRAPH_TEST_CRASH_ON")

  /// `VCGRAPH_IN_PROCESS_LAYOUT_LIMIT=N`: graphs with more than N nodes and edges are laid out
  /// in a worker process whatever the run, to force either way.
  static let inProcessLayoutLimit: Int? = value("VCGRAPH_IN_PROCESS_LAYOUT_LIMIT").flatMap {
    Int($0)
  }
}
