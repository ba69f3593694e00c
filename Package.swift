// swift-tools-version:6.0
import PackageDescription

#if os(Linux)
  // No UIKit here: VCGraphCapture's UIKit adapter (and VCGraphCaptureTesting) compile against a
  // module named UIKit that declares the UIKit surface they use with Apple's signatures, so a
  // typo or a wrong type in the adapter fails the build. Declared on Linux only, where it
  // cannot clash with the SDK's UIKit.
  let uikitSurfaceTargets: [Target] = [
    .target(name: "UIKit", path: "Tests/UIKitSurface"),
    .target(
      name: "VCGraphCaptureUIKitCheck", dependencies: ["UIKit"],
      path: "Tests/VCGraphCaptureUIKitCheck",
      swiftSettings: [.define("VCGRAPH_UIKIT_SURFACE")]),
  ]
  let uikitCheck: [Target.Dependency] = ["VCGraphCaptureUIKitCheck"]
#else
  let uikitSurfaceTargets: [Target] = []
  let uikitCheck: [Target.Dependency] = []
#endif

let package = Package(
  name: "vcgraph",
  // For VCGraphCapture, which an app links into its debug build; the rest builds where Swift
  // does.
  platforms: [.iOS(.v15), .macCatalyst(.v15)],
  products: [
    .executable(name: "vcgraph", targets: ["vcgraph"]),
    // `vcgraph scan` reads Swift sources with SwiftSyntax, which takes minutes to build: its
    // own executable, so `scripts/render-samples` (which builds only `vcgraph`) never builds
    // swift-syntax. `vcgraph scan` runs this binary found next to its own.
    .executable(name: "vcgraph-swift", targets: ["vcgraph-swift"]),
    .library(name: "VCGraphCore", targets: ["VCGraphCore"]),
    .library(name: "GraphvizKit", targets: ["GraphvizKit"]),
    // For the fuzz targets in Fuzz/, which draw what they read.
    .library(name: "VCGraphDiagram", targets: ["VCGraphDiagram"]),
    .library(name: "VCGraphGraphviz", targets: ["VCGraphGraphviz"]),
    .library(name: "VCGraphBackends", targets: ["VCGraphBackends"]),
    // In packages that depend on this one: `swift package vcgraph check Docs/Navigation`
    // (read-only commands, no permission), and `swift package
    // --allow-writing-to-package-directory vcgraph-render render Docs/Navigation -o Docs/Images`.
    .plugin(name: "VCGraphPlugin", targets: ["VCGraphPlugin"]),
    .plugin(name: "VCGraphRenderPlugin", targets: ["VCGraphRenderPlugin"]),
    // A running app's hierarchy as a description: an app's debug target links it (nothing
    // but the Swift toolchain is needed); its tests link VCGraphCaptureTesting for
    // XCTAttachment, which an app must not link.
    .library(name: "VCGraphCapture", targets: ["VCGraphCapture"]),
    .library(name: "VCGraphCaptureTesting", targets: ["VCGraphCaptureTesting"]),
  ],
  dependencies: [
    // SwiftSyntax 603 matches Swift 6.3. On machines without GitHub, `../shared/mirrors/use`
    // points SwiftPM at a local copy (scripts/setup-deps calls it).
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
    // The command line's parsing, help, completions and man page.
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
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
    // The format-neutral diagram: what is drawn, in which state, and how it connects. It has
    // no Graphviz dependency, so no Graphviz type can leak into it.
    .target(name: "VCGraphDiagram", dependencies: ["VCGraphCore"]),
    // The Graphviz backend: a diagram as a styled GraphvizKit graph.
    .target(name: "VCGraphGraphviz", dependencies: ["VCGraphDiagram", "GraphvizKit"]),
    // The backends the command line draws through: the text backends (Mermaid, Markdown), the
    // finding reporters, and the image backend's facade over VCGraphGraphviz (`Images/`),
    // which imports GraphvizKit and VCGraphGraphviz `internal`, so no Graphviz type reaches
    // the command line.
    .target(
      name: "VCGraphBackends", dependencies: ["VCGraphDiagram", "VCGraphGraphviz", "GraphvizKit"]),
    // The command line as a testable library. It draws through VCGraphBackends' image
    // backend and depends on no Graphviz module (ModuleBoundaryTests).
    .target(
      name: "VCGraphCLI",
      dependencies: [
        "VCGraphCore", "VCGraphDiagram", "VCGraphBackends",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The executable: main.swift and, on Linux, its own `gvprintdouble` (see GraphvizKit's
    // GraphvizAccelerators).
    .executableTarget(name: "vcgraph", dependencies: ["VCGraphCLI", "GraphvizKit"]),
    // The Swift source scan: SwiftSyntax visitors that find UIKit and SwiftUI navigation and
    // produce VCGraphCore's ScanResult.
    .target(
      name: "VCGraphScan",
      dependencies: [
        "VCGraphCore",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // The Swift-code rules of `vcgraph lint` over the scan's syntax trees and types: each
    // rule's check in `Rules/`, beside its definition in VCGraphCore's `Lint/Rules/`.
    .target(
      name: "VCGraphLint",
      dependencies: [
        "VCGraphScan", "VCGraphCore",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // `vcgraph-swift scan PATH...`: the scan as JSON on stdout (run by `vcgraph scan`);
    // `vcgraph-swift lint PATH...`: the lint findings as JSON (run by `vcgraph lint`).
    .executableTarget(
      name: "vcgraph-swift", dependencies: ["VCGraphScan", "VCGraphLint", "VCGraphCore"]),
    // Runs vcgraph in a package's directory: `swift package vcgraph ...` the commands that
    // only read and print (no permission), `swift package vcgraph-render ...` any command,
    // with permission to write into the package. A plugin builds its tool in `swift
    // package`'s configuration: `swift package -c release ...` for a release vcgraph.
    .plugin(
      name: "VCGraphPlugin",
      capability: .command(
        intent: .custom(
          verb: "vcgraph",
          description: "Check or analyze view-controller hierarchies (check, analyze, diff, rules)"
        )),
      dependencies: ["vcgraph"]),
    .plugin(
      name: "VCGraphRenderPlugin",
      capability: .command(
        intent: .custom(
          verb: "vcgraph-render",
          description: "Draw view-controller hierarchies into the package (render, simulate, ...)"),
        permissions: [
          .writeToPackageDirectory(reason: "vcgraph writes the diagrams into the package")
        ]),
      dependencies: ["vcgraph"]),
    // The capture: no dependency on any other target (Documentation/Capture.md).
    .target(name: "VCGraphCapture"),
    .target(name: "VCGraphCaptureTesting", dependencies: ["VCGraphCapture"]),
    // What several test targets share: Graphviz's own `dot` as the reference, SVG structure,
    // descriptions.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "GraphvizKitTests", dependencies: ["GraphvizKit", "TestSupport"]),
    .testTarget(name: "VCGraphCoreTests", dependencies: ["VCGraphCore"]),
    // The diagram model and the text backends, tested without Graphviz (VCGraphBackends links
    // it for the image backend, which VCGraphCLITests tests).
    .testTarget(
      name: "VCGraphDiagramTests", dependencies: ["VCGraphDiagram", "VCGraphCore", "TestSupport"]),
    .testTarget(
      name: "VCGraphBackendsTests",
      dependencies: ["VCGraphBackends", "VCGraphDiagram", "VCGraphCore"]),
    // Golden files live in Tests/VCGraphCLITests/Golden and are read from the source tree.
    .testTarget(
      name: "VCGraphCLITests",
      dependencies: [
        "VCGraphCLI", "VCGraphDiagram", "VCGraphGraphviz", "VCGraphBackends", "VCGraphCore",
        "GraphvizKit", "TestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["Golden"]
    ),
    // The scan on snippets and on the real apps in Tests/Fixtures/swift.
    .testTarget(
      name: "VCGraphScanTests",
      dependencies: [
        "VCGraphScan", "VCGraphCore", "VCGraphCLI", "VCGraphDiagram", "TestSupport",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
    // The lint rules on their own examples and on the real apps in Tests/Fixtures/swift, and
    // `vcgraph lint` end to end through the built programs.
    .testTarget(
      name: "VCGraphLintTests",
      dependencies: [
        "VCGraphLint", "VCGraphScan", "VCGraphCore",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
    // Round trips of the capture's walk and writer through VCGraphCore's loader and analysis.
    .testTarget(
      name: "VCGraphCaptureTests", dependencies: ["VCGraphCapture", "VCGraphCore"] + uikitCheck),
  ] + uikitSurfaceTargets
)
