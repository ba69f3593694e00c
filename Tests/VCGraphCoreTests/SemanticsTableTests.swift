import Testing
import VCGraphCore

// A table of realistic hierarchies with UIKit's answers (spec/semantics.md S1–S4). Every case
// says WHY the answer is UIKit's. The file's `analyze: - dismiss:` entries are answered in
// order and compared with `dismissals` (`receiver=… removed=… animated=… after=…`, or
// `error: <part of the message>`).

struct SemanticsCase: Sendable, CustomTestStringConvertible {
  var name: String
  var yaml: String
  /// The top view controller's id, nil when nothing is on screen (S3).
  var top: String?
  /// Every controller on screen (S2).
  var onScreen: Set<String>
  /// The visible path as `id/via` (S3).
  var path: [String]
  /// The visible leaves (S3), in document order.
  var leaves: [String]
  /// The answers to the file's dismiss requests (S4), in order.
  var dismissals: [String] = []

  var testDescription: String { name }
}

@Suite("S1–S4 table of hierarchies")
struct SemanticsTableTests {
  @Test("table", arguments: semanticsCases)
  func answer(_ c: SemanticsCase) throws {
    let probe = try SemanticsProbe(c.yaml)
    #expect(probe.top == c.top, "top view controller")
    #expect(probe.onScreen == c.onScreen, "on screen")
    #expect(probe.path == c.path, "visible path")
    #expect(probe.leaves == c.leaves, "visible leaves")
    var answers: [String] = []
    for request in probe.hierarchy.requests {
      guard case .dismiss(let from, let levels, let toClass, _) = request else { continue }
      if let message = try probe.dismissError(from: from, levels: levels, toClass: toClass) {
        answers.append("error: \(message)")
      } else {
        answers.append(
          probe.summary(try probe.dismiss(from: from, levels: levels, toClass: toClass)))
      }
    }
    #expect(answers.count == c.dismissals.count, "dismiss requests")
    for (answer, expected) in zip(answers, c.dismissals) {
      if expected.hasPrefix("error: ") {
        #expect(answer.hasPrefix("error: ") && answer.contains(expected.dropFirst(7)), "\(answer)")
      } else {
        #expect(answer == expected)
      }
    }
  }

  @Test("the table has at least 40 cases with distinct names")
  func tableSize() {
    #expect(semanticsCases.count >= 40)
    #expect(Set(semanticsCases.map(\.name)).count == semanticsCases.count)
  }
}

