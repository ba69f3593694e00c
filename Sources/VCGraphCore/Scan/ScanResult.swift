import Foundation

/// What `vcgraph scan` found in an app's Swift sources and storyboards: the controller types
/// and every navigation site as an edge (Documentation/Scan.md, `Schemas/scan.v1.schema.json`).
/// It has no SwiftSyntax dependency: `vcgraph diff` and the map's drawing read it from JSON.
public struct ScanResult: Sendable, Equatable {
  /// The schema version written and read: 1.
  public static let version = 1

  /// The controller types: classes whose superclass chain reaches `UIViewController`, then
  /// SwiftUI views that are presented, pushed or hosted; by file, then line.
  public var controllers: [ScanController]
  /// Every navigation site, by file, line and column (storyboard segues after the code).
  public var edges: [ScanEdge]
  /// The types that own navigation sites but are not controllers or views (coordinators,
  /// routers), with where they are declared; not written to JSON (the edges' `from` and
  /// `fromKind` say it), kept for the map.
  public var entryPoints: [ScanEntryPoint]

  /// Creates a result.
  public init(
    controllers: [ScanController] = [], edges: [ScanEdge] = [],
    entryPoints: [ScanEntryPoint] = []
  ) {
    self.controllers = controllers
    self.edges = edges
    self.entryPoints = entryPoints
  }
}

/// A controller type or a SwiftUI view the scan found.
public struct ScanController: Sendable, Equatable, Hashable {
  /// UIKit or SwiftUI.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    case uikit, swiftui
  }

  /// The type's name (`ProfileViewController`).
  public var name: String
  /// UIKit controller or SwiftUI view.
  public var kind: Kind
  /// Its declared superclass (nil for a SwiftUI view).
  public var superclass: String?
  /// Where it is declared, relative to the scan root.
  public var file: String
  /// The 1-based line of its declaration's name.
  public var line: Int

  /// Where it is declared, as every position vcgraph reports is written (column 1: the JSON
  /// has the line only).
  public var location: SourceLocation { SourceLocation(path: file, line: line, column: 1) }

  /// Creates a controller entry.
  public init(name: String, kind: Kind, superclass: String?, file: String, line: Int) {
    self.name = name
    self.kind = kind
    self.superclass = superclass
    self.file = file
    self.line = line
  }
}

/// Where an app starts: a window's root (`window.rootViewController =`), the `@main` SwiftUI
/// app's first view, a storyboard's initial scene.
public struct ScanEntryPoint: Sendable, Equatable, Hashable {
  /// The type that starts (a controller or a view).
  public var type: String
  /// How it starts: `window root`, `@main`, `initial scene`.
  public var how: String

  /// Creates an entry point.
  public init(type: String, how: String) {
    self.type = type
    self.how = how
  }
}

/// One navigation site: an operation's call in code, or a storyboard segue.
public struct ScanEdge: Sendable, Equatable, Hashable {
  /// What the site does; one name each (Documentation/Scan.md).
  public enum Operation: String, Sendable, Equatable, Hashable, CaseIterable {
    case present, dismiss, push, pop, setViewControllers, show, showDetail, segue, instantiate
    case root, navigationRoot, embed, split, tab, hosting, sheet, fullScreenCover, popover
    case navigationLink, navigationDestination
  }

  /// What kind of type `from` is.
  public enum FromKind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A UIKit controller type.
    case controller
    /// A SwiftUI view (or `App`).
    case swiftui
    /// Any other type: a coordinator, a router, a `UIStoryboardSegue` subclass, a delegate.
    case object
    /// Code outside any type (a global function, top-level code).
    case file
    /// A storyboard scene (a segue).
    case scene
  }

  /// How the site was found.
  public enum Via: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A UIKit or SwiftUI call in code.
    case code
    /// A segue in a storyboard.
    case storyboard
    /// A call of an app method whose body does the operation with its parameter.
    case helper
  }

  /// How sure the scan is that the call is UIKit's.
  public enum Confidence: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The receiver's type resolves to a controller (or `self` in one); or a SwiftUI
    /// construct; or a storyboard segue.
    case type
    /// The argument labels match UIKit's but the receiver's type could not be worked out.
    case labels
  }

  /// The enclosing type (or the scene's class for a segue; the file's name outside any type).
  public var from: String
  /// What kind of type `from` is.
  public var fromKind: FromKind
  /// The receiver's type where it resolves (`UINavigationController` for
  /// `navigationController?.pushViewController`), else nil.
  public var on: String?
  /// The destination type, or nil when it cannot be worked out (then `reason` says why).
  public var to: String?
  /// What it does.
  public var operation: Operation
  /// `modalPresentationStyle` set before a presentation, a segue's kind, or a UIKit default.
  public var style: String?
  /// The `animated:` argument when it is a literal.
  public var animated: Bool?
  /// The file, relative to the scan root.
  public var file: String
  /// The 1-based line of the operation's name.
  public var line: Int
  /// The 1-based column of the operation's name.
  public var column: Int
  /// `file`, `line` and `column` as the one source-location type every finding and error
  /// carries (the JSON keeps the three fields, `Schemas/scan.v1.schema.json`).
  public var location: SourceLocation { SourceLocation(path: file, line: line, column: column) }
  /// How it was found.
  public var via: Via
  /// How sure the scan is that it is UIKit's.
  public var confidence: Confidence
  /// Why `to` is nil (nil when it resolved).
  public var reason: String?
  /// The segue or scene identifier, for `segue` and `instantiate`.
  public var identifier: String?
  /// `modalTransitionStyle` set before a presentation.
  public var transition: String?
  /// What a popover is anchored to (`sourceView`, `sourceItem`, `barButtonItem`).
  public var anchor: String?
  /// Whether `definesPresentationContext = true` was set on the presenter before the call.
  public var definesPresentationContext: Bool?
  /// For `via: helper`, the helper's name (`showAlert(_:)`).
  public var helper: String?

  /// Creates an edge.
  public init(
    from: String, fromKind: FromKind, on: String? = nil, to: String?, operation: Operation,
    style: String? = nil, animated: Bool? = nil, file: String, line: Int, column: Int,
    via: Via = .code, confidence: Confidence = .type, reason: String? = nil,
    identifier: String? = nil, transition: String? = nil, anchor: String? = nil,
    definesPresentationContext: Bool? = nil, helper: String? = nil
  ) {
    self.from = from
    self.fromKind = fromKind
    self.on = on
    self.to = to
    self.operation = operation
    self.style = style
    self.animated = animated
    self.file = file
    self.line = line
    self.column = column
    self.via = via
    self.confidence = confidence
    self.reason = reason
    self.identifier = identifier
    self.transition = transition
    self.anchor = anchor
    self.definesPresentationContext = definesPresentationContext
    self.helper = helper
  }

  /// What a change compares: the edge without its position (lines move in every change).
  public var key: String {
    [from, operation.rawValue, on ?? "", to ?? "?", style ?? "", identifier ?? "", via.rawValue]
      .joined(separator: "\u{1F}")
  }

  /// `A —push→ B` for text output.
  public var summary: String {
    var text = "\(from) —\(operation.rawValue)"
    if let style { text += " (\(style))" }
    text += "→ \(to ?? "?")"
    if let identifier { text += " '\(identifier)'" }
    return text
  }
}
