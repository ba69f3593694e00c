import Testing
import VCGraphCore
import VCGraphDiagram

@testable import VCGraphBackends

/// The escaping rules, checked against hand-written expectations (the browser tests check
/// that Mermaid 11 and markdown-it-py read them as intended).
@Suite struct EscapingTests {
  @Test func mermaidLabelsEntityCodeWhatMermaidOrHTMLWouldRead() {
    #expect(
      MermaidText.label(#"a"b#c<d>&e%f|g\h`i"#)
        == "a#34;b#35;c#60;d#62;#38;e#37;f#124;g#92;h#96;i")
    #expect(MermaidText.label("line\nbreak\tand\u{7F}") == "line␊break␉and␡")
    #expect(MermaidText.label("\u{85}\u{2028}") == "\u{FFFD}\u{FFFD}")
    #expect(MermaidText.label("style: classDef") == "#115;tyle: #99;lassDef")
    #expect(
      MermaidText.label("$$x$$ fa:fa-user ﬂ° ¶ß")
        == "$\u{2060}$x$\u{2060}$ fa:\u{2060}fa-user ﬂ\u{2060}° ¶\u{2060}ß")
    #expect(MermaidText.label("*a* [l](u) 1. x — é 🙂") == "*a* [l](u) 1. x — é 🙂")
    #expect(MermaidText.quoted(["a", "<b>b</b>"]) == #""<div>a<br><b>b</b></div>""#)
    #expect(MermaidText.quoted(["t"], nowrap: true) == #""<div><nobr>t</nobr></div>""#)
  }

  @Test func mermaidTitlesAreYAMLStringsWithoutAngleBrackets() {
    #expect(MermaidText.yamlString(#"a "q" \ 100% <b>"#) == #""a \"q\" \\ 100\x25 ＜b\x3E""#)
    #expect(MermaidText.yamlString("x\ny") == "\"x␊y\"")
  }

  @Test func markdownTextEscapesInlineSyntaxAndControlCharacters() {
    #expect(
      MarkdownText.text(#"a_b *c* [d](e) <f> & | # ! ~ $ ` \"#)
        == ##"a\_b \*c\* \[d\](e) \<f\> \& \| \# \! \~ \$ \` \\"##)
    #expect(MarkdownText.text("two\nlines") == "two␊lines")
  }

  @Test func markdownCodeSpansPadAndFenceAsCommonMarkRequires() {
    #expect(MarkdownText.code("plain") == "`plain`")
    #expect(MarkdownText.code("a`b") == "``a`b``")
    #expect(MarkdownText.code("`a") == "`` `a ``")
    #expect(MarkdownText.code(" a ") == "`  a  `")
    #expect(MarkdownText.code("  ") == "`  `")
    #expect(MarkdownText.code("a|b", inTable: true) == #"`a\|b`"#)
    #expect(MarkdownText.code("a|b") == "`a|b`")
    // A backslash before a pipe cannot be written in a table's code span.
    #expect(MarkdownText.code(#"a\|b"#, inTable: true) == #"a\\\|b"#)
    // The image link is `OutputLink`'s: percent-encoded, so any file name links right.
    #expect(OutputLink.relative("docs page(1)é.svg") == "docs%20page%281%29%C3%A9.svg")
  }

  /// A diagram made by hand, so the Mermaid text can be written out in full.
  @Test func aHandMadeDiagramGivesThisFlowchart() {
    let tabs = Diagram.ControllerRef(index: 0, id: "tabs", className: "UITabBarController")
    let home = Diagram.ControllerRef(index: 1, id: "home", className: "HomeViewController")
    let location = SourceLocation(path: "t.yaml", line: 1, column: 1)
    let diagram = Diagram(
      title: "Two \"tabs\"", path: "t.yaml",
      summary: Diagram.Summary(
        top: home, visiblePath: [], visibleLeaves: [], onScreenCount: 2, controllerCount: 2,
        dismissals: [], responderChains: [], findings: []),
      clusters: [
        Diagram.Cluster(
          kind: .window(
            Diagram.WindowCluster(
              index: 0, id: "main", isKey: true, level: .normal, isForeground: true)),
          nodes: [
            Diagram.Node(
              id: .controller(0),
              content: .controller(
                Diagram.ControllerNode(
                  controller: tabs, location: location, role: .tabBar, isOnScreen: true,
                  pathStep: .root))),
            Diagram.Node(
              id: .controller(1),
              content: .controller(
                Diagram.ControllerNode(
                  controller: home, title: "Home", location: location, role: .plain,
                  isOnScreen: true, isTop: true, pathStep: .top,
                  badges: [.topViewController]))),
          ])
      ],
      edges: [
        Diagram.Edge(
          .controller(0), .controller(1),
          kind: .containment(
            Diagram.Containment(
              parent: tabs, position: 0, slot: .tab(position: 0, inMore: false, isSelected: true),
              emphasis: .visiblePath)))
      ])
    let expected = """
      ---
      title: "Two \\"tabs\\""
      config:
        flowchart:
          nodeSpacing: 16
          rankSpacing: 54
          padding: 6
          subGraphTitleMargin:
            top: 2
            bottom: 8
        themeVariables:
          edgeLabelBackground: "#ffffff"
      ---
      flowchart TB
        subgraph win0["<div><nobr>window main · key</nobr></div>"]
          direction TB
          c0{{"<div>UITabBarController<br><b>tabs</b></div>"}}
          c1("<div>HomeViewController<br><b>home</b><br><i>“Home”</i><br><b>★ top view controller</b></div>")
        end
        c0 ==>|"<div>tab 0 ✓</div>"| c1
        classDef onScreen fill:#ffffff,stroke:#1f2328,color:#1f2328
        classDef path stroke:#0969da,stroke-width:2px
        classDef top fill:#fff8c5,stroke:#0969da,stroke-width:3px,color:#1f2328
        class c0,c1 onScreen
        class c0,c1 path
        class c1 top
        style win0 fill:none,stroke:#8c959f,color:#57606a,stroke-dasharray:4 3
        linkStyle 0 stroke:#0969da,stroke-width:2.5px,color:#0969da

      """
    #expect(MermaidBackend().text(for: diagram) == expected)
  }
}
