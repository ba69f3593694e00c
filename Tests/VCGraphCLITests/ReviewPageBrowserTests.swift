import Foundation
import Testing

/// The review page in headless Chromium: deep links, the keys, zoom and pan, the compare
/// view, the page without JavaScript, and no console errors. A harness script is appended to
/// a copy of the page (the page itself is as `simulate` wrote it); it drives the page with
/// the events a person would cause and writes what the page did into the DOM that Chromium
/// prints.
@Suite("review page in headless Chromium: keys, zoom, compare, no JavaScript")
struct ReviewPageBrowserTests {
  /// Writes the review page of scenario 000 (5 steps) into `directory`.
  private func review(in directory: TemporaryDirectory) throws -> URL {
    let out = directory.url.appendingPathComponent("review")
    let run = try vcgraph([
      "simulate",
      repositoryRoot.appendingPathComponent("Samples/scenario-000-tabs-modal.yaml")
        .path, "-o", out.path, "-q",
    ])
    #expect(run.exitCode == 0, "\(run.stderr)")
    return out
  }

  /// Chromium's DOM after the page at `url` ran for its virtual-time budget, and its stderr.
  private func browse(
    _ browser: URL, _ url: String, directory: TemporaryDirectory, javaScript: Bool = true
  ) throws -> (dom: String, stderr: String) {
    var arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--user-data-dir=\(directory.path("profile"))",
      "--window-size=1400,900", "--virtual-time-budget=20000", "--enable-logging=stderr",
      "--v=0",
    ]
    if !javaScript { arguments.append("--blink-settings=scriptEnabled=false") }
    let run = try runTool(browser, arguments + ["--dump-dom", url], timeout: 180)
    return (run.stdout, run.stderr)
  }

  /// The JSON the harness wrote into `<pre id="harness">`.
  private func results(_ dom: String) throws -> [String: Any] {
    guard let start = dom.range(of: "<pre id=\"harness\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { throw RunError(description: "the harness wrote no results: \(dom.suffix(2000))") }
    let text = String(dom[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The page with the error trap first in `<head>` and the harness last in `<body>`.
  private func instrument(_ page: URL, harness: String, stripPageScripts: Bool = false) throws
    -> URL
  {
    var html = try String(contentsOf: page, encoding: .utf8)
    if stripPageScripts {
      // What a browser without JavaScript runs of the page: nothing. (The harness only
      // measures.)
      while let open = html.range(of: "<script>"),
        let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
      {
        html.removeSubrange(open.lowerBound..<close.upperBound)
      }
    }
    html = html.replacingOccurrences(
      of: "<head>\n", with: "<head>\n<script>\(Self.trap)</script>\n")
    html = html.replacingOccurrences(
      of: "</body>", with: "<pre id=\"harness\"></pre><script>\(harness)</script>\n</body>")
    let copy = page.deletingLastPathComponent().appendingPathComponent("harness.html")
    try html.write(to: copy, atomically: true, encoding: .utf8)
    return copy
  }

  /// Records console errors, uncaught exceptions and rejected promises.
  static let trap = """
    window.__errors = [];
    window.addEventListener("error", function (e) { window.__errors.push(String(e.message)); });
    window.addEventListener("unhandledrejection", function (e) { window.__errors.push(String(e.reason)); });
    (function () { var original = console.error; console.error = function () {
      window.__errors.push(Array.prototype.join.call(arguments, " ")); original.apply(console, arguments); }; })();
    """

  static let harness = """
    (async function () {
      const out = {};
      const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const body = document.body;
      const state = () => ({ view: body.dataset.view, current: body.dataset.current,
        compare: body.dataset.compare || null, shown: body.dataset.shown });
      const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
      const viewport = (n) => document.querySelector("#step-" + n + " .viewport") ||
        document.querySelector(".viewport[aria-label*='step " + n + ":']");
      const zoom = (n) => { const v = viewport(n); return { scale: parseFloat(v.dataset.scale),
        x: parseFloat(v.dataset.x), y: parseFloat(v.dataset.y) }; };
      try {
        await wait(100);
        out.initial = state();
        out.initialTitle = document.title;
        key("ArrowRight"); await wait(100); out.afterRight = state();
        key("j"); await wait(100); out.afterJ = state();
        key("k"); await wait(100); out.afterK = state();
        key("ArrowLeft"); await wait(100); out.afterLeft = state();
        out.fit = zoom(3);
        key("+"); await wait(50); out.plus = zoom(3);
        key("-"); await wait(50); out.minus = zoom(3);
        key("+"); key("+"); key("0"); await wait(50); out.zero = zoom(3);
        const v = viewport(3), box = v.getBoundingClientRect();
        // Whole pixels: Chromium truncates a MouseEvent's clientX and clientY to integers, so
        // the point under the pointer is measured from where the event really lands.
        const cx = Math.round(box.left) + 200, cy = Math.round(box.top) + 150;
        const before = zoom(3);
        v.dispatchEvent(new WheelEvent("wheel", { deltaY: -200, clientX: cx, clientY: cy,
          bubbles: true, cancelable: true }));
        await wait(50);
        out.wheel = { before: before, after: zoom(3), point: [cx - box.left, cy - box.top] };
        const pointer = (type, id, x, y) => v.dispatchEvent(new PointerEvent(type, { pointerId: id,
          clientX: x, clientY: y, button: 0, bubbles: true, isPrimary: id === 1 }));
        const dragFrom = zoom(3);
        pointer("pointerdown", 1, cx, cy); pointer("pointermove", 1, cx + 50, cy + 30);
        pointer("pointerup", 1, cx + 50, cy + 30); await wait(50);
        out.drag = { before: dragFrom, after: zoom(3) };
        const pinchFrom = zoom(3);
        pointer("pointerdown", 1, cx, cy); pointer("pointerdown", 2, cx + 100, cy);
        pointer("pointermove", 2, cx + 200, cy);
        pointer("pointerup", 1, cx, cy); pointer("pointerup", 2, cx + 200, cy); await wait(50);
        out.pinch = { before: pinchFrom, after: zoom(3) };
        key("c"); await wait(150); out.compareKey = state();
        out.panes = Array.from(document.querySelectorAll(".pane .viewport")).map((p) => p.getAttribute("aria-label"));
        out.paneTitles = Array.from(document.querySelectorAll(".pane-head .title")).map((a) => a.textContent);
        key("ArrowRight"); await wait(150); out.compareRight = state();
        key("Escape"); await wait(150); out.escape = state();
        location.hash = "#compare-2-5"; await wait(150); out.compareLink = state();
        out.between = document.querySelector(".between").textContent;
        key("+"); await wait(50);
        out.compareZoom = Array.from(document.querySelectorAll(".pane .viewport")).map((p) => p.dataset.scale);
        const boxes = () => Array.from(document.querySelectorAll(".pane .viewport")).map((p) => {
          const b = p.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; });
        out.sideBySide = boxes();
        document.querySelector("button.arrange").click(); await wait(50);
        out.stacked = boxes();
        out.stackedScale = Array.from(document.querySelectorAll(".pane .viewport")).map((p) => p.dataset.scale);
        document.querySelector("button.arrange").click(); await wait(50);
        const select = document.querySelector("select[data-side='a']");
        select.value = "1"; select.dispatchEvent(new Event("change", { bubbles: true }));
        await wait(150); out.select = state();
        location.hash = "#step-1"; await wait(150); out.back = state();
        out.homes = Array.from(document.querySelectorAll("section.step")).map((s) =>
          s.querySelector(":scope > figure > .viewport") ? 1 : 0);
        location.hash = "#compare-3-3"; await wait(150); out.sameStep = state();
        location.hash = "#compare-2-99"; await wait(150); out.outOfRange = state();
      } catch (error) {
        window.__errors.push("harness: " + error);
      }
      out.errors = window.__errors;
      document.getElementById("harness").textContent = JSON.stringify(out);
    })();
    """

  @Test("deep link, keys, zoom and pan, the compare view; no console errors")
  func interactive() throws {
    guard let browser = SimulateReviewPageBrowserTests.chromium() else {
      missingTool("chromium is not installed: run scripts/setup-deps --test")
      return
    }
    let directory = try TemporaryDirectory("review-browser")
    let out = try review(in: directory)
    let page = try instrument(out.appendingPathComponent("index.html"), harness: Self.harness)
    let (dom, stderr) = try browse(browser, page.absoluteString + "#step-3", directory: directory)
    let r = try results(dom)
    func state(_ key: String) -> [String: String] {
      (r[key] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }
    #expect(r["errors"] as? [String] == [], "\(r["errors"] ?? "")")
    #expect(!stderr.contains("Uncaught"), "\(stderr.suffix(2000))")
    // The deep link shows step 3, and only it.
    #expect(state("initial") == ["view": "step", "current": "3", "shown": "step-3"])
    #expect((r["initialTitle"] as? String)?.hasPrefix("Step 3 · ") == true)
    // → and j go forward, k and ← back.
    #expect(state("afterRight")["current"] == "4")
    #expect(state("afterJ")["current"] == "5")
    #expect(state("afterK")["current"] == "4")
    #expect(state("afterLeft") == ["view": "step", "current": "3", "shown": "step-3"])
    // + zooms by 1.25, - by 0.8, 0 fits again.
    func zoom(_ key: String) -> (scale: Double, x: Double, y: Double) {
      let z = r[key] as? [String: Double] ?? [:]
      return (z["scale"] ?? .nan, z["x"] ?? .nan, z["y"] ?? .nan)
    }
    let fit = zoom("fit")
    #expect(fit.scale > 0.1 && fit.scale <= 1.5)
    #expect(abs(zoom("plus").scale - fit.scale * 1.25) < 0.002)
    #expect(abs(zoom("minus").scale - fit.scale) < 0.002)
    #expect(abs(zoom("zero").scale - fit.scale) < 0.002)
    // The wheel zooms in around the pointer: the drawing's point under it stays put.
    let wheel = r["wheel"] as? [String: Any] ?? [:]
    let wheelBefore = wheel["before"] as? [String: Double] ?? [:]
    let wheelAfter = wheel["after"] as? [String: Double] ?? [:]
    let (s0, x0, y0) = (
      wheelBefore["scale"] ?? .nan, wheelBefore["x"] ?? .nan, wheelBefore["y"] ?? .nan
    )
    let (s1, x1, y1) = (
      wheelAfter["scale"] ?? .nan, wheelAfter["x"] ?? .nan, wheelAfter["y"] ?? .nan
    )
    let point = wheel["point"] as? [Double] ?? [.nan, .nan]
    let (px, py) = (point[0], point[1])
    #expect(abs(px - 200) < 1 && abs(py - 150) < 1, "\(point)")
    #expect(s1 > s0 * 1.2)
    // Within a quarter of a screen pixel (the page moves the drawing by whole pixels, so in
    // the drawing's own units the rest grows as the fit scale shrinks: taller drawings since
    // issue 32's layout).
    #expect(abs((px - x0) / s0 - (px - x1) / s1) * s1 < 0.25)
    #expect(abs((py - y0) / s0 - (py - y1) / s1) * s1 < 0.25)
    // Dragging pans by the pointer's movement; two pointers moving apart zoom.
    let drag = r["drag"] as? [String: [String: Double]] ?? [:]
    #expect(abs((drag["after"]?["x"] ?? 0) - (drag["before"]?["x"] ?? 0) - 50) < 0.2)
    #expect(abs((drag["after"]?["y"] ?? 0) - (drag["before"]?["y"] ?? 0) - 30) < 0.2)
    #expect(drag["after"]?["scale"] == drag["before"]?["scale"])
    let pinch = r["pinch"] as? [String: [String: Double]] ?? [:]
    #expect(abs((pinch["after"]?["scale"] ?? 0) / (pinch["before"]?["scale"] ?? 1) - 2) < 0.01)
    // c compares with the state before; → moves both; Escape returns to the right one.
    #expect(
      state("compareKey") == [
        "view": "compare", "current": "3", "compare": "2 3", "shown": "compare",
      ])
    let panes = r["panes"] as? [String] ?? []
    #expect(panes.count == 2)
    #expect(panes.first?.contains("step 2:") == true && panes.last?.contains("step 3:") == true)
    #expect(
      (r["paneTitles"] as? [String])?.first?.hasPrefix("Step 2: post presents replyNav") == true)
    #expect(state("compareRight")["compare"] == "3 4")
    #expect(state("escape") == ["view": "step", "current": "4", "shown": "step-4"])
    // #compare-2-5: any two states, the steps between listed, zoomed together.
    #expect(state("compareLink")["compare"] == "2 5")
    let between = r["between"] as? String ?? ""
    #expect(between.hasPrefix("3 steps apart: 3 select tab 2 (profileNav) on tabs"))
    let scales = r["compareZoom"] as? [String] ?? []
    #expect(scales.count == 2 && scales[0] == scales[1])
    #expect(state("select")["compare"] == "1 5")
    // The arrangement button puts the second diagram below the first, fitted again together.
    let side = r["sideBySide"] as? [[Double]] ?? []
    let stacked = r["stacked"] as? [[Double]] ?? []
    #expect(side.count == 2 && stacked.count == 2)
    if side.count == 2 && stacked.count == 2 {
      #expect(side[0][1] == side[1][1] && side[1][0] >= side[0][0] + side[0][2])
      #expect(stacked[0][0] == stacked[1][0] && stacked[1][1] >= stacked[0][1] + stacked[0][3])
      #expect(stacked[0][2] > side[0][2])
    }
    let stackedScales = r["stackedScale"] as? [String] ?? []
    #expect(stackedScales.count == 2 && stackedScales[0] == stackedScales[1])
    // Leaving the compare view puts every diagram back in its own section.
    #expect(state("back") == ["view": "step", "current": "1", "shown": "step-1"])
    #expect(r["homes"] as? [Int] == [1, 1, 1, 1, 1, 1])
    // A pair that is not two different states shows a state instead.
    #expect(state("sameStep")["view"] == "step")
    #expect(state("outOfRange")["view"] == "step")
  }

  @Test("#compare-2-5 opened directly shows both diagrams side by side")
  func compareDeepLink() throws {
    guard let browser = SimulateReviewPageBrowserTests.chromium() else { return }
    let directory = try TemporaryDirectory("review-compare")
    let out = try review(in: directory)
    let page = try instrument(
      out.appendingPathComponent("index.html"),
      harness: """
        setTimeout(function () {
          document.getElementById("harness").textContent = JSON.stringify({
            view: document.body.dataset.view, compare: document.body.dataset.compare,
            shown: document.body.dataset.shown, errors: window.__errors,
            panes: Array.from(document.querySelectorAll(".pane")).map(function (pane) {
              var box = pane.querySelector(".viewport").getBoundingClientRect();
              return [box.left, box.top, box.width, box.height];
            }) });
        }, 300);
        """)
    let (dom, _) = try browse(browser, page.absoluteString + "#compare-2-5", directory: directory)
    let r = try results(dom)
    #expect(r["view"] as? String == "compare")
    #expect(r["compare"] as? String == "2 5")
    #expect(r["shown"] as? String == "compare")
    #expect(r["errors"] as? [String] == [])
    // Side by side: same top, same size, the second to the right of the first.
    let panes = r["panes"] as? [[Double]] ?? []
    #expect(panes.count == 2)
    if panes.count == 2 {
      #expect(panes[0][1] == panes[1][1] && panes[0][3] == panes[1][3])
      #expect(panes[1][0] >= panes[0][0] + panes[0][2])
      #expect(panes[0][2] > 300 && panes[0][3] > 300)
    }
  }

  @Test("without JavaScript: the addressed state alone, its SVG linked, no compare view")
  func withoutJavaScript() throws {
    guard let browser = SimulateReviewPageBrowserTests.chromium() else { return }
    let directory = try TemporaryDirectory("review-nojs")
    let out = try review(in: directory)
    // The harness only measures what CSS displays, with the page's own scripts removed.
    let page = try instrument(
      out.appendingPathComponent("index.html"),
      harness: """
        setTimeout(function () {
          var visible = function (element) { return element.getClientRects().length > 0; };
          document.getElementById("harness").textContent = JSON.stringify({
            shown: Array.from(document.querySelectorAll("main > section")).filter(visible)
              .map(function (s) { return s.id; }),
            jsOnly: Array.from(document.querySelectorAll(".js-only")).filter(visible).length,
            links: Array.from(document.querySelectorAll("#step-4 a.svg-link"))
              .filter(visible).map(function (a) { return a.getAttribute("href"); }),
            diagramWidth: document.querySelector("#step-4 svg").getBoundingClientRect().width,
            note: document.querySelector("#step-3 .note ul li code").textContent,
            errors: window.__errors });
        }, 300);
        """, stripPageScripts: true)
    let (dom, _) = try browse(browser, page.absoluteString + "#step-4", directory: directory)
    let r = try results(dom)
    #expect(r["shown"] as? [String] == ["step-4"])
    #expect(r["jsOnly"] as? Int == 0)
    #expect(r["links"] as? [String] == ["step-4.svg"])
    #expect((r["diagramWidth"] as? Double ?? 0) > 300)
    #expect(r["note"] as? String == "reply")
    #expect(r["errors"] as? [String] == [])
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("step-4.svg").path))
  }
}
