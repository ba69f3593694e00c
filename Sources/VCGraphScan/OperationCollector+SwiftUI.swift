import SwiftSyntax
import VCGraphCore

// SwiftUI's navigation: `.sheet(isPresented:|item:)`, `.fullScreenCover`, `.popover`,
// `.navigationDestination(for:|isPresented:|item:)`, `NavigationLink`, `TabView` children and
// a `@main` app's `WindowGroup`. The destination is the view the content closure (or the
// `destination:` argument) builds, through SwiftUI containers and the app's generic wrappers.

extension OperationCollector {
  /// The modifiers by name, each with the labels that must start its arguments.
  static let modifiers: [String: (ScanEdge.Operation, [[String]])] = [
    "sheet": (.sheet, [["isPresented"], ["item"]]),
    "fullScreenCover": (.fullScreenCover, [["isPresented"], ["item"]]),
    "popover": (.popover, [["isPresented"], ["item"]]),
    "navigationDestination": (.navigationDestination, [["for"], ["isPresented"], ["item"]]),
  ]

  /// A presentation or destination modifier: one site per view its content builds.
  func swiftUIModifier(
    _ node: FunctionCallExprSyntax, name: String, labels: [String], token: TokenSyntax
  ) -> Bool {
    guard let (operation, starts) = Self.modifiers[name],
      starts.contains(where: { labels.starts(with: $0) })
    else { return false }
    let content =
      node.trailingClosure.map(ExprSyntax.init)
      ?? ShapeReader.argument("content", of: node)
      ?? ShapeReader.argument("destination", of: node)
    addSwiftUI(operation, name: name, content: content, token: token, on: nil)
    return true
  }

  /// The calls `swiftUICall` matches by name (`ScanKeywords` looks for them).
  static let swiftUICalls: [String] = ["NavigationLink", "TabView", "WindowGroup"]

  /// `NavigationLink(destination:)` (or its trailing destination closure), `TabView { }`,
  /// `WindowGroup { }` of an app.
  func swiftUICall(_ node: FunctionCallExprSyntax, name: String, token: TokenSyntax) -> Bool {
    switch name {
    case "NavigationLink":
      if let destination = ShapeReader.argument("destination", of: node) {
        addSwiftUI(.navigationLink, name: name, content: destination, token: token, on: nil)
      } else if ShapeReader.argument("value", of: node) != nil {
        let (line, column) = position(token)
        add(
          Site(
            operation: .navigationLink, name: name, receiver: nil, checksReceiver: false,
            destinations: [
              .unknown("NavigationLink(value:): .navigationDestination(for:) builds the view")
            ], context: context, line: line, column: column))
      } else if let closure = node.trailingClosure, !node.additionalTrailingClosures.isEmpty {
        // `NavigationLink { Destination() } label: { ... }`
        addSwiftUI(
          .navigationLink, name: name, content: ExprSyntax(closure), token: token, on: nil)
      } else {
        return false
      }
      return true
    case "TabView":
      guard let closure = node.trailingClosure else { return false }
      for (view, childToken) in SwiftUIReader.views(in: ExprSyntax(closure), scope: scope) {
        let (line, column) = position(childToken ?? token)
        var site = Site(
          operation: .tab, name: name, receiver: nil, checksReceiver: false,
          destinations: [view], context: context, line: line, column: column)
        site.on = "TabView"
        add(site)
      }
      return true
    case "WindowGroup":
      guard let closure = node.trailingClosure else { return false }
      addSwiftUI(.root, name: name, content: ExprSyntax(closure), token: token, on: "WindowGroup")
      return true
    default:
      return false
    }
  }

  private func addSwiftUI(
    _ operation: ScanEdge.Operation, name: String, content: ExprSyntax?, token: TokenSyntax,
    on: String?
  ) {
    let (line, column) = position(token)
    var views = content.map { SwiftUIReader.views(in: $0, scope: scope) } ?? []
    if views.isEmpty { views = [(.unknown("the content builds no view vcgraph can name"), nil)] }
    for (view, _) in views {
      var site = Site(
        operation: operation, name: name, receiver: nil, checksReceiver: false,
        destinations: [view], context: context, line: line, column: column)
      site.on = on
      add(site)
    }
  }
}

/// The views a SwiftUI expression or closure builds: each construction at the top of its
/// statements (through `if`, `switch`, modifiers and containers), with its name's token.
enum SwiftUIReader {
  static func views(in expression: ExprSyntax, scope: Scope?) -> [(Shape, TokenSyntax?)] {
    let expression = ShapeReader.unwrapped(expression)
    if let closure = expression.as(ClosureExprSyntax.self) {
      return views(in: closure.statements, scope: scope)
    }
    if let view = view(expression, scope: scope) { return [view] }
    let shape = ShapeReader.shape(expression, scope: scope)
    if case .unknown = shape { return [] }
    return [(shape, nil)]
  }

