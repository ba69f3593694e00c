extension Rule {
  /// A `navigationDestination` inside a lazy container.
  public static let navigationDestinationInLazyContainer = Rule(
    "navigation-destination-in-lazy-container", .warning,
    summary: "a `.navigationDestination` modifier inside `List`, `LazyVStack`, `LazyHStack`,"
      + " `LazyVGrid` or `LazyHGrid`, where the stack may not see it")
}

/// A `.navigationDestination(...)` modifier written on a view inside the content of `List`,
/// `LazyVStack`, `LazyHStack`, `LazyVGrid` or `LazyHGrid` (before any navigation stack):
/// SwiftUI builds those children only when they are on screen, so the stack may not see the
/// destination. On the container itself (`List { … }.navigationDestination(…)`) it is right.
public enum NavigationDestinationInLazyContainer: RuleDefinition {
  public static let rule = Rule.navigationDestinationInLazyContainer
  public static let documentation = RuleDocumentation(
    uikit:
      "Apple, `navigationDestination(for:destination:)`: \"Do not put a navigation destination"
      + " modifier inside a \"lazy\" container, like List or LazyVStack. These containers"
      + " create child views only when needed to render on screen. Add the navigation"
      + " destination modifier outside these containers so that the navigation stack can always"
      + " see the destination.\" SwiftUI logs that sentence at run time, and a link whose row has"
      + " scrolled away finds no destination.",
    triggering: [
      """
      import SwiftUI

      struct ColorsView: View {
        var body: some View {
          NavigationStack {
            List {
              ForEach(["Mint", "Pink"], id: \\.self) { name in
                NavigationLink(name, value: name)
                  .navigationDestination(for: String.self) { Text($0) }
              }
            }
          }
        }
      }
      """
    ],
    nonTriggering: [
      """
      import SwiftUI

      struct ColorsView: View {
        var body: some View {
          NavigationStack {
            List {
              ForEach(["Mint", "Pink"], id: \\.self) { name in
                NavigationLink(name, value: name)
              }
            }
            .navigationDestination(for: String.self) { Text($0) }
          }
        }
      }
      """
    ],
    fix:
      "Move the modifier out of the container: onto the `List` (or `LazyVStack`) itself, or onto"
      + " a view outside it within the same stack.",
    exampleFormat: .swift)
}