let semanticsCases: [SemanticsCase] = [
  // WHY: S2 "Navigation controller: only the top of its stack"; S3 steps from the navigation
  // controller to its top (seed 000: `nav.visibleViewController`).
  SemanticsCase(
    name: "seed 000: navigation root shows its top",
    yaml: """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers: [{ class: Inbox, id: inbox }, { class: Thread, id: thread }]
      """,
    top: "thread", onScreen: ["nav", "thread"], path: ["nav/root", "thread/top"],
    leaves: ["thread"]),

  // WHY: S2 "Tab bar: only selectedIndex"; S3 steps `selected` then `top` (seed 000:
  // `tab.selectedViewController`, then the navigation controller's top).
  SemanticsCase(
    name: "seed 000: tab bar root, second tab's navigation stack",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 1
          viewControllers:
            - { class: UINavigationController, id: homeNav, viewControllers: [{ class: Home, id: home }] }
            - { class: UINavigationController, id: searchNav, viewControllers: [{ class: Search, id: search }, { class: Results, id: results }] }
      """,
    top: "results", onScreen: ["tabs", "searchNav", "results"],
    path: ["tabs/root", "searchNav/selected", "results/top"], leaves: ["results"]),

  // WHY: no style means `automatic` (S2), which resolves to pageSheet: "the background content
  // remains visible", so Home stays on screen. S4: dismiss on the presented controller "asks
  // the presenting view controller to handle the dismissal".
  SemanticsCase(
    name: "seed 000: plain root with an automatic (sheet) presentation",
    yaml: """
      window:
        root: { class: Home, id: home, presents: { class: Onboarding, id: onboarding } }
      analyze:
        - dismiss: { from: onboarding }
      """,
    top: "onboarding", onScreen: ["home", "onboarding"],
    path: ["home/root", "onboarding/presented"], leaves: ["onboarding"],
    dismissals: ["receiver=home removed=onboarding animated=onboarding after=home"]),

  // WHY: S1 a full-screen request from the stack's top goes to the root of its context, the
  // navigation controller; S2 fullScreen removes the presenter's views; S3 follows the
  // presentation, then the presented navigation controller's top.
  SemanticsCase(
    name: "seed 000: a navigation top presents a navigation controller full screen",
    yaml: """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - class: Profile
              id: profile
              presents:
                class: UINavigationController
                id: editNav
                modalPresentationStyle: fullScreen
                viewControllers: [{ class: EditProfile, id: editProfile }, { class: EditPhoto, id: editPhoto }]
      """,
    top: "editPhoto", onScreen: ["editNav", "editPhoto"],
    path: ["nav/root", "editNav/presented", "editPhoto/top"], leaves: ["editPhoto"]),

  // WHY: S1 the sheet is presented by the tab bar (context root) and the alert by the
  // presented navigation controller (its context root); sheets and alerts leave their
  // presenters on screen (S2). S4: `payment` is a child of checkoutNav, which presents the
  // alert, so checkoutNav dismisses it.
  SemanticsCase(
    name: "seed 000 loop: tab, navigation, sheet navigation, alert",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - class: Cart
                  id: cart
                  presents:
                    class: UINavigationController
                    id: checkoutNav
                    modalPresentationStyle: pageSheet
                    viewControllers:
                      - class: Payment
                        id: payment
                        presents: { class: UIAlertController, id: cardDeclined }
      analyze:
        - dismiss: { from: payment }
      """,
    top: "cardDeclined",
    onScreen: ["tabs", "nav", "cart", "checkoutNav", "payment", "cardDeclined"],
    path: ["tabs/root", "checkoutNav/presented", "cardDeclined/presented"],
    leaves: ["cardDeclined"],
    dismissals: ["receiver=checkoutNav removed=cardDeclined animated=cardDeclined after=payment"]),

  // WHY: the gap "which controller actually presents" (seeds README): S1 "forwards the request
  // up the view controller hierarchy", so the tab bar presents the camera, not `feed`; S3
  // follows the tab bar's presentation before its selected tab.
  SemanticsCase(
    name: "seed 000 gap: the tab bar hosts the full-screen camera",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: Feed, id: feed, presents: { class: Camera, id: camera, modalPresentationStyle: fullScreen } }
      analyze:
        - dismiss: { from: feed }
      """,
    top: "camera", onScreen: ["camera"], path: ["tabs/root", "camera/presented"],
    leaves: ["camera"],
    dismissals: ["receiver=tabs removed=camera animated=camera after=feed"]),

  // WHY: S2 "Split view: every column when expanded"; on iPad a split is expanded by default
  // (format.md). S3 "Where several children are on screen (expanded split ...) the path stops
  // at the container and the analyzer also lists every visible leaf".
  SemanticsCase(
    name: "mail on iPad: expanded split view",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: mail
          viewControllers:
            - { class: UINavigationController, id: mailboxesNav, viewControllers: [{ class: Mailboxes, id: mailboxes }, { class: Inbox, id: inbox }] }
            - { class: UINavigationController, id: messageNav, viewControllers: [{ class: Message, id: message }] }
      """,
    top: "mail", onScreen: ["mail", "mailboxesNav", "inbox", "messageNav", "message"],
    path: ["mail/root"], leaves: ["inbox", "message"]),

  // WHY: on iPhone (compact width) a split view is collapsed by default, and with no delegate
  // override "the UINavigationController class responds by pushing the secondary view
  // controller onto its navigation stack" (Apple, splitViewController(_:collapseSecondary:
  // onto:)): S3 steps into the primary column, whose top is now the secondary (issue 31).
  SemanticsCase(
    name: "mail on iPhone: collapsed split view",
    yaml: """
      window:
        root:
          class: UISplitViewController
          id: mail
          viewControllers:
            - { class: UINavigationController, id: mailboxesNav, viewControllers: [{ class: Mailboxes, id: mailboxes }, { class: Inbox, id: inbox }] }
            - { class: UINavigationController, id: messageNav, viewControllers: [{ class: Message, id: message }] }
      """,
    top: "message", onScreen: ["mail", "mailboxesNav", "messageNav", "message"],
    path: ["mail/root", "mailboxesNav/column", "messageNav/top", "message/top"],
    leaves: ["message"]),

  // WHY: the delegate's answer `true` ("you do not want the split view controller to do
  // anything with the secondary view controller") leaves the primary column's own top.
  SemanticsCase(
    name: "mail on iPhone: collapsed split view whose delegate handles the collapse",
    yaml: """
      window:
        root:
          class: UISplitViewController
          id: mail
          collapseSecondary: true
          viewControllers:
            - { class: UINavigationController, id: mailboxesNav, viewControllers: [{ class: Mailboxes, id: mailboxes }, { class: Inbox, id: inbox }] }
            - { class: UINavigationController, id: messageNav, viewControllers: [{ class: Message, id: message }] }
      """,
    top: "inbox", onScreen: ["mail", "mailboxesNav", "inbox"],
    path: ["mail/root", "mailboxesNav/column", "inbox/top"], leaves: ["inbox"]),

  // WHY: S1 a form sheet requested by the message goes to the split view (the context root);
  // S2 a form sheet leaves every column on screen; S4 the message is inside the split, whose
  // presentation the split dismisses; after it the path stops at the expanded split again.
  SemanticsCase(
    name: "mail on iPad: compose form sheet over the split view",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: mail
          viewControllers:
            - { class: UINavigationController, id: mailboxesNav, viewControllers: [{ class: Inbox, id: inbox }] }
            - class: UINavigationController
              id: messageNav
              viewControllers:
                - { class: Message, id: message, presents: { class: Compose, id: compose, modalPresentationStyle: formSheet } }
      analyze:
        - dismiss: { from: message }
      """,
    top: "compose",
    onScreen: ["mail", "mailboxesNav", "inbox", "messageNav", "message", "compose"],
    path: ["mail/root", "compose/presented"], leaves: ["compose"],
    dismissals: ["receiver=mail removed=compose animated=compose after=mail"]),

  // WHY: S1 the compose navigation controller is presented by the split view and the alert by
  // the compose navigation controller; S4 `levels: 2` from the alert ends its level and the
  // compose level: the split receives, only the alert animates, the inbox is top again.
  SemanticsCase(
    name: "mail on iPhone: compose sheet with a discard alert, dismissed two levels",
    yaml: """
      window:
        root:
          class: UISplitViewController
          id: mail
          collapseSecondary: true
          viewControllers:
            - class: UINavigationController
              id: mailboxesNav
              viewControllers:
                - class: Inbox
                  id: inbox
                  presents:
                    class: UINavigationController
                    id: composeNav
                    viewControllers:
                      - { class: Compose, id: compose, presents: { class: UIAlertController, id: discard } }
            - { class: Message, id: message }
      analyze:
        - dismiss: { from: discard, levels: 2 }
        - dismiss: { from: discard }
      """,
    top: "discard",
    onScreen: ["mail", "mailboxesNav", "inbox", "composeNav", "compose", "discard"],
    path: ["mail/root", "composeNav/presented", "discard/presented"], leaves: ["discard"],
    dismissals: [
      "receiver=mail removed=composeNav,compose,discard animated=discard after=inbox",
      "receiver=composeNav removed=discard animated=discard after=compose",
    ]),

  // WHY: S1 the form sheet requested by `post` goes to the tab bar; S2 "sheets: Where the
  // background content remains visible" keeps the tab, its navigation controller and `post`
  // on screen; S4 the tab bar dismisses it and `post` is top again.
  SemanticsCase(
    name: "tab app: form sheet over a navigation stack",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: feedNav
              viewControllers:
                - { class: Feed, id: feed }
                - { class: Post, id: post, presents: { class: Compose, id: compose, modalPresentationStyle: formSheet } }
            - { class: UINavigationController, id: profileNav, viewControllers: [{ class: Profile, id: profile }] }
      analyze:
        - dismiss: { from: compose }
      """,
    top: "compose", onScreen: ["tabs", "feedNav", "post", "compose"],
    path: ["tabs/root", "compose/presented"], leaves: ["compose"],
    dismissals: ["receiver=tabs removed=compose animated=compose after=post"]),

  // WHY: S2 both foreground scenes' windows are on screen; the top view controller "is found
  // from the key window": each single-window scene's window is key, and vcgraph takes the
  // first foreground scene's key window (Semantics.md: spec silent on which scene is active).
  SemanticsCase(
    name: "two foreground scenes on iPad",
    yaml: """
      device: iPad
      scenes:
        - id: mailScene
          windows: [{ id: mailWindow, root: { class: UINavigationController, id: mailNav, viewControllers: [{ class: Inbox, id: inbox }] } }]
        - id: composeScene
          windows: [{ id: composeWindow, root: { class: Compose, id: compose } }]
      """,
    top: "inbox", onScreen: ["mailNav", "inbox", "compose"], path: ["mailNav/root", "inbox/top"],
    leaves: ["inbox"]),

  // WHY: S2 "A window's root is on screen when its scene is in the foreground": the first
  // scene is in the background, so its window is neither on screen nor key.
  SemanticsCase(
    name: "two scenes, the first in the background",
    yaml: """
      scenes:
        - id: old
          foreground: false
          windows: [{ id: oldWindow, root: { class: UINavigationController, id: oldNav, viewControllers: [{ class: Stale, id: stale }] } }]
        - id: current
          windows: [{ id: currentWindow, root: { class: Current, id: current } }]
      """,
    top: "current", onScreen: ["current"], path: ["current/root"], leaves: ["current"]),

  // WHY: S2 windows stack by level but vcgraph has no frames, so the alert-level toast window
  // is on screen without hiding the main window; the top comes from the key window, not the
  // highest one.
  SemanticsCase(
    name: "alert-level toast window that is not key",
    yaml: """
      windows:
        - id: main
          key: true
          root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] }
        - { id: toastWindow, level: alert, root: { class: Toast, id: toast } }
      """,
    top: "home", onScreen: ["nav", "home", "toast"], path: ["nav/root", "home/top"],
    leaves: ["home"]),

  // WHY: S2/S3 the top view controller is found from the key window; a custom alert window made
  // key (makeKeyAndVisible) is where the walk starts.
  SemanticsCase(
    name: "alert-level window made key",
    yaml: """
      windows:
        - { id: main, root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] } }
        - { id: alertWindow, key: true, level: alert, root: { class: PinPrompt, id: pinPrompt } }
      """,
    top: "pinPrompt", onScreen: ["nav", "home", "pinPrompt"], path: ["pinPrompt/root"],
    leaves: ["pinPrompt"]),

  // WHY: S2 "tabs past the fifth live under the More navigation controller" and are still
  // shown when selected; S3 steps `selected` into that tab.
  SemanticsCase(
    name: "More tab: the sixth tab selected",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 5
          viewControllers: [Home, Search, Library, Radio, Store, { class: UINavigationController, id: settingsNav, viewControllers: [{ class: Settings, id: settings }] }, Help]
      """,
    top: "settings", onScreen: ["tabs", "settingsNav", "settings"],
    path: ["tabs/root", "settingsNav/selected", "settings/top"], leaves: ["settings"]),

  // WHY: S2 "Tab bar: only selectedIndex" (default 0); the tabs under More are not on screen.
  SemanticsCase(
    name: "More tab: seven tabs, first selected",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers: [Home, Search, Library, Radio, Store, Settings, Help]
      """,
    top: "Home", onScreen: ["tabs", "Home"], path: ["tabs/root", "Home/selected"],
    leaves: ["Home"]),

  // WHY: S2 "Page view: its viewControllers"; with a single page S3 steps `page` into it.
  SemanticsCase(
    name: "onboarding page view with one page",
    yaml: """
      window:
        root: { class: UIPageViewController, id: pager, viewControllers: [{ class: Welcome, id: welcome }] }
      """,
    top: "welcome", onScreen: ["pager", "welcome"], path: ["pager/root", "welcome/page"],
    leaves: ["welcome"]),

  // WHY: a two-page spread shows both pages (S2); with two on screen S3 stops at the page view
  // and lists both leaves.
  SemanticsCase(
    name: "book page view showing a two-page spread",
    yaml: """
      device: iPad
      window:
        root: { class: UIPageViewController, id: book, viewControllers: [{ class: Page, id: left }, { class: Page, id: right }] }
      """,
    top: "book", onScreen: ["book", "left", "right"], path: ["book/root"],
    leaves: ["left", "right"]),

  // WHY: S3 chains the kinds: `selected` into the tab, `top` to the page view, `page` into
  // its only page.
  SemanticsCase(
    name: "page view on a navigation stack in a tab",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: Gallery, id: gallery }
                - { class: UIPageViewController, id: pager, viewControllers: [{ class: Photo, id: photo3 }] }
      """,
    top: "photo3", onScreen: ["tabs", "nav", "pager", "photo3"],
    path: ["tabs/root", "nav/selected", "pager/top", "photo3/page"], leaves: ["photo3"]),

  // WHY: seed 001's switcher: a plain class (not declared as a tab bar) with children is a
  // custom container; `showing` names "the only child whose view is attached" (format.md), so
  // S3 steps `child` into it.
  SemanticsCase(
    name: "seed 001: custom tab switcher showing one child",
    yaml: """
      window:
        root:
          class: CustomTabBarController
          id: switcher
          showing: messages
          children: [{ class: Home, id: home }, { class: Messages, id: messages }, { class: Profile, id: profile }]
      """,
    top: "messages", onScreen: ["switcher", "messages"],
    path: ["switcher/root", "messages/child"], leaves: ["messages"]),

  // WHY: seed 001's bug: the previous child's view was never removed, so two children's views
  // are attached ("Custom container: the children whose views are attached", S2); S3 stops at
  // the container and lists both.
  SemanticsCase(
    name: "seed 001: stacked children views in the switcher",
    yaml: """
      window:
        root:
          class: CustomTabBarController
          id: switcher
          children: [{ class: Home, id: home }, { class: Messages, id: messages }, { class: Profile, id: profile }]
          view:
            id: switcherRoot
            subviews: [{ hosts: home }, { hosts: messages }, { id: tabStrip }]
      """,
    top: "switcher", onScreen: ["switcher", "home", "messages"], path: ["switcher/root"],
    leaves: ["home", "messages"]),

  // WHY: S2 a custom container's view tree decides which children are attached: only `player`
  // is hosted, so S3 steps `child` into it and through its navigation stack.
  SemanticsCase(
    name: "custom container hosting one of three children",
    yaml: """
      window:
        root:
          class: MusicShell
          id: shell
          children:
            - { class: UINavigationController, id: library, viewControllers: [{ class: Albums, id: albums }] }
            - { class: UINavigationController, id: player, viewControllers: [{ class: NowPlaying, id: nowPlaying }] }
            - { class: Lyrics, id: lyrics }
          view: { subviews: [{ id: chrome, subviews: [{ hosts: player }] }] }
      """,
    top: "nowPlaying", onScreen: ["shell", "player", "nowPlaying"],
    path: ["shell/root", "player/child", "nowPlaying/top"], leaves: ["nowPlaying"]),

  // WHY: without `view` or `showing` a custom container attaches all its children (format.md);
  // with one child that is "the single attached child" of S3.
  SemanticsCase(
    name: "custom container with a single child",
    yaml: """
      window:
        root: { class: ThemeWrapper, id: wrapper, children: [{ class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] }] }
      """,
    top: "home", onScreen: ["wrapper", "nav", "home"],
    path: ["wrapper/root", "nav/child", "home/top"], leaves: ["home"]),

  // WHY: all children attached (no `view`, no `showing`); two on screen, so S3 stops at the
  // container.
  SemanticsCase(
    name: "custom container with two attached children",
    yaml: """
      window:
        root: { class: Dashboard, id: dashboard, children: [{ class: Chart, id: chart }, { class: Feed, id: feed }] }
      """,
    top: "dashboard", onScreen: ["dashboard", "chart", "feed"], path: ["dashboard/root"],
    leaves: ["chart", "feed"]),

  // WHY: S1 currentContext goes to the navigation controller (definesPresentationContext
  // defaults true for it); S2 currentContext removes the context's views but the tab bar
  // stays; S3 goes through the selected tab to its presentation.
  SemanticsCase(
    name: "context: currentContext from a navigation stack inside a tab",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: List, id: list, presents: { class: Filter, id: filter, modalPresentationStyle: currentContext } }
            - { class: Other, id: other }
      analyze:
        - dismiss: { from: filter }
      """,
    top: "filter", onScreen: ["tabs", "filter"],
    path: ["tabs/root", "nav/selected", "filter/presented"], leaves: ["filter"],
    dismissals: ["receiver=nav removed=filter animated=filter after=list"]),

  // WHY: overCurrentContext: "The views beneath the presented content are not removed" (S2), so
  // the navigation stack stays on screen under the overlay.
  SemanticsCase(
    name: "context: overCurrentContext from a navigation stack inside a tab",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: List, id: list, presents: { class: Tooltip, id: tooltip, modalPresentationStyle: overCurrentContext } }
      """,
    top: "tooltip", onScreen: ["tabs", "nav", "list", "tooltip"],
    path: ["tabs/root", "nav/selected", "tooltip/presented"], leaves: ["tooltip"]),

  // WHY: S1 "If it finds a view controller whose value for this property is true, it asks that
  // view controller to present": the panel defines the context; currentContext removes only the
  // panel's area, the container's other child stays.
  SemanticsCase(
    name: "context: plain controller defining the presentation context",
    yaml: """
      window:
        root:
          class: Dashboard
          id: dashboard
          children:
            - { class: Chart, id: chart }
            - class: Panel
              id: panel
              definesPresentationContext: true
              children:
                - { class: Row, id: row, presents: { class: Editor, id: editor, modalPresentationStyle: currentContext } }
      """,
    top: "dashboard", onScreen: ["dashboard", "chart", "editor"], path: ["dashboard/root"],
    leaves: ["chart", "editor"]),

  // WHY: S1 "If no view controller defines the presentation context, UIKit asks the window's
  // root view controller": the shell presents; overCurrentContext leaves everything visible.
  SemanticsCase(
    name: "context: no controller defines the context",
    yaml: """
      window:
        root:
          class: Shell
          id: shell
          children:
            - { class: Content, id: content, presents: { class: Hud, id: hud, modalPresentationStyle: overCurrentContext } }
      """,
    top: "hud", onScreen: ["shell", "content", "hud"], path: ["shell/root", "hud/presented"],
    leaves: ["hud"]),

  // WHY: a navigation root defines the context itself, presents, and currentContext removes
  // its views (S2): only the presented controller remains.
  SemanticsCase(
    name: "context: currentContext on a root navigation controller",
    yaml: """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers: [{ class: Home, id: home, presents: { class: Search, id: search, modalPresentationStyle: currentContext } }]
      """,
    top: "search", onScreen: ["search"], path: ["nav/root", "search/presented"],
    leaves: ["search"]),

  // WHY: in an expanded split both columns are on screen; the detail navigation controller
  // defines the context, so its currentContext presentation fills the detail column and is a
  // visible leaf beside the sidebar (S2, S3).
  SemanticsCase(
    name: "context: currentContext in an expanded split's detail column",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: sidebarNav, viewControllers: [{ class: Sidebar, id: sidebar }] }
            - class: UINavigationController
              id: detailNav
              viewControllers:
                - { class: Message, id: message, presents: { class: Reply, id: reply, modalPresentationStyle: currentContext } }
      """,
    top: "split", onScreen: ["split", "sidebarNav", "sidebar", "reply"], path: ["split/root"],
    leaves: ["sidebar", "reply"]),

  // WHY: seed 002 with full-screen modals: each fullScreen presentation removes its presenter's
  // views (S2). S4 "calling this method on a view controller lower in the stack dismisses its
  // immediate child ... and all view controllers above that child"; `levels: 2` from C and
  // `toClass: AViewController` both end at A (the helper's literal results differ, Semantics.md).
  SemanticsCase(
    name: "seed 002: stacked full-screen modals back to A",
    yaml: """
      window:
        root:
          class: AViewController
          id: A
          presents:
            class: BViewController
            id: B
            modalPresentationStyle: fullScreen
            presents: { class: CViewController, id: C, modalPresentationStyle: fullScreen }
      analyze:
        - dismiss: { from: C, levels: 2 }
        - dismiss: { from: C, toClass: AViewController }
        - dismiss: { from: C, levels: 1 }
      """,
    top: "C", onScreen: ["C"], path: ["A/root", "B/presented", "C/presented"], leaves: ["C"],
    dismissals: [
      "receiver=A removed=B,C animated=C after=A",
      "receiver=A removed=B,C animated=C after=A",
      "receiver=B removed=C animated=C after=B",
    ]),

  // WHY: seed 002 with default (automatic → page sheet) modals: sheets leave their presenters
  // on screen (S2). S4 dismiss called on A, lower in the stack: A receives, B and C go, and
  // "only the top-most view is dismissed in an animated fashion".
  SemanticsCase(
    name: "seed 002: stacked sheets dismissed from the bottom",
    yaml: """
      window:
        root:
          class: AViewController
          id: A
          presents: { class: BViewController, id: B, presents: { class: CViewController, id: C } }
      analyze:
        - dismiss: { from: A }
        - dismiss: { from: B }
      """,
    top: "C", onScreen: ["A", "B", "C"], path: ["A/root", "B/presented", "C/presented"],
    leaves: ["C"],
    dismissals: [
      "receiver=A removed=B,C animated=C after=A",
      "receiver=B removed=C animated=C after=B",
    ]),

  // WHY: S4 "more levels than exist is an error naming how many exist": C is at level 2.
  SemanticsCase(
    name: "seed 002: asking for more levels than exist",
    yaml: """
      window:
        root:
          class: AViewController
          id: A
          presents: { class: BViewController, id: B, presents: { class: CViewController, id: C } }
      analyze:
        - dismiss: { from: C, levels: 3 }
        - dismiss: { from: C, toClass: SettingsViewController }
      """,
    top: "C", onScreen: ["A", "B", "C"], path: ["A/root", "B/presented", "C/presented"],
    leaves: ["C"],
    dismissals: ["error: only 2 presentation levels exist", "error: SettingsViewController"]),

  // WHY: S4 `toClass` matches "K or a subclass of K (via `classes`)", going down from below the
  // caller's level to the nearest match: from Receipt, ShippingViewController is two levels
  // down; FlowViewController from Payment matches Shipping (Payment's own level is skipped).
  SemanticsCase(
    name: "checkout flow: toClass with declared subclasses",
    yaml: """
      classes:
        FlowViewController: UIViewController
        ShippingViewController: FlowViewController
        PaymentViewController: FlowViewController
      window:
        root:
          class: CartViewController
          id: cart
          presents:
            class: ShippingViewController
            id: shipping
            modalPresentationStyle: fullScreen
            presents:
              class: PaymentViewController
              id: payment
              modalPresentationStyle: fullScreen
              presents: { class: ReceiptViewController, id: receipt, modalPresentationStyle: fullScreen }
      analyze:
        - dismiss: { from: receipt, toClass: ShippingViewController }
        - dismiss: { from: payment, toClass: FlowViewController }
        - dismiss: { from: receipt, toClass: CartViewController }
      """,
    top: "receipt", onScreen: ["receipt"],
    path: ["cart/root", "shipping/presented", "payment/presented", "receipt/presented"],
    leaves: ["receipt"],
    dismissals: [
      "receiver=shipping removed=payment,receipt animated=receipt after=shipping",
      "receiver=shipping removed=payment,receipt animated=receipt after=shipping",
      "receiver=cart removed=shipping,payment,receipt animated=receipt after=cart",
    ]),

  // WHY: overFullScreen "The views beneath the presented content are not removed" (S2): the
  // whole tab app stays on screen under the loading HUD, presented by the tab bar (S1).
  SemanticsCase(
    name: "overFullScreen loading HUD over a tab app",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: Orders, id: orders, presents: { class: LoadingHud, id: hud, modalPresentationStyle: overFullScreen } }
      """,
    top: "hud", onScreen: ["tabs", "nav", "orders", "hud"], path: ["tabs/root", "hud/presented"],
    leaves: ["hud"]),

  // WHY: "A UIAlertController leaves its presenter on screen" (S2) even over a full-screen
  // player, which itself removed Home's views; S4 the player dismisses the alert.
  SemanticsCase(
    name: "alert over a full-screen player",
    yaml: """
      window:
        root:
          class: Home
          id: home
          presents:
            class: Player
            id: player
            modalPresentationStyle: fullScreen
            presents: { class: UIAlertController, id: errorAlert }
      analyze:
        - dismiss: { from: errorAlert }
      """,
    top: "errorAlert", onScreen: ["player", "errorAlert"],
    path: ["home/root", "player/presented", "errorAlert/presented"], leaves: ["errorAlert"],
    dismissals: ["receiver=player removed=errorAlert animated=errorAlert after=player"]),

  // WHY: an alert requested deep in a tab's stack is presented by the tab bar (S1: automatic
  // style goes to the context root) and leaves everything on screen (S2).
  SemanticsCase(
    name: "alert requested from a tab's navigation stack",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: Settings, id: settings }
                - { class: Account, id: account, presents: { class: UIAlertController, id: signOut } }
      """,
    top: "signOut", onScreen: ["tabs", "nav", "account", "signOut"],
    path: ["tabs/root", "signOut/presented"], leaves: ["signOut"]),

  // WHY: S1 popover is one of the styles presented by the context root (the split view);
  // S2 a popover leaves its presenter on screen, so both columns stay.
  SemanticsCase(
    name: "popover on iPad from a split's detail",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: Sidebar, id: sidebar }
            - { class: Detail, id: detail, presents: { class: ShareMenu, id: share, modalPresentationStyle: popover } }
      """,
    top: "share", onScreen: ["split", "sidebar", "detail", "share"],
    path: ["split/root", "share/presented"], leaves: ["share"]),

  // WHY: S1 the context root of a controller inside a presented container is that presented
  // container ("a controller that is itself presented"); the fullScreen picker removes the
  // wizard's views but not Home's, which the wizard sheet left visible (S2 covers only the
  // presenter).
  SemanticsCase(
    name: "full-screen picker from inside a presented container",
    yaml: """
      window:
        root:
          class: Home
          id: home
          presents:
            class: Wizard
            id: wizard
            modalPresentationStyle: pageSheet
            showing: step
            children:
              - { class: Step, id: step, presents: { class: Picker, id: picker, modalPresentationStyle: fullScreen } }
      analyze:
        - dismiss: { from: step }
        - dismiss: { from: step, levels: 1 }
      """,
    top: "picker", onScreen: ["home", "picker"],
    path: ["home/root", "wizard/presented", "picker/presented"], leaves: ["picker"],
    dismissals: [
      "receiver=wizard removed=picker animated=picker after=step",
      "receiver=home removed=wizard,step,picker animated=picker after=home",
    ]),

  // WHY: S1 "If the resolved presenter is already presenting, UIKit refuses": both requests go
  // to the navigation controller; the first in document order wins and the second is never on
  // screen, not even after the first is dismissed.
  SemanticsCase(
    name: "second presentation on the same presenter is refused",
    yaml: """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - { class: List, id: list, presents: { class: Login, id: login, modalPresentationStyle: fullScreen } }
            - { class: Detail, id: detail, presents: { class: Paywall, id: paywall, modalPresentationStyle: fullScreen } }
      analyze:
        - dismiss: { from: login }
      """,
    top: "login", onScreen: ["login"], path: ["nav/root", "login/presented"], leaves: ["login"],
    dismissals: ["receiver=nav removed=login animated=login after=detail"]),

  // WHY: S2 every window is in a background scene, so nothing is on screen; S3 "topViewController
  // is null when nothing is on screen" (cli.md).
  SemanticsCase(
    name: "app in the background: nothing on screen",
    yaml: """
      scenes:
        - id: only
          foreground: false
          windows: [{ id: w, root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] } }]
      """,
    top: nil, onScreen: [], path: [], leaves: []),

  // WHY: S4 dismiss called on a child of a presented navigation controller: it presents
  // nothing, so its presenting controller (the tab bar, which presented the navigation
  // controller) receives; removed is the whole navigation subtree in document order and the
  // presented navigation controller animates.
  SemanticsCase(
    name: "dismiss from inside a presented navigation stack",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - class: List
                  id: list
                  presents:
                    class: UINavigationController
                    id: signupNav
                    modalPresentationStyle: fullScreen
                    viewControllers: [{ class: Email, id: email }, { class: Password, id: password }]
      analyze:
        - dismiss: { from: password }
      """,
    top: "password", onScreen: ["signupNav", "password"],
    path: ["tabs/root", "signupNav/presented", "password/top"], leaves: ["password"],
    dismissals: ["receiver=tabs removed=signupNav,email,password animated=signupNav after=list"]),

  // WHY: a split view explicitly collapsed on iPad (compact width in Slide Over) shows only the
  // primary column (S2, `collapsed` as written wins over the device default).
  SemanticsCase(
    name: "split explicitly collapsed on iPad",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          collapsed: true
          viewControllers: [{ class: Primary, id: primary }, { class: Secondary, id: secondary }]
      """,
    top: "primary", onScreen: ["split", "primary"], path: ["split/root", "primary/column"],
    leaves: ["primary"]),

  // WHY: a large iPhone in landscape is regular width: `collapsed: false` shows every column
  // (S2), and S3 stops at the split.
  SemanticsCase(
    name: "split expanded on iPhone",
    yaml: """
      window:
        root:
          class: UISplitViewController
          id: split
          collapsed: false
          viewControllers: [{ class: Primary, id: primary }, { class: Secondary, id: secondary }]
      """,
    top: "split", onScreen: ["split", "primary", "secondary"], path: ["split/root"],
    leaves: ["primary", "secondary"]),

  // WHY: a three-column split expanded on iPad shows every column (S2); all three are leaves.
  SemanticsCase(
    name: "three-column split on iPad",
    yaml: """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: Sidebar, id: sidebar }
            - { class: UINavigationController, id: listNav, viewControllers: [{ class: Notes, id: notes }] }
            - { class: UINavigationController, id: editorNav, viewControllers: [{ class: Editor, id: editor }] }
      """,
    top: "split", onScreen: ["split", "sidebar", "listNav", "notes", "editorNav", "editor"],
    path: ["split/root"], leaves: ["sidebar", "notes", "editor"]),

  // WHY: S1 the settings form sheet is presented by the tab bar and the nested page sheet by
  // the settings navigation controller (its context root); sheets keep everything below on
  // screen (S2). S4 dismiss on the tab bar, lowest in the stack, removes both levels; only
  // the top-most (the page sheet) animates.
  SemanticsCase(
    name: "sheet over sheet over a tab app, dismissed from the bottom",
    yaml: """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - class: Home
                  id: home
                  presents:
                    class: UINavigationController
                    id: settingsNav
                    modalPresentationStyle: formSheet
                    viewControllers:
                      - { class: Settings, id: settings, presents: { class: Licenses, id: licenses, modalPresentationStyle: pageSheet } }
      analyze:
        - dismiss: { from: tabs }
      """,
    top: "licenses", onScreen: ["tabs", "nav", "home", "settingsNav", "settings", "licenses"],
    path: ["tabs/root", "settingsNav/presented", "licenses/presented"], leaves: ["licenses"],
    dismissals: ["receiver=tabs removed=settingsNav,settings,licenses animated=licenses after=home"]
  ),

  // WHY: S2 windows of a background scene are not on screen even when marked key; the top comes
  // from the foreground scene's key window, which is the second of its two windows.
  SemanticsCase(
    name: "key window chosen in the foreground scene",
    yaml: """
      scenes:
        - id: background
          foreground: false
          windows: [{ id: bgWindow, key: true, root: { class: Old, id: old } }]
        - id: front
          windows:
            - { id: overlayWindow, level: alert, root: { class: Overlay, id: overlay } }
            - { id: mainWindow, key: true, root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] } }
      """,
    top: "home", onScreen: ["overlay", "nav", "home"], path: ["nav/root", "home/top"],
    leaves: ["home"]),

  // WHY: S4 "Removed: the controller R presented and every controller presented above it, each
  // with its whole containment subtree", including an overCurrentContext presentation made
  // inside the removed tab bar; the top-most removed presentation is the one that animates.
  SemanticsCase(
    name: "dismissing a presented tab bar takes its presentations along",
    yaml: """
      window:
        root:
          class: Home
          id: home
          presents:
            class: UITabBarController
            id: modalTabs
            modalPresentationStyle: fullScreen
            viewControllers:
              - class: UINavigationController
                id: nav1
                viewControllers:
                  - { class: One, id: one, presents: { class: Filter, id: filter, modalPresentationStyle: overCurrentContext } }
              - { class: UINavigationController, id: nav2, viewControllers: [{ class: Two, id: two }] }
      analyze:
        - dismiss: { from: two }
      """,
    top: "filter", onScreen: ["modalTabs", "nav1", "one", "filter"],
    path: ["home/root", "modalTabs/presented", "nav1/selected", "filter/presented"],
    leaves: ["filter"],
    dismissals: [
      "receiver=home removed=modalTabs,nav1,one,filter,nav2,two animated=filter after=home"
    ]),

  // WHY: S2 a controller's view tree can attach only the children it hosts; the hosted
  // navigation controller's presentation (currentContext, it defines the context) covers its
  // area; the other child stays. S3 stops at the container with both leaves.
  SemanticsCase(
    name: "custom container with a current-context presentation in one child",
    yaml: """
      window:
        root:
          class: Workspace
          id: workspace
          children:
            - { class: UINavigationController, id: filesNav, viewControllers: [{ class: Files, id: files, presents: { class: Rename, id: rename, modalPresentationStyle: currentContext } }] }
            - { class: Preview, id: preview }
          view: { subviews: [{ hosts: filesNav }, { hosts: preview }] }
      """,
    top: "workspace", onScreen: ["workspace", "rename", "preview"], path: ["workspace/root"],
    leaves: ["rename", "preview"]),
]
