import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `navigation-link-outside-stack`: each `NavigationLink` and `.navigationDestination` whose
/// containers reach a new context (a sheet's content, a window group's) before any stack; and
/// each one with no container at all in its view's code, decided when that view is, by every
/// file, a new context's root (`context-root`) and has no stack anywhere in its code
/// (`has-stack`).
extension NavigationLinkOutsideStack: LintCheck {
  static let contextRoot = "context-root"
  static let hasStack = "has-stack"
  static let allStacks = SwiftUIViews.stacks.union(["NavigationSplitView"])

  package static func facts(in file: LintFile) -> [String: Set<String>] {
    var roots = Set<String>()
    var stacked = Set<String>()
    for (call, name) in file.namedCalls {
      guard let name else { continue }
      if allStacks.contains(name), let type = SwiftUIViews.enclosingType(of: call) {
        stacked.insert(type)
      }
      guard [".sheet", ".fullScreenCover", ".popover", "WindowGroup"].contains(name) else {
        continue
      }
      let closure =
        call.trailingClosure
        ?? ShapeReader.argument("content", of: call).flatMap {
          ShapeReader.unwrapped($0).as(ClosureExprSyntax.self)
        }
      if let view = closure.flatMap(SwiftUIViews.firstView) {
        roots.formUnion(SwiftUIViews.destinationTypes(view).prefix(1))
      }
    }
    return [contextRoot: roots, hasStack: stacked]
  }

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for (call, name) in file.namedCalls {
      guard let name,
        name == "NavigationLink" || name == ".navigationDestination"
      else { continue }
      let containers = SwiftUIViews.containers(of: call)
      let what = name == "NavigationLink" ? "NavigationLink" : "navigationDestination"
      let token =
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
        ?? call.calledExpression.firstToken(viewMode: .sourceAccurate)!
      let place = SwiftUIViews.place(of: call)
      let before = containers.prefix { !allStacks.contains($0) }
      if let context = before.first(where: SwiftUIViews.newContexts.contains) {
        let named = context.hasPrefix(".") ? "a \(context.dropFirst())'s content" : "a \(context)"
        candidates.append(
          LintCandidate(at: file.location(token), place: place) { _ in
            (
              "\(what) in \(named) with no navigation stack around it: the content starts"
                + " without the presenter's stack, so nothing can push — put a NavigationStack"
                + " around it there", nil
            )
          })
        continue
      }
      guard
        !containers.contains(where: {
          allStacks.contains($0) || SwiftUIViews.newContexts.contains($0)
        }),
        let type = SwiftUIViews.enclosingType(of: call)
      else { continue }
      candidates.append(
        LintCandidate(at: file.location(token), place: place) { lint in
          guard lint.facts[contextRoot]?.contains(type) == true,
            lint.facts[hasStack]?.contains(type) != true
          else { return nil }
          return (
            "\(what) in '\(type)', the root of a window or a presentation with no navigation"
              + " stack in its code: nothing above it can push — wrap its content in a"
              + " NavigationStack", nil
          )
        })
    }
    return candidates
  }
}
