import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `nested-navigation-stack`: a stack call whose containers reach another stack before a new
/// context (a sheet's content, a split view); and each `NavigationLink` or
/// `navigationDestination` whose destination view (or the view a wrapper such as `LazyView`
/// is given) is, by every file's `stack-root` facts, a view whose `body` is a stack.
extension NestedNavigationStack: LintCheck {
  static let stackRoot = "stack-root"

  package static func facts(in file: LintFile) -> [String: Set<String>] {
    // The structs the file's one walk found (a walk of the whole tree for them cost 2.5% of
    // `vcgraph lint`).
    [stackRoot: Set(file.structs.filter(StackRoots.isStackRoot).map(\.name.text))]
  }

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for (call, name) in file.namedCalls {
      guard let name else { continue }
      // The place only of a candidate: finding it walks up to the enclosing type, and most
      // calls are none (it cost 14% of `vcgraph lint` when made for every call).
      if SwiftUIViews.stacks.contains(name) {
        let outer = SwiftUIViews.containers(of: call).prefix {
          !SwiftUIViews.newContexts.contains($0)
        }.first { SwiftUIViews.stacks.contains($0) }
        guard let outer else { continue }
        candidates.append(
          LintCandidate(
            at: file.location(call.calledExpression), place: SwiftUIViews.place(of: call)
          ) { _ in
            (
              "\(name) inside the content of a \(outer): a stack in a stack (two navigation"
                + " bars, a broken way back) — remove the inner one", nil
            )
          })
        continue
      }
      let destination: ExprSyntax?
      switch name {
      case "NavigationLink":
        destination =
          ShapeReader.argument("destination", of: call)
          // `NavigationLink("Title") { Destination() }`, `NavigationLink { D() } label: {…}`;
          // with `value:` the closure is the label.
          ?? (ShapeReader.argument("value", of: call) == nil
            ? call.trailingClosure.flatMap(SwiftUIViews.firstView) : nil)
      case ".navigationDestination":
        destination =
          (call.trailingClosure ?? ShapeReader.argument("destination", of: call).flatMap {
            ShapeReader.unwrapped($0).as(ClosureExprSyntax.self)
          }).flatMap(SwiftUIViews.firstView)
      default: destination = nil
      }
      guard let destination else { continue }
      let types = SwiftUIViews.destinationTypes(destination)
      guard !types.isEmpty else { continue }
      let how = name == "NavigationLink" ? "this NavigationLink" : "this navigationDestination"
      candidates.append(
        LintCandidate(
          at: file.location(call.calledExpression), place: SwiftUIViews.place(of: call)
        ) { lint in
          guard let pushed = types.first(where: { lint.facts[stackRoot]?.contains($0) == true })
          else { return nil }
          return (
            "'\(pushed)', which \(how) pushes, wraps its body in a navigation stack: a stack"
              + " pushed into a stack (two navigation bars, a broken way back) — remove the"
              + " stack from '\(pushed)' and keep one where it is a root", nil
          )
        })
    }
    return candidates
  }
}

/// The views whose `body` is a navigation stack under its modifiers.
enum StackRoots {
  /// Whether `node`'s `body` is a navigation stack under its modifiers.
  static func isStackRoot(_ node: StructDeclSyntax) -> Bool {
    for member in node.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        let binding = variable.bindings.first,
        // The name's token, not `trimmedDescription`, which made a String of every member's
        // pattern.
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
        let accessors = binding.accessorBlock
      else { continue }
      var statements: CodeBlockItemListSyntax?
      switch accessors.accessors {
      case .getter(let items): statements = items
      case .accessors(let list):
        statements = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
      }
      guard let first = statements?.first else { continue }
      let expression: ExprSyntax?
      switch first.item {
      case .expr(let value): expression = value
      case .stmt(let statement):
        expression =
          statement.as(ReturnStmtSyntax.self)?.expression
          ?? statement.as(ExpressionStmtSyntax.self)?.expression
      default: expression = nil
      }
      if let expression, let root = SwiftUIViews.root(expression),
        let name = SwiftUIViews.name(of: root), SwiftUIViews.stacks.contains(name)
      {
        return true
      }
    }
    return false
  }
}