  static func views(in statements: CodeBlockItemListSyntax, scope: Scope?) -> [(
    Shape, TokenSyntax?
  )] {
    var result: [(Shape, TokenSyntax?)] = []
    for item in statements {
      var expression: ExprSyntax?
      switch item.item {
      case .expr(let value): expression = value
      case .stmt(let statement):
        if let wrapped = statement.as(ExpressionStmtSyntax.self) {
          expression = wrapped.expression
        } else if let returned = statement.as(ReturnStmtSyntax.self) {
          expression = returned.expression
        }
      case .decl: continue
      }
      guard let expression else { continue }
      if let branch = expression.as(IfExprSyntax.self) {
        result += views(in: branch, scope: scope)
      } else if let choice = expression.as(SwitchExprSyntax.self) {
        for case .switchCase(let switchCase) in choice.cases {
          result += views(in: switchCase.statements, scope: scope)
        }
      } else if let view = view(expression, scope: scope) {
        result.append(view)
      } else {
        let shape = ShapeReader.shape(stripModifiers(expression), scope: scope)
        switch shape {
        case .unknown: continue
        case .call(_, let name):
          let reason = "the content is built by \(name)(), which vcgraph does not follow"
          result.append((.unknown(reason), nil))
        default:
          result.append((shape, nil))
        }
      }
    }
    return result
  }

  static func views(in branch: IfExprSyntax, scope: Scope?) -> [(Shape, TokenSyntax?)] {
    var result = views(in: branch.body.statements, scope: scope)
    switch branch.elseBody {
    case .ifExpr(let next)?: result += views(in: next, scope: scope)
    case .codeBlock(let block)?: result += views(in: block.statements, scope: scope)
    case nil: break
    }
    return result
  }

  /// The view one expression builds: `Foo(...)` under its modifiers; a container's or a
  /// possible wrapper's content.
  /// `Foo().padding().tabItem { }` → `Foo()`.
  static func stripModifiers(_ expression: ExprSyntax) -> ExprSyntax {
    var current = ShapeReader.unwrapped(expression)
    while true {
      if let call = current.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        let base = member.base, !ShapeReader.isTypeName(member.declName.baseName.text),
        Self.isView(base)
      {
        current = ShapeReader.unwrapped(base)
      } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base,
        !ShapeReader.isTypeName(member.declName.baseName.text),
        base.is(FunctionCallExprSyntax.self)
      {
        current = base
      } else {
        return current
      }
    }
  }

  /// Whether a modifier's base reads as a view: a call (`Foo()`, `makeList()`), or a property
  /// (`songsList`), not a closure's argument (`$0.makeSheetView()` is a method's result).
  static func isView(_ base: ExprSyntax) -> Bool {
    let base = ShapeReader.unwrapped(base)
    if base.is(FunctionCallExprSyntax.self) || base.is(MemberAccessExprSyntax.self) { return true }
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      return !name.hasPrefix("$") && !ShapeReader.isTypeName(name) && name != "self"
    }
    return false
  }

  static func view(_ expression: ExprSyntax, scope: Scope?) -> (Shape, TokenSyntax?)? {
    let current = stripModifiers(expression)
    guard let call = current.as(FunctionCallExprSyntax.self) else { return nil }
    var callee = call.calledExpression
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialized.expression
    }
    guard let reference = callee.as(DeclReferenceExprSyntax.self) else { return nil }
    let name = reference.baseName.text
    guard ShapeReader.isTypeName(name) else { return nil }
    if name == "UIHostingController" { return nil }
    if UIKitTable.swiftUIBuiltIns.contains(name) {
      return (.unknown("a \(name) built in place, no type of its own"), reference.baseName)
    }
    // The content of a container or wrapper: its trailing closure or first argument.
    var inner: [(Shape, TokenSyntax?)] = []
    if let closure = call.trailingClosure {
      inner = views(in: closure.statements, scope: scope)
    } else if let first = call.arguments.first?.expression {
      inner = view(first, scope: scope).map { [$0] } ?? []
    }
    if UIKitTable.swiftUIWrappers.contains(name) {
      return inner.first
    }
    if let (content, token) = inner.first {
      return (.wrapper(name, content), token ?? reference.baseName)
    }
    return (.construct(name), reference.baseName)
  }
}
