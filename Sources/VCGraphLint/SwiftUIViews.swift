import SwiftSyntax
import VCGraphScan

/// How the SwiftUI rules read view code: which calls a view sits inside (its containers, from
/// the innermost out), and which view an expression builds under its modifiers.
enum SwiftUIViews {
  /// Navigation containers whose content is one navigation context.
  static let stacks: Set<String> = ["NavigationStack", "NavigationView"]
  /// Containers that build their children lazily (SwiftUI's own).
  static let lazy: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid"]
  /// Calls whose content starts a context of its own: a presentation's content, a split view's
  /// columns.
  static let newContexts: Set<String> = [
    ".sheet", ".fullScreenCover", ".popover", "NavigationSplitView", "WindowGroup",
  ]

  /// The name a call is known by: a type or function (`List`), or a modifier (`.sheet`).
  static func name(of call: FunctionCallExprSyntax) -> String? {
    var callee = call.calledExpression
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialized.expression
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      return "." + member.declName.baseName.text
    }
    return nil
  }

  /// The calls `node` is content of (in an argument or a closure, not in the called
  /// expression: a modifier's base is not inside the modifier), innermost first, up to the
  /// enclosing declaration.
  static func containers(of node: some SyntaxProtocol) -> [String] {
    var names: [String] = []
    var child = Syntax(node)
    var current = node.parent
    while let parent = current {
      if parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockItemSyntax.self)
        || parent.is(CodeBlockItemSyntax.self) && parent.parent?.parent?.is(SourceFileSyntax.self)
          == true
      {
        break
      }
      if let call = parent.as(FunctionCallExprSyntax.self), child.id != call.calledExpression.id,
        let name = name(of: call)
      {
        names.append(name)
      }
      child = parent
      current = parent.parent
    }
    return names
  }

  /// The view an expression builds, under its modifiers: `Foo(...)` of
  /// `Foo(...).padding().navigationTitle("x")`.
  static func root(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
    var current = ShapeReader.unwrapped(expression)
    while let call = current.as(FunctionCallExprSyntax.self) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
      {
        current = ShapeReader.unwrapped(base)
        continue
      }
      return call
    }
    return nil
  }

  /// The types a destination shows: its root view's type, and the view a wrapper of it is
  /// given (`LazyView(ItemsView(...))`).
  static func destinationTypes(_ expression: ExprSyntax) -> [String] {
    guard let call = root(expression), let name = name(of: call), !name.hasPrefix(".") else {
      return []
    }
    var types = [name]
    if let inner = call.arguments.first?.expression, let view = root(inner),
      let innerName = SwiftUIViews.name(of: view), !innerName.hasPrefix(".")
    {
      types.append(innerName)
    }
    if let closure = call.trailingClosure, let first = closure.statements.first,
      case .expr(let expression) = first.item, let view = root(expression),
      let innerName = SwiftUIViews.name(of: view), !innerName.hasPrefix(".")
    {
      types.append(innerName)
    }
    return types.filter { ShapeReader.isTypeName($0) }
  }

  /// The first view a closure builds.
  static func firstView(in closure: ClosureExprSyntax) -> ExprSyntax? {
    guard let first = closure.statements.first else { return nil }
    switch first.item {
    case .expr(let expression): return expression
    case .stmt(let statement):
      return statement.as(ExpressionStmtSyntax.self)?.expression
    default: return nil
    }
  }
}

extension SwiftUIViews {
  /// `swift:Type.member` of the declaration a node is in (a view's `body`, a function).
  static func place(of node: some SyntaxProtocol) -> String {
    var member: String?
    var type: String?
    var current = node.parent
    while let parent = current, type == nil {
      if member == nil, let function = parent.as(FunctionDeclSyntax.self) {
        member = function.name.text + "()"
      } else if member == nil, let variable = parent.as(VariableDeclSyntax.self) {
        member = variable.bindings.first?.pattern.trimmedDescription
      } else if let declaration = parent.as(StructDeclSyntax.self) {
        type = declaration.name.text
      } else if let declaration = parent.as(ClassDeclSyntax.self) {
        type = declaration.name.text
      } else if let declaration = parent.as(EnumDeclSyntax.self) {
        type = declaration.name.text
      } else if let declaration = parent.as(ExtensionDeclSyntax.self) {
        type = ShapeReader.typeName(declaration.extendedType)
      }
      current = parent.parent
    }
    return "swift:" + (type.map { $0 + "." } ?? "") + (member ?? "")
  }
}

extension SwiftUIViews {
  /// The type (or extended type) whose declaration holds a node.
  static func enclosingType(of node: some SyntaxProtocol) -> String? {
    var current = node.parent
    while let parent = current {
      if let declaration = parent.as(StructDeclSyntax.self) { return declaration.name.text }
      if let declaration = parent.as(ClassDeclSyntax.self) { return declaration.name.text }
      if let declaration = parent.as(EnumDeclSyntax.self) { return declaration.name.text }
      if let declaration = parent.as(ExtensionDeclSyntax.self) {
        return ShapeReader.typeName(declaration.extendedType)
      }
      current = parent.parent
    }
    return nil
  }
}
