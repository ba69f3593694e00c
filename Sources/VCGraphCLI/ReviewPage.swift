import Foundation
import VCGraphCore

/// The review page of a simulation: one self-contained HTML file (inline SVGs, CSS and
/// script; nothing loaded from the network). Each state is a `<section id="step-N">`; the
/// address `#step-N` shows state N. ←/→ and j/k (or the Previous/Next links) move between
/// states. Without JavaScript, CSS `:target` shows the addressed state.
///
/// When the script has chosen the state to show it sets `data-current="N"` on `<body>`,
/// the class `current` on that section, and `data-shown` on `<body>` to the ids of the
/// sections the browser actually lays out (tests read the DOM to check what is displayed).
struct ReviewPage {
  let report: SimulationReport
  /// The SVG text of each state's diagram (without the legend).
  let diagrams: [String]
  /// The SVG text of each state's legend, when drawn.
  var legends: [String?] = []

  private var simulation: Simulation { report.simulation }
  private var count: Int { simulation.effects.count }

  var html: String {
    let title = simulation.states[0].title ?? report.input
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="vcgraph \(VCGraphCommandLine.version)">
      <title>\(escape(title)) · vcgraph review</title>
      <style>\(Self.css)</style>
      <script>document.documentElement.classList.add("js")</script>
      </head>
      <body data-current="0">
      <header class="masthead">
      <div>
      <p class="kicker">vcgraph · scenario review</p>
      <h1>\(escape(title))</h1>
      </div>
      <p class="meta"><code>\(escape(report.input))</code> · \(count) step\(count == 1 ? "" : "s") \
      · <span class="keys"><kbd>←</kbd> <kbd>→</kbd> or <kbd>k</kbd> <kbd>j</kbd> to step through</span></p>
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
    out += "</main>\n</div>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
    return out
  }

  // MARK: - One state

