extension Rule {
  /// A navigation stack inside another one.
  public static let nestedNavigationStack = Rule(
    "nested-navigation-stack", .warning,
    summary: "a `NavigationStack` or `NavigationView` inside another one: in its content, or"
      + " as the body of a view that a link or `navigationDestination` pushes")
}

/// A `NavigationStack` (or `NavigationView`) in the content of another, in one view's code
/// (a sheet's, a full-screen cover's, a popover's content and a split view's columns start a
/// context of their own); or a view pushed by a `NavigationLink` or a `navigationDestination`
/// whose `body` is itself a stack, resolved through every file (the usual real bug). A stack
/// per tab, in a split view's detail column or in a sheet is Apple's pattern and no finding.
public enum NestedNavigationStack: RuleDefinition {
  public static let rule = Rule.nestedNavigationStack
  public static let documentation = RuleDocumentation(
    uikit:
      "A navigation stack manages the views pushed onto it; a stack pushed onto another"
      + " (a destination that wraps itself in `NavigationStack` or `NavigationView`) is a"
      + " second stack inside the first: SwiftUI shows two navigation bars or none, the back"
      + " button and the destination's title go to the wrong bar, and its own links push"
      + " into the inner stack, which has no way back. Apple's pattern is one stack per"
      + " context: a window's root, each tab, a split view's detail column, each sheet.",
    triggering: [
      """
      import SwiftUI

      struct ItemsView: View {
        var body: some View {
          NavigationStack {
            List {
              NavigationLink("Details") { ItemDetailView() }
            }
          }
        }
      }

      struct ItemDetailView: View {
        var body: some View {
          NavigationStack {
            Text("Detail")
          }
        }
      }
      """,
      """
      import SwiftUI

      struct SettingsView: View {
        var body: some View {
          NavigationView {
            Form {
              NavigationView { Text("Account") }
            }
          }
        }
      }
      """,
    ],
    nonTriggering: [
      """
      import SwiftUI

      struct RootView: View {
        @State private var editing = false

        var body: some View {
          TabView {
            NavigationStack { Text("Feed") }.tabItem { Text("Feed") }
            NavigationStack { Text("Profile") }.tabItem { Text("Profile") }
          }
          .sheet(isPresented: $editing) {
            NavigationStack { Text("Edit") }
          }
        }
      }
      """,
      """
      import SwiftUI

      struct MailView: View {
        var body: some View {
          NavigationSplitView {
            List { NavigationLink("Inbox") { MessageView() } }
          } detail: {
            NavigationStack { Text("Select a message") }
          }
        }
      }

      struct MessageView: View {
        var body: some View { Text("Message") }
      }
      """,
    ],
    fix:
      "Remove the inner stack: a pushed view uses the stack it is pushed onto (set its title"
      + " and toolbar there); keep a stack only where a view is a root — the window, a tab, a"
      + " sheet, a split view's column.",
    exampleFormat: .swift)
}
