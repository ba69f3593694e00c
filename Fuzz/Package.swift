// swift-tools-version:6.0
// A libFuzzer target over vcgraph's input readers: the description loader (libyaml events,
// decoding, limits) and the debugger-dump reader. Build and run with `Fuzz/run`.
import PackageDescription

let package = Package(
  name: "vcgraph-fuzz",
  dependencies: [.package(name: "vcgraph", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzLoader",
      dependencies: [.product(name: "VCGraphCore", package: "vcgraph")]
    )
  ]
)
