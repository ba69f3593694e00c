// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "vcgraph",
  products: [
    .executable(name: "vcgraph", targets: ["vcgraph"]),
    .library(name: "VCGraphCore", targets: ["VCGraphCore"]),
    .library(name: "GraphvizKit", targets: ["GraphvizKit"]),
  ],
  targets: [
    // C libraries bound through pkg-config: Debian/Ubuntu packages or Homebrew formulae.
    // CGraphviz builds against Graphviz 2.42 (Debian, Ubuntu) and 14.x (Homebrew, current
    // distributions); compat.h holds the differences.
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // libxml2 reads storyboards: Debian's libxml2-dev, or on macOS the SDK's or Homebrew's.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // A Swift wrapper over libgvc/libcgraph that knows nothing of view controllers.
    .target(name: "GraphvizKit", dependencies: ["CGraphviz"]),
    // The hierarchy model, the description loader, dump import, UIKit semantics and checks.
    .target(name: "VCGraphCore", dependencies: ["CYAML", "CLibXML2"]),
    // Maps a hierarchy and its analysis to a styled Graphviz graph.
    .target(name: "VCGraphDiagram", dependencies: ["VCGraphCore", "GraphvizKit"]),
    // The command line as a testable library.
    .target(name: "VCGraphCLI", dependencies: ["VCGraphCore", "VCGraphDiagram", "GraphvizKit"]),
    // The executable: main.swift and, on Linux, its own `gvprintdouble` (see GraphvizKit's
    // GraphvizAccelerators).
    .executableTarget(name: "vcgraph", dependencies: ["VCGraphCLI", "GraphvizKit"]),
    // What several test targets share: Graphviz's own `dot` as the reference, SVG structure.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "GraphvizKitTests", dependencies: ["GraphvizKit", "TestSupport"]),
    .testTarget(name: "VCGraphCoreTests", dependencies: ["VCGraphCore"]),
    // Golden files live in Tests/VCGraphCLITests/Golden and are read from the source tree.
    .testTarget(
      name: "VCGraphCLITests",
      dependencies: ["VCGraphCLI", "VCGraphDiagram", "VCGraphCore", "GraphvizKit", "TestSupport"],
      exclude: ["Golden"]
    ),
  ]
)