  private func section(_ n: Int) -> String {
    let effect = n == 0 ? nil : simulation.effects[n - 1]
    let description = effect?.description ?? "The hierarchy as the file describes it"
    var out = "<section class=\"step\" id=\"step-\(n)\" aria-labelledby=\"step-\(n)-heading\">\n"
    out +=
      "<figure class=\"diagram\">"
      + inline(diagrams[n], prefix: "s\(n)-", title: report.heading(n), scale: 1.3) + "</figure>\n"
    out += "<aside class=\"effect\">\n"
    out +=
      "<p class=\"eyebrow\">"
      + (n == 0 ? "Before step 1" : "Step \(n) of \(count)")
      + " <span class=\"op\">\(escape(effect?.operation ?? "start"))</span></p>\n"
    out += "<h2 id=\"step-\(n)-heading\" class=\"description\">\(escape(description))</h2>\n"
    if let effect {
      out += "<p class=\"source\">\(escape(effect.location.description))</p>\n"
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

  // MARK: - SVG

  /// The SVG made fit for inlining: no XML prolog, ids prefixed per state (several diagrams
  /// share one document), a `<title>`, and sized by CSS to its column, at most `scale` times
  /// its own size.
  func inline(_ svg: String, prefix: String, title: String, scale: Double) -> String {
    guard let start = svg.range(of: "<svg") else { return "" }
    var body = String(svg[start.lowerBound...])
    body = body.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)")
      .replacingOccurrences(of: "href=\"#", with: "href=\"#\(prefix)")
      .replacingOccurrences(of: "url(#", with: "url(#\(prefix)")
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

  private func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: - Style and behavior

  static let css = """

    :root {
      --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --soft: #f6f8fa; --accent: #0969da;
      --added: #1a7f37; --added-bg: #dafbe1; --removed: #cf222e; --removed-bg: #ffebe9;
      --moved: #8250df; --moved-bg: #fbefff; --shown: #0969da; --shown-bg: #ddf4ff;
      --hidden: #6e7781; --hidden-bg: #eaeef2; --top: #9a6700; --top-bg: #fff8c5;
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; color: var(--ink); background: #fff;
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
    code, kbd { font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; font-size: 0.86em; }
    kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px;
      padding: 0 0.35em; background: var(--soft); }
    .masthead { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between;
      gap: 4px 24px; padding: 14px 24px 12px; border-bottom: 1px solid var(--line); }
    .kicker { margin: 0; color: var(--muted); font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; }
    h1 { margin: 2px 0 0; font-size: 21px; line-height: 1.25; }
    .meta { margin: 0; color: var(--muted); font-size: 13px; }
    /* An application shell: the page itself never scrolls, so following #step-N never
       scrolls the header away; the step list and the state scroll on their own. */
    html, body { height: 100%; }
    body { display: flex; flex-direction: column; overflow: hidden; }
    .masthead { flex: none; }
    .layout { flex: 1; min-height: 0; display: grid; grid-template-columns: 236px minmax(0, 1fr); }
    nav.steps { border-right: 1px solid var(--line); background: var(--soft); padding: 12px 10px;
      overflow-y: auto; }
    nav.steps ol { list-style: none; margin: 0; padding: 0; }
    main { overflow: auto; }
    nav.steps a { display: flex; gap: 10px; align-items: flex-start; padding: 7px 8px; border-radius: 8px;
      color: inherit; text-decoration: none; border: 1px solid transparent; }
    nav.steps a:hover { background: #fff; border-color: var(--line); }
    nav.steps a[aria-current] { background: #fff; border-color: var(--accent);
      box-shadow: 0 1px 2px rgba(31, 35, 40, 0.08); }
    nav.steps .num { flex: none; width: 24px; height: 24px; border-radius: 12px; display: grid;
      place-items: center; font-size: 12px; font-weight: 600; background: #fff; border: 1px solid var(--line); }
    nav.steps a[aria-current] .num { background: var(--accent); border-color: var(--accent); color: #fff; }
    nav.steps .label { display: flex; flex-direction: column; min-width: 0; }
    nav.steps .op { font-size: 11px; color: var(--muted); font-weight: 600; letter-spacing: 0.03em; }
    nav.steps .text { font-size: 13px; overflow-wrap: anywhere; }
    main { min-width: 0; }
    section.step { display: none; grid-template-columns: minmax(0, 1fr) 320px; min-height: 100%; }
    html:not(.js) section.step:target { display: grid; }
    html:not(.js) body:not(:has(section.step:target)) section.step:first-of-type { display: grid; }
    html.js section.step.current { display: grid; }
    .diagram { margin: 0; padding: 16px 12px; display: flex; justify-content: center; align-items: flex-start;
      overflow: auto; }
    .diagram svg { display: block; width: 100%; height: auto; max-height: calc(100vh - 110px); }
    .effect { border-left: 1px solid var(--line); padding: 20px 22px; background: #fff; }
    .eyebrow { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: var(--muted);
      letter-spacing: 0.04em; text-transform: uppercase; }
    .eyebrow .op { margin-left: 6px; padding: 1px 8px; border-radius: 10px; background: var(--soft);
      border: 1px solid var(--line); color: var(--ink); text-transform: none; letter-spacing: 0;
      font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; }
    h2.description { margin: 0 0 4px; font-size: 19px; line-height: 1.35; overflow-wrap: anywhere; }
    .source { margin: 0 0 16px; font-size: 12px; color: var(--muted);
      font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
    .topvc { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; padding: 10px 12px;
      border-radius: 8px; background: var(--top-bg); border: 1px solid #eed888; margin-bottom: 16px; }
    .topvc .caption { flex-basis: 100%; font-size: 12px; font-weight: 600; color: var(--top); }
    .topvc .was { color: var(--muted); font-size: 16px; }
    .topvc .arrow { color: var(--top); }
    .topvc strong { font-size: 16px; }
    .topvc .unchanged { color: var(--muted); font-size: 13px; }
    .changes { display: grid; gap: 12px; margin-bottom: 14px; }
    .group h3 { margin: 0 0 5px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
    .chips { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
    .chips li { padding: 2px 10px; border-radius: 12px; font-size: 13px; font-weight: 600;
      font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; }
    .added h3 { color: var(--added); } .added li { background: var(--added-bg); color: var(--added); }
    .removed h3 { color: var(--removed); } .removed li { background: var(--removed-bg); color: var(--removed); }
    .moved h3 { color: var(--moved); } .moved li { background: var(--moved-bg); color: var(--moved); }
    .shown h3 { color: var(--shown); } .shown li { background: var(--shown-bg); color: var(--shown); }
    .hidden h3 { color: var(--hidden); } .hidden li { background: var(--hidden-bg); color: var(--hidden); }
    .nochange { color: var(--muted); font-size: 14px; margin: 0 0 14px; }
    .notes { margin: 0 0 14px; padding-left: 18px; color: var(--muted); font-size: 13px; }
    .onscreen { font-size: 13px; margin-bottom: 18px; }
    .onscreen summary { cursor: pointer; color: var(--muted); }
    .onscreen p { margin: 6px 0 0; font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace;
      overflow-wrap: anywhere; }
    .pager { display: flex; gap: 8px; }
    .legend { margin-top: 22px; font-size: 13px; }
    .legend summary { cursor: pointer; color: var(--muted); margin-bottom: 6px; }
    .legend svg { display: block; width: 100%; height: auto; }
    .legend summary + svg { margin-top: 4px; }
    .pager a, .pager span { flex: 1; text-align: center; padding: 7px 10px; border-radius: 8px;
      border: 1px solid var(--line); font-size: 14px; font-weight: 600; text-decoration: none; }
    .pager a { color: var(--accent); background: #fff; }
    .pager a:hover { background: var(--soft); }
    .pager a[rel="next"] { background: var(--accent); border-color: var(--accent); color: #fff; }
    .pager span.disabled { color: #8c959f; background: var(--soft); }
    a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
    @media (max-width: 1100px) {
      html, body { height: auto; }
      body { display: block; overflow: visible; }
      main { overflow: visible; }
      .layout { grid-template-columns: 1fr; }
      nav.steps { border-right: 0; border-bottom: 1px solid var(--line); }
      nav.steps ol { position: static; display: flex; flex-wrap: wrap; gap: 4px; }
      nav.steps .label .text { display: none; }
      section.step, html:not(.js) section.step:target { grid-template-columns: 1fr; }
      .effect { border-left: 0; border-top: 1px solid var(--line); }
    }
    @media print {
      nav.steps, .pager, .keys { display: none; }
      .layout { display: block; }
      html.js section.step, section.step { display: grid; break-after: page; }
    }

    """

  static let script = """

    (function () {
      var sections = Array.prototype.slice.call(document.querySelectorAll("section.step"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav.steps a"));
      var title = document.title;
      var main = document.querySelector("main");
      function current() {
        var match = /^#step-(\\d+)$/.exec(location.hash);
        var n = match ? parseInt(match[1], 10) : 0;
        return n < sections.length ? n : 0;
      }
      function show() {
        var n = current();
        sections.forEach(function (section, i) { section.classList.toggle("current", i === n); });
        links.forEach(function (link, i) {
          if (i === n) { link.setAttribute("aria-current", "step"); } else { link.removeAttribute("aria-current"); }
        });
        document.body.setAttribute("data-current", String(n));
        document.title = (n === 0 ? "Initial state" : "Step " + n) + " · " + title;
        // Following #step-N must not scroll the header and the step list away.
        window.scrollTo(0, 0);
        if (main) { main.scrollTop = 0; }
        document.body.setAttribute("data-shown", sections.filter(function (section) {
          return section.getClientRects().length > 0;
        }).map(function (section) { return section.id; }).join(" "));
      }
      function go(n) {
        if (n < 0 || n >= sections.length) { return; }
        location.hash = "#step-" + n;
      }
      window.addEventListener("hashchange", show);
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        var tag = event.target && event.target.tagName;
        if (tag === "INPUT" || tag === "TEXTAREA") { return; }
        var n = current();
        if (event.key === "ArrowRight" || event.key === "j") { go(n + 1); }
        else if (event.key === "ArrowLeft" || event.key === "k") { go(n - 1); }
        else if (event.key === "Home") { go(0); }
        else if (event.key === "End") { go(sections.length - 1); }
        else { return; }
        event.preventDefault();
      });
      show();
    })();

    """
}
