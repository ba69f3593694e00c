/// Descriptions several test targets draw and analyze.
public enum SharedDescriptions {
  /// A tab bar whose second tab's detail asks for a full-screen modal; the tab bar presents it
  /// (S1: "the presentation context is the tab bar controller"), covering everything else.
  public static let tabsWithModal = """
    title: Tabs with a modal
    window:
      root:
        class: UITabBarController
        id: tabs
        selectedIndex: 1
        viewControllers:
          - { class: UINavigationController, id: nav1, viewControllers: [ { class: UIViewController, id: home } ] }
          - class: UINavigationController
            id: nav2
            viewControllers:
              - { class: UIViewController, id: list }
              - class: UIViewController
                id: detail
                presents:
                  class: UINavigationController
                  id: modalNav
                  modalPresentationStyle: fullScreen
                  viewControllers:
                    - class: UIViewController
                      id: edit
                      view:
                        id: editRoot
                        subviews: [ { id: saveButton, class: UIButton } ]
    """
}
