import Foundation
import Testing

@testable import VCGraphBackends

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

  /// Every unmatched marker searched the rest of the line for its end, so a note of `[[[[…`
  /// cost the square of its length (40 steps with a 4 KB note took 18 s). The time of 4n
  /// characters over n must stay that of linear work, for each kind of marker.
  @Test("a note full of unmatched markers costs its length")
  func unmatchedMarkersAreLinear() {
    let notes: [(String, (Int) -> String)] = [
      ("brackets", { String(repeating: "[", count: $0) }),
      ("mixed", { String(repeating: "[_a*", count: $0 / 4) }),
      (
        "open links",
        { String(repeating: "[a", count: $0 / 2) + "](" + String(repeating: "j", count: $0) }
      ),
      (
        "refused links",
        {
          String(repeating: "[a", count: $0 / 4) + "](javascript:"
            + String(repeating: "j", count: $0) + ")"
        }
      ),
    ]
    // CPU time of this thread, so that other processes on a busy machine do not count.
    func seconds(_ note: String) -> Double {
      var best = Double.infinity
      for _ in 0..<3 {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        for _ in 0..<4 { _ = ReviewNote.html(note) }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        best = min(
          best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
      }
      return best
    }
    for (name, make) in notes {
      let small = seconds(make(2_000))
      let large = seconds(make(8_000))
      #expect(large / small < 8, "\(name): 2,000 characters \(small) s, 8,000 \(large) s")
    }
    // What they are drawn as: text, as written.
    #expect(ReviewNote.html("[[[") == "<p>[[[</p>")
    #expect(ReviewNote.html("[a[a](javascript:x)") == "<p>[a[a](javascript:x)</p>")
    #expect(ReviewNote.html("**a_**a_") == "<p><strong>a_</strong>a_</p>")
  }
}
