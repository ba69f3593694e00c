extension Rule {
  /// A navigation link where no navigation stack is.
  public static let navigationLinkOutsideStack = Rule(
    "navigation-link-outside-stack", .warning,
    summary: "a `NavigationLink` or `.navigationDestination` in a view decidably outside any"
      + " navigation stack: a window's root or a sheet's or full-screen cover's content")
}

/// A `NavigationLink` or `.navigationDestination` that no `NavigationStack`,
/// `NavigationSplitView` or `NavigationView` can be above: written inside a sheet's,
/// full-screen cover's, popover's or window group's content with no stack between; or in a
/// view that is such a content's root (by every file: `WindowGroup { HomeView() }`, `.sheet {
/// EditView() }`) and has no stack in its own code. A row view merely used inside another
/// view's stack is not outside, nor is a view whose callers are not all known.
public enum NavigationLinkOutsideStack: RuleDefinition {
  public static let rule = Rule.navigationLinkOutsideStack
  public static let documentation = RuleDocumentation(
    uikit:
      "Apple's NavigationLink: \"Users click or tap a navigation link to present a view inside a"
      + " NavigationStack or NavigationSplitView.\" With no stack above it — a window's root"
      + " view, a sheet's content (a presentation starts a context of its own, without the"
      + " presenter's stack) — SwiftUI shows the link dimmed and a tap pushes nothing; a"
      + " `navigationDestination` there is never used.",
    triggering: [
      """
      import SwiftUI

      struct ProfileView: View {
        @State private var editing = false

        var body: some View {
          Button("Edit") { editing = true }
            .sheet(isPresented: $editing) {
              List {
                NavigationLink("Photo") { Text("Photo") }
              }
            }
        }
      }
      """,
      """
      import SwiftUI

      @main
      struct NotesApp: App {
        var body: some Scene {
          WindowGroup { NotesView() }
        }
      }

      struct NotesView: View {
        var body: some View {
          List {
            NavigationLink("Groceries") { Text("Milk") }
          }
        }
      }
      """,
    ],
    nonTriggering: [
      """
      import SwiftUI

      struct ProfileView: View {
        @State private var editing = false

        var body: some View {
          Button("Edit") { editing = true }
            .sheet(isPresented: $editing) {
              NavigationStack {
                List { NavigationLink("Photo") { Text("Photo") } }
              }
            }
        }
      }
      """,
      """
      import SwiftUI

      struct NoteRow: View {
        var body: some View {
          NavigationLink("Groceries") { Text("Milk") }
        }
      }

      struct NotesView: View {
        var body: some View {
          NavigationStack {
            List { NoteRow() }
          }
        }
      }
      """,
    ],
    fix:
      "Put a `NavigationStack` around the content where it is presented (inside the sheet's"
      + " closure, in the window group's root view), or present the destination instead of"
      + " pushing it.",
    exampleFormat: .swift)
}
