import Foundation

/// What a drawing looks like where a README shows it, as headless Chromium measures it: a
/// Graphviz SVG as an `<img>` in an 880 px column (its natural size in CSS px, 1 pt = 4/3 px,
/// scaled down to at most 880 px), Mermaid as GitHub draws it (`useMaxWidth`: at most the
/// column's width).
struct ReadingFigures: Decodable {
  /// Mermaid's or the page's error, if the drawing failed.
  var error: String?
  /// The drawing's natural width in CSS px.
  var width: Double = 0
  /// The smallest text as shown in the column, in CSS px (font size × every scale on the way:
  /// viewBox, transforms, the column), and that text.
  var smallest: Double = 0
  var smallestText = ""
  /// How far the furthest text runs past the drawing's edge, in CSS px (0 when none does).
  var overflow: Double = 0
  var overflowText = ""
  /// Space between the title's last line and the highest thing drawn under it (natural px),
  /// or nil without a title.
  var band: Double?
  /// The lowest WCAG contrast of a text against what is drawn behind it (the page's colour
  /// under everything), and that text.
  var contrast: Double = 21
  var contrastText = ""
  /// How many texts were measured.
  var texts = 0
  /// Mermaid only: each node's box by its Mermaid id (`c3`), and each subgraph's title box by
  /// the subgraph's id (`win0`), as [left, top, right, bottom] in page px.
  var boxes: [String: [Double]]?
  var titles: [String: [Double]]?
}

/// One drawing to measure: a Graphviz SVG or Mermaid text, on a page of `page` colour.
struct ReadingJob {
  enum Kind: String { case graphviz, mermaid }
  var kind: Kind
  var text: String
  var page = "#ffffff"
}

/// Measures every job in one headless Chromium run (Mermaid 11 from the diagram-renderer
/// wheel for Mermaid jobs).
func measureReading(
  _ jobs: [ReadingJob], tools: (browser: URL, python: URL, mermaid: URL)
) throws -> [ReadingFigures] {
  let directory = try TemporaryDirectory("reading")
  try FileManager.default.copyItem(
    at: tools.mermaid, to: directory.url.appendingPathComponent("mermaid.min.js"))
  let payload = jobs.map { ["kind": $0.kind.rawValue, "text": $0.text, "page": $0.page] }
  let json = String(
    decoding: try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]),
    as: UTF8.self
  ).replacingOccurrences(of: "<", with: "\\u003c")
  try directory.write("page.html", readingPage.replacingOccurrences(of: "JOBS", with: json))
  let browsed = try runTool(
    tools.browser,
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--user-data-dir=\(directory.path("profile"))",
      "--window-size=4000,12000", "--virtual-time-budget=600000", "--dump-dom",
      directory.url.appendingPathComponent("page.html").absoluteString,
    ], timeout: 600)
  let dom = browsed.stdout
  guard let start = dom.range(of: "<pre id=\"results\">"),
    let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
  else {
    throw RunError(description: "Chromium printed no results: \(browsed.stderr.suffix(2000))")
  }
  let figures = try JSONDecoder().decode(
    [ReadingFigures].self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
  guard figures.count == jobs.count else {
    throw RunError(description: "Chromium measured \(figures.count) of \(jobs.count) jobs")
  }
  return figures
}

