import Testing

@testable import VCGraphCLI

/// A step's note as HTML: the Markdown-light subset, and nothing of the user's text ever read
/// as HTML or as a script address.
@Suite("review page: step notes")
struct ReviewNoteTests {
  @Test("paragraphs, lists, bold, emphasis, code and links")
  func markup() {
    #expect(
      ReviewNote.html("The **reader** opens a *post*.\nIt is `post`.\n\n- one\n- two\n  more")
        == "<p>The <strong>reader</strong> opens a <em>post</em>. It is <code>post</code>.</p>\n"
        + "<ul><li>one</li><li>two more</li></ul>")
    #expect(
      ReviewNote.html(
        "See [step 4](#step-4), [both](#compare-2-5) or [docs](https://x.org/a?b=1&c).")
        == "<p>See <a href=\"#step-4\">step 4</a>, <a href=\"#compare-2-5\">both</a> or "
        + "<a href=\"https://x.org/a?b=1&amp;c\">docs</a>.</p>")
    #expect(ReviewNote.html("a * b * c and 2*3") == "<p>a * b * c and 2*3</p>")
    #expect(
      ReviewNote.html("snake_case_name and _this_") == "<p>snake_case_name and <em>this</em></p>")
  }

  @Test("HTML, scripts and other link targets stay text")
  func hostile() {
    #expect(
      ReviewNote.html("<script>alert(1)</script> & \"q\" 'a'")
        == "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39;</p>")
    for target in [
      "javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "file:///etc/passwd",
      "#step-1\" onclick=\"x", "http://", "//evil.example", "vbscript:x", "#step-", "#steps",
    ] {
      let html = ReviewNote.html("[x](\(target))")
      #expect(!html.contains("<a "), "\(target): \(html)")
      #expect(!html.contains("\"") || !html.contains("href"), "\(target): \(html)")
    }
    // Markup inside code is text.
    #expect(ReviewNote.html("`<b>**x**</b>`") == "<p><code>&lt;b&gt;**x**&lt;/b&gt;</code></p>")
    // Link text is inline text, escaped.
    #expect(
      ReviewNote.html("[<img src=x>](https://a.b)")
        == "<p><a href=\"https://a.b\">&lt;img src=x&gt;</a></p>")
  }
}
