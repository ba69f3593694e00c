import Foundation
import VCGraphCore
import VCGraphDiagram

/// The review page of a simulation: one self-contained HTML file (inline SVGs, CSS and
/// script; nothing loaded from the network). Each state is a `<section id="step-N">`; the
/// address `#step-N` shows state N and `#compare-A-B` states A and B side by side. ←/→ and
/// j/k (or the Previous/Next links) move between states; `c` compares with the state before;
/// the wheel, a pinch, dragging and `+`/`-`/`0` zoom and pan the diagram. Without
/// JavaScript, CSS `:target` shows the addressed state, each drawn to fit its column, and each
/// state links its own `step-N.svg`.
///
/// When the script has chosen what to show it sets `data-view` (`step` or `compare`) and
/// `data-current="N"` on `<body>` (in the compare view, `data-compare="A B"` too), the class
/// `current` on the state's section, and `data-shown` on `<body>` to the ids of the sections
/// the browser actually lays out; each diagram's viewport carries its zoom and pan
/// (`data-scale`, `data-x`, `data-y`). Tests read the DOM to check what is displayed.
public struct ReviewPage: Sendable {
  let report: SimulationReport
  /// The SVG text of each state's diagram (without the legend).
  let diagrams: [String]
  /// The SVG text of each state's legend, when drawn.
  var legends: [String?] = []
  /// Whether `step-N.png` is written beside each `step-N.svg`.
  var pngs = false
  /// The program that made the page (`vcgraph 0.1.0`), for its `generator` meta tag.
  let generator: String

  /// The page of `report`, with each state's diagram (`diagrams`, SVG text without the
  /// legend) and legend; `pngs`: each state links its `step-N.png` too.
  public init(
    report: SimulationReport, diagrams: [String], legends: [String?] = [], pngs: Bool = false,
    generator: String
  ) {
    self.report = report
    self.diagrams = diagrams
    self.legends = legends
    self.pngs = pngs
    self.generator = generator
  }

  private var simulation: Simulation { report.simulation }
  /// The input as the page names it: its file name, as diagrams name it, never the path it
  /// was given by (an absolute path would say where it sits on someone's disk).
  private var inputName: String { DiagramBuilder.baseName(of: report.input) }
  private var count: Int { simulation.effects.count }