/// The page: draws each job alone at the top left (so every text is in the window and
/// `elementsFromPoint` sees what lies under it), measures it, and writes the figures as JSON.
private let readingPage = """
  <!doctype html><html><head><meta charset="utf-8"><script src="mermaid.min.js"></script>
  <style>body { margin: 0 } .column { width: 880px }</style>
  </head><body><div id="drawing"></div><pre id="results"></pre><script>
  const jobs = JOBS;
  function rgba(text) {
    const m = /rgba?\\(([^)]+)\\)/.exec(text || "");
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter((s) => s).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  }
  function over(top, under) {
    const a = top.a;
    return { r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a),
      b: top.b * a + under.b * (1 - a), a: 1 };
  }
  function luminance(c) {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  }
  function ratio(a, b) {
    const x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  const shapes = new Set(["rect", "polygon", "path", "ellipse", "circle"]);
  // What is painted behind a point: every filled shape and background under it, top first,
  // composed over the page.
  function behind(x, y, page) {
    const layers = [];
    for (const e of document.elementsFromPoint(x, y)) {
      const style = getComputedStyle(e);
      let c = null;
      if (e instanceof SVGElement) {
        if (!shapes.has(e.tagName.toLowerCase()) || style.fill === "none") continue;
        // An edge's path is a line, not a fill.
        if (e.closest("g.edge, .edgePaths, .flowchart-link")) continue;
        c = rgba(style.fill);
        if (c) c.a *= Number(style.fillOpacity) * Number(style.opacity);
      } else if (e.tagName !== "HTML" && e.tagName !== "BODY") {
        c = rgba(style.backgroundColor);
        if (c) c.a *= Number(style.opacity);
      }
      if (c && c.a > 0) layers.push(c);
      if (c && c.a >= 1) break;
    }
    let color = page;
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  }
  function measure(holder, job) {
    const svg = holder.querySelector("svg");
    const box = svg.getBoundingClientRect();
    const graphviz = job.kind === "graphviz";
    const width = graphviz ? box.width : svg.viewBox.baseVal.width;
    const shown = graphviz ? Math.min(1, 880 / width) : 1;
    const page = rgba(job.page.replace(/^#(..)(..)(..)$/, (m, r, g, b) =>
      `rgb(${parseInt(r, 16)}, ${parseInt(g, 16)}, ${parseInt(b, 16)})`));
    const leaves = [...svg.querySelectorAll("text, foreignObject *")].filter((e) =>
      [...e.childNodes].some((c) => c.nodeType === 3 && c.data.trim()));
    const result = { width, smallest: 1e9, smallestText: "", overflow: 0, overflowText: "",
      contrast: 21, contrastText: "", texts: 0 };
    for (const e of leaves) {
      const rect = e.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // elementsFromPoint sees only the window: a drawing larger than it is an error.
      if (rect.right > innerWidth || rect.bottom > innerHeight) throw new Error("past the window");
      const content = e.textContent.trim().slice(0, 80);
      const owner = e instanceof SVGGraphicsElement ? e : e.closest("foreignObject");
      const ctm = owner.getScreenCTM();
      const size = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(ctm.a, ctm.b) * shown;
      result.texts++;
      if (size < result.smallest) { result.smallest = size; result.smallestText = content; }
      const past = Math.max(rect.right - box.right, box.left - rect.left,
        rect.bottom - box.bottom, box.top - rect.top);
      if (past > result.overflow) { result.overflow = past; result.overflowText = content; }
      const ink = rgba(e instanceof SVGElement ? getComputedStyle(e).fill : getComputedStyle(e).color);
      if (!ink) continue;
      const ground = behind(rect.left + rect.width / 2, rect.top + rect.height / 2, page);
      const contrast = ratio(over(ink, ground), ground);
      if (contrast < result.contrast) { result.contrast = contrast; result.contrastText = content; }
    }
    let titleBottom = null, top = null;
    if (graphviz) {
      for (const t of svg.querySelectorAll("text")) {
        if (t.closest("g.node, g.cluster, g.edge")) continue;
        titleBottom = Math.max(titleBottom ?? -1e9, t.getBoundingClientRect().bottom);
      }
      for (const s of svg.querySelectorAll("g.node *, g.cluster *, g.edge *")) {
        if (!shapes.has(s.tagName.toLowerCase())) continue;
        if (s.closest("g.cluster")?.id === "legend") continue;
        const r = s.getBoundingClientRect();
        if (r.width || r.height) top = Math.min(top ?? 1e9, r.top);
      }
    } else {
      const corners = (e) => {
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
      };
      result.boxes = {};
      result.titles = {};
      for (const n of svg.querySelectorAll("g.node")) {
        const id = /(?:^|-)flowchart-(.+)-[0-9]+$/.exec(n.id);
        if (id) result.boxes[id[1]] = corners(n);
      }
      for (const c of svg.querySelectorAll("g.cluster")) {
        const label = c.querySelector(".cluster-label");
        if (label && c.id) result.titles[c.id] = corners(label);
      }
      const title = svg.querySelector(".flowchartTitleText");
      if (title) titleBottom = title.getBoundingClientRect().bottom;
      for (const s of svg.querySelectorAll("g.node, g.cluster > rect, path.flowchart-link")) {
        const r = s.getBoundingClientRect();
        if (r.width || r.height) top = Math.min(top ?? 1e9, r.top);
      }
      // Shown scaled to the column: the band in the drawing's own px.
      if (titleBottom !== null && top !== null) {
        const scale = box.width / width;
        titleBottom /= scale;
        top /= scale;
      }
    }
    if (titleBottom !== null && top !== null) result.band = top - titleBottom;
    return result;
  }
  mermaid.initialize({ startOnLoad: false });
  (async () => {
    const results = [];
    const drawing = document.getElementById("drawing");
    for (let number = 0; number < jobs.length; number++) {
      const job = jobs[number];
      document.body.style.background = job.page;
      drawing.innerHTML = "";
      const holder = document.createElement("div");
      drawing.appendChild(holder);
      try {
        if (job.kind === "mermaid") {
          holder.className = "column";
          const { svg } = await mermaid.render("diagram" + number, job.text);
          holder.innerHTML = svg;
        } else {
          holder.innerHTML = job.text.slice(job.text.indexOf("<svg"));
        }
        results.push(measure(holder, job));
      } catch (error) {
        results.push({ error: String((error && error.message) || error) });
      }
    }
    drawing.innerHTML = "";
    document.getElementById("results").textContent = JSON.stringify(results)
      .replace(/[<>&]/g, (c) => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  })();
  </script></body></html>
  """
