// swift-tools-version:6.0
// libFuzzer targets over what vcgraph does with untrusted text: reading it (FuzzLoader: the
// description loader, the debugger-dump reader and the storyboard reader), drawing what it
// read (FuzzDiagram: the analysis, the diagram model, DOT, Mermaid and Markdown, and a layout
// by `dot` in a subprocess), and simulating its steps (FuzzSimulate). Build and run with
// `Fuzz/run`.
import PackageDescription

let vcgraph: [Target.Dependency] = [
  .product(name: "VCGraphCore", package: "vcgraph"),
  .product(name: "VCGraphDiagram", package: "vcgraph"),
  .product(name: "VCGraphGraphviz", package: "vcgraph"),
  .product(name: "VCGraphBackends", package: "vcgraph"),
  .product(name: "GraphvizKit", package: "vcgraph"),
]

let package = Package(
  name: "vcgraph-fuzz",
  dependencies: [.package(name: "vcgraph", path: "..")],
  targets: [
    // libFuzzer's driver started from each target's entry point.
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "FuzzLoader",
      dependencies: ["FuzzDriver", .product(name: "VCGraphCore", package: "vcgraph")]
    ),
    // What the drawing targets share: reading an input both ways, drawing a hierarchy.
    .target(name: "FuzzSupport", dependencies: vcgraph),
    .executableTarget(
      name: "FuzzDiagram", dependencies: ["FuzzDriver", "FuzzSupport"] + vcgraph),
    .executableTarget(
      name: "FuzzSimulate", dependencies: ["FuzzDriver", "FuzzSupport"] + vcgraph),
  ]
)