  /// The page: one self-contained HTML document.
  public var html: String {
    let title = simulation.states[0].title ?? inputName
    let compareAll = "#compare-0-\(count)"
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="\(escape(generator))">
      <title>\(escape(title)) · vcgraph review</title>
      <style>\(Self.css)</style>
      <script>document.documentElement.classList.add("js")</script>
      </head>
      <body data-current="0" data-view="step">
      <header class="masthead">
      <div>
      <p class="kicker">vcgraph · scenario review</p>
      <h1>\(escape(title))</h1>
      </div>
      <p class="meta"><code>\(escape(inputName))</code> · \(count) step\(count == 1 ? "" : "s") \
      · <span class="keys"><kbd>←</kbd> <kbd>→</kbd> or <kbd>k</kbd> <kbd>j</kbd> to step through\
      <span class="js-only">, <kbd>+</kbd> <kbd>-</kbd> <kbd>0</kbd> to zoom, <kbd>c</kbd> to \
      compare</span></span><span class="js-only"> · <a class="compare-link" href="\(compareAll)">\
      Compare two steps</a></span></p>
      </header>
      <div class="layout">
      <nav class="steps" aria-label="Steps">
      <ol>

      """
    for n in 0...count {
      let op = n == 0 ? "start" : simulation.effects[n - 1].operation
      let text = n == 0 ? "Initial state" : simulation.effects[n - 1].description
      out +=
        "<li><a href=\"#step-\(n)\" data-step=\"\(n)\"><span class=\"num\">\(n)</span>"
        + "<span class=\"label\"><span class=\"op\">\(escape(op))</span>"
        + "<span class=\"text\">\(escape(text))</span></span></a></li>\n"
    }
    out += "</ol>\n</nav>\n<main>\n"
    for n in 0...count { out += section(n) }
    out += compareSection()
    out += "</main>\n</div>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
    return out
  }

  // MARK: - One state

  private func section(_ n: Int) -> String {
    let effect = n == 0 ? nil : simulation.effects[n - 1]
    let description = effect?.description ?? "The hierarchy as the file describes it"
    var out = "<section class=\"step\" id=\"step-\(n)\" aria-labelledby=\"step-\(n)-heading\">\n"
    out += "<figure class=\"diagram\">\n" + toolbar(n)
    out +=
      "<div class=\"viewport\" tabindex=\"0\" role=\"group\" aria-label=\"Diagram of "
      + (n == 0 ? "the initial state" : "step \(n)")
      + ": drag to pan; wheel, pinch or + and - to zoom; 0 to fit\"><div class=\"canvas\">"
      + inline(diagrams[n], prefix: "s\(n)-", title: report.heading(n), scale: 1.3)
      + "</div></div>\n</figure>\n"
    out += "<aside class=\"effect\">\n"
    out +=
      "<p class=\"eyebrow\">"
      + (n == 0 ? "Before step 1" : "Step \(n) of \(count)")
      + " <span class=\"op\">\(escape(effect?.operation ?? "start"))</span></p>\n"
    out += "<h2 id=\"step-\(n)-heading\" class=\"description\">\(escape(description))</h2>\n"
    if let effect {
      var location = effect.location
      location.path = DiagramBuilder.baseName(of: location.path)
      out += "<p class=\"source\">\(escape(location.description))</p>\n"
    }
    if let note = report.note(n) {
      out += "<div class=\"note\">\n" + ReviewNote.html(note) + "\n</div>\n"
    }
    out += topBlock(n, effect: effect)
    if let effect {
      var groups = ""
      groups += chips("Added", effect.added, kind: "added")
      groups += chips("Removed", effect.removed, kind: "removed")
      groups += chips("Moved", effect.moved, kind: "moved")
      groups += chips("Newly on screen", effect.newlyOnScreen, kind: "shown")
      groups += chips("Left the screen", effect.leftScreen, kind: "hidden")
      out +=
        groups.isEmpty
        ? "<p class=\"nochange\">No controller was added, removed or moved, and what is on"
          + " screen did not change.</p>\n"
        : "<div class=\"changes\">\n\(groups)</div>\n"
      if !effect.notes.isEmpty {
        out +=
          "<ul class=\"notes\">"
          + effect.notes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
      }
    }
    let visible = report.onScreen(n)
    out +=
      "<details class=\"onscreen\"><summary>On screen (\(visible.count))</summary>"
      + "<p>\(visible.isEmpty ? "nothing" : visible.map(escape).joined(separator: ", "))</p>"
      + "</details>\n"
    out += pager(n)
    if n < legends.count, let legend = legends[n] {
      out +=
        "<details class=\"legend\" open><summary>Legend</summary>"
        + inline(legend, prefix: "l\(n)-", title: "Legend", scale: 1) + "</details>\n"
    }
    out += "</aside>\n</section>\n"
    return out
  }

  /// The zoom buttons (with JavaScript) and the links to the state's own files.
  private func toolbar(_ n: Int) -> String {
    let svg = SimulationReport.diagramName(n)
    var out = "<div class=\"toolbar\">" + Self.zoomControls
    out += "<span class=\"files\"><a class=\"svg-link\" href=\"\(svg)\">\(svg)</a>"
    if pngs { out += " · <a class=\"png-link\" href=\"step-\(n).png\">step-\(n).png</a>" }
    if n > 0 {
      out +=
        "<span class=\"js-only\"> · <a class=\"compare-previous\" href=\"#compare-\(n - 1)-\(n)\">"
        + "compare with \(n == 1 ? "the initial state" : "step \(n - 1)")</a></span>"
    }
    return out + "</span></div>\n"
  }

  static let zoomControls =
    "<span class=\"zoom-controls js-only\" role=\"group\" aria-label=\"Zoom\">"
    + "<button type=\"button\" data-zoom=\"out\" aria-label=\"Zoom out\">−</button>"
    + "<output class=\"zoom-level\" aria-live=\"polite\">100%</output>"
    + "<button type=\"button\" data-zoom=\"in\" aria-label=\"Zoom in\">+</button>"
    + "<button type=\"button\" data-zoom=\"fit\">Fit</button>"
    + "<button type=\"button\" data-zoom=\"actual\">1:1</button></span>"

  private func topBlock(_ n: Int, effect: StepEffect?) -> String {
    let after = report.top(n)
    var out = "<div class=\"topvc\"><span class=\"caption\">Top view controller</span> "
    if let effect, effect.topBefore != effect.topAfter {
      out +=
        "<span class=\"was\">\(escape(effect.topBefore ?? "none"))</span>"
        + "<span class=\"arrow\" aria-label=\"becomes\">→</span>"
        + "<strong class=\"now changed\">\(escape(after ?? "none"))</strong>"
    } else {
      out += "<strong class=\"now\">\(escape(after ?? "none"))</strong>"
      if effect != nil { out += " <span class=\"unchanged\">(unchanged)</span>" }
    }
    return out + "</div>\n"
  }

  private func chips(_ title: String, _ ids: [String], kind: String) -> String {
    guard !ids.isEmpty else { return "" }
    return "<div class=\"group \(kind)\"><h3>\(title)</h3><ul class=\"chips\">"
      + ids.map { "<li>\(escape($0))</li>" }.joined() + "</ul></div>\n"
  }

  private func pager(_ n: Int) -> String {
    var out = "<nav class=\"pager\" aria-label=\"Previous and next step\">"
    out +=
      n > 0
      ? "<a rel=\"prev\" href=\"#step-\(n - 1)\">← Previous</a>"
      : "<span class=\"disabled\">← Previous</span>"
    out +=
      n < count
      ? "<a rel=\"next\" href=\"#step-\(n + 1)\">Next →</a>"
      : "<span class=\"disabled\">Next →</span>"
    return out + "</nav>\n"
  }

  // MARK: - Compare

  /// The side-by-side view (`#compare-A-B`). The script moves the two states' diagrams into
  /// its panes while it is shown; without JavaScript it is never displayed.
  private func compareSection() -> String {
    func options(selected: Int) -> String {
      (0...count).map { n in
        "<option value=\"\(n)\"\(n == selected ? " selected" : "")>"
          + (n == 0
            ? "0 · Initial state" : "\(n) · \(escape(simulation.effects[n - 1].description))")
          + "</option>"
      }.joined()
    }
    var out = "<section class=\"compare\" id=\"compare\" aria-labelledby=\"compare-heading\">\n"
    out += "<header class=\"compare-bar\">\n<h2 id=\"compare-heading\">Compare</h2>\n"
    out +=
      "<label>Left <select data-side=\"a\">\(options(selected: 0))</select></label>\n"
      + "<label>Right <select data-side=\"b\">\(options(selected: count))</select></label>\n"
    out += Self.zoomControls + "\n"
    out +=
      "<button type=\"button\" class=\"arrange\" aria-pressed=\"false\">"
      + "One above the other</button>\n"
    out += "<a class=\"close\" href=\"#step-\(count)\">Close</a>\n</header>\n"
    out += "<p class=\"between\"></p>\n<div class=\"panes\">\n"
    for side in ["a", "b"] {
      out +=
        "<div class=\"pane\" data-side=\"\(side)\"><div class=\"pane-head\"></div>"
        + "<div class=\"pane-body\"></div></div>\n"
    }
    return out + "</div>\n</section>\n"
  }

  // MARK: - SVG

  /// The SVG made fit for inlining: no XML prolog, ids prefixed per state (several diagrams
  /// share one document), a `<title>`, and sized by CSS to its column, at most `scale` times
  /// its own size.
  func inline(_ svg: String, prefix: String, title: String, scale: Double) -> String {
    guard let start = svg.range(of: "<svg") else { return "" }
    var body = String(svg[start.lowerBound...])
    // Only markup is rewritten: text (a title, a note) has its quotes escaped, so it never
    // holds ` id="` or `href="#`, but it may hold `url(#`, which only Graphviz's gradient
    // `fill` and `stroke` attributes mean.
    body = body.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)")
      .replacingOccurrences(of: "href=\"#", with: "href=\"#\(prefix)")
      .replacingOccurrences(of: " fill=\"url(#", with: " fill=\"url(#\(prefix)")
      .replacingOccurrences(of: " stroke=\"url(#", with: " stroke=\"url(#\(prefix)")
    guard let close = body.range(of: ">") else { return body }
    var open = String(body[..<close.lowerBound])
    var width: String?
    if let match = open.range(of: " width=\"") {
      let rest = open[match.upperBound...]
      if let end = rest.firstIndex(of: "\"") {
        width = String(rest[..<end])
        open.removeSubrange(match.lowerBound...end)
      }
    }
    if let match = open.range(of: " height=\"") {
      let rest = open[match.upperBound...]
      if let end = rest.firstIndex(of: "\"") { open.removeSubrange(match.lowerBound...end) }
    }
    open += " role=\"img\" aria-labelledby=\"\(prefix)title\""
    var style: [String] = []
    if let width, width.hasSuffix("pt"), let points = Double(width.dropLast(2)) {
      // 1pt is 4/3 CSS px.
      style.append("max-width: \(Int((points * 4 / 3 * scale).rounded()))px")
    }
    // The box keeps the drawing's proportions, so no empty band appears above or below it.
    if let match = open.range(of: " viewBox=\"") {
      let rest = open[match.upperBound...]
      let numbers = rest.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
      if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
        style.append("aspect-ratio: \(numbers[2]) / \(numbers[3])")
      }
    }
    if !style.isEmpty { open += " style=\"\(style.joined(separator: "; "))\"" }
    let titleElement = "<title id=\"\(prefix)title\">\(escape(title))</title>"
    return open + ">" + titleElement + body[close.upperBound...]
  }

  // MARK: - Text

  private func escape(_ text: String) -> String { ReviewNote.escape(text) }
}
