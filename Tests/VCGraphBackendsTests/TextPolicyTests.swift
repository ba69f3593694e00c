import Testing
import VCGraphCore

@testable import VCGraphBackends

/// One text-safety policy (`ControlCharacters`) in every output context, on the hostile input
/// that the contexts used to treat differently. Expected values are written by hand.
@Suite struct TextPolicyTests {
  /// A C0 escape, DEL, the C1 control sequence introducer, a line separator, both
  /// noncharacters and a right-to-left override.
  static let hostile = "a\u{1B}b\u{7F}c\u{9B}d\u{2028}e\u{FFFE}f\u{FFFF}g\u{202E}h"

  @Test func diagramsAndDocumentsShowEveryRefusedCharacterAsAPicture() {
    let pictured = "a␛b␡c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{202E}h"
    #expect(ControlCharacters.pictured(Self.hostile) == pictured)
    // Markdown and Mermaid wrote U+FFFE and U+FFFF raw (no XML document may hold them, and
    // Mermaid's drawing is SVG); now as U+FFFD, like the rest of the policy.
    #expect(MermaidText.label("x\u{FFFE}y\u{FFFF}") == "x\u{FFFD}y\u{FFFD}")
    #expect(MarkdownText.text("x\u{FFFF}") == "x\u{FFFD}")
    #expect(VisibleText.of(Self.hostile) == pictured)
  }

  @Test func xmlReportsUseThePicturesToo() {
    // DEL, C1 controls and U+2028 went into JUnit and Checkstyle files raw; a terminal that
    // shows such a file (`cat report.xml`) acts on U+009B as a control sequence introducer.
    #expect(
      XMLText.escaped(Self.hostile)
        == "a␛b␡c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{202E}h")
    #expect(XMLText.escaped("t\tn\nr\r<&>") == "t&#9;n&#10;r&#13;&lt;&amp;&gt;")
  }

  @Test func htmlAndXMLShareOneMarkupFunction() {
    // The same hostile text in the three markup contexts: the markup characters escaped,
    // refused characters as pictures; only quotes and line breaks differ, as each grammar asks.
    let text = "<a href='x'>\"&\"</a>\t\n\r\u{1B}\u{FFFF}"
    #expect(
      ControlCharacters.markup(text, for: .html)
        == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;␉␊␍␛\u{FFFD}")
    #expect(
      ControlCharacters.markup(text, for: .xml)
        == "&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;&#9;&#10;&#13;␛\u{FFFD}")
    #expect(
      ControlCharacters.markup(text, for: .xmlLine)
        == "&lt;a href='x'&gt;\"&amp;\"&lt;/a&gt;  ␍␛\u{FFFD}")
    #expect(ReviewNote.escape(text) == ControlCharacters.markup(text, for: .html))
    #expect(XMLText.escaped(text) == ControlCharacters.markup(text, for: .xml))
    for context in ControlCharacters.MarkupContext.allCases {
      #expect(ControlCharacters.markup("plain é", for: context) == "plain é")
    }
  }

  @Test func theReviewPageEscapesByScalarAsHTMLParsersRead() {
    // `"` followed by a combining mark is one Swift Character, but an HTML parser ends a
    // quoted attribute value at the quote all the same (HTML's tokenizer reads code points):
    // the review page compared Characters, so it wrote that quote raw into an href, where
    // `/onmouseover=…` became an attribute of the link. Now it is escaped, and a target
    // holding a quote is no link.
    let quote = "\"\u{301}"
    #expect(ReviewNote.escape(quote + "<\u{301}") == "&quot;\u{301}&lt;\u{301}")
    #expect(
      ReviewNote.html("[x](https://a\(quote)/onmouseover=alert//)")
        == "<p>[x](https://a&quot;\u{301}/onmouseover=alert//)</p>")
    #expect(!ReviewNote.isAllowed("https://a\(quote)b"))
    // A file name with an escape character, shown on the page: as its picture, as in every
    // other document vcgraph writes.
    #expect(
      ReviewNote.html("see `a\u{1B}b` and **c\u{7F}**")
        == "<p>see <code>a␛b</code> and <strong>c␡</strong></p>")
  }

  @Test func terminalsEscapeWhatDocumentsPicture() {
    #expect(
      ControlCharacters.escaped(Self.hostile)
        == #"a\u{1B}b\u{7F}c\u{9B}d\u{2028}e\u{FFFE}f\u{FFFF}g\u{202E}h"#)
  }

  @Test func percentEncodingIsOneFunction() {
    #expect(WorkspacePath.uri("Bob's Screens/a:b.svg") == "Bob%27s%20Screens/a%3Ab.svg")
    #expect(WorkspacePath.uri("é") == "%C3%A9")
    #expect(MarkdownReporter.destination("https://x/a b(c)\u{1}é") == "https://x/a%20b%28c%29%01é")
    #expect(GitHubReporter.escape("50%\r\na:b,c", property: false) == "50%25%0D%0Aa:b,c")
    #expect(GitHubReporter.escape("50%\r\na:b,c", property: true) == "50%25%0D%0Aa%3Ab%2Cc")
  }
}
