import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `navigation-destination-in-lazy-container`: each `.navigationDestination` modifier whose
/// containers reach a lazy one (`List`, `LazyVStack`, …) before a navigation stack or a new
/// context.
extension NavigationDestinationInLazyContainer: LintCheck {
  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for (call, name) in file.namedCalls where name == ".navigationDestination" {
      let containers = SwiftUIViews.containers(of: call).prefix {
        !SwiftUIViews.stacks.contains($0) && !SwiftUIViews.newContexts.contains($0)
          && $0 != "NavigationSplitView"
      }
      guard let lazy = containers.first(where: { SwiftUIViews.lazy.contains($0) }) else {
        continue
      }
      let token =
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
        ?? call.calledExpression.firstToken(viewMode: .sourceAccurate)!
      candidates.append(
        LintCandidate(at: file.location(token), place: SwiftUIViews.place(of: call)) { _ in
          (
            "navigationDestination inside a \(lazy), which builds its children only on screen:"
              + " the stack may not see it (SwiftUI logs it and will ignore it) — move the"
              + " modifier onto the \(lazy) itself or outside it", nil
          )
        })
    }
    return candidates
  }
}
