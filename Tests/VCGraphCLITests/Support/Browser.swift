import Foundation
import Testing

/// The tools the Mermaid and Markdown tests draw with, as `scripts/setup-deps --test` installs
/// them: Chromium, and in `Tests/.venv` Mermaid 11.6 (from the diagram-renderer wheel) and
/// markdown-it-py.
enum DocsTools {
  static let venv: URL = {
    if let path = ProcessInfo.processInfo.environment["VCGRAPH_TEST_VENV"] {
      return URL(fileURLWithPath: path)
    }
    return repositoryRoot.appendingPathComponent("Tests/.venv")
  }()

  static var python: URL? {
    let url = venv.appendingPathComponent("bin/python")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// `mermaid.min.js` inside the diagram-renderer package.
  static var mermaid: URL? {
    let lib = venv.appendingPathComponent("lib")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
    for version in versions.sorted() {
      let url = lib.appendingPathComponent(
        "\(version)/site-packages/diagram_renderer/renderers/static/js/mermaid.min.js")
      if FileManager.default.fileExists(atPath: url.path) { return url }
    }
    return nil
  }

  /// Chromium, the venv's Python and Mermaid, or nil after recording why they are missing: a
  /// test failure in CI, a printed skip elsewhere.
  static func available() -> (browser: URL, python: URL, mermaid: URL)? {
    guard let browser = SimulateReviewPageBrowserTests.chromium(), let python, let mermaid
    else {
      missingTool(
        "Chromium, Mermaid or markdown-it-py is missing: run scripts/setup-deps --test"
          + " (Chromium from Debian; Mermaid and markdown-it-py into Tests/.venv)")
      return nil
    }
    return (browser, python, mermaid)
  }
}

/// What headless Chromium drew for one job.
struct Drawing: Decodable {
  /// Mermaid's error message, when it refused the diagram.
  var error: String?
  /// Each node's text, lines joined with newlines.
  var nodes: [String] = []
  /// Each subgraph's title.
  var clusters: [String] = []
  /// Each edge label ("" for unlabelled edges).
  var edges: [String] = []
  /// The diagram title.
  var title: [String] = []
  /// For a Markdown page: what the HTML holds besides the diagram.
  var page: Page?

  struct Page: Decodable {
    var headings: [String]
    var paragraphs: [String]
    /// Each table's rows (the header first), each row's cells.
    var tables: [[[String]]]
    var listItems: [String]
    var images: [String]
    var mermaidBlocks: Int
    var inlineCode: [String]
  }
}

/// A diagram or page to draw.
enum BrowserJob {
  /// Mermaid text, drawn as it is.
  case mermaid(String)
  /// An HTML page (from Markdown) whose `language-mermaid` block is drawn as GitHub does.
  case page(String)
}

/// Draws every job in one headless Chromium run with Mermaid 11.6, and returns what each drew.
func drawInBrowser(
  _ jobs: [BrowserJob], tools: (browser: URL, python: URL, mermaid: URL)
) throws -> [Drawing] {
  let directory = try TemporaryDirectory("mermaid")
  try FileManager.default.copyItem(
    at: tools.mermaid, to: directory.url.appendingPathComponent("mermaid.min.js"))
  let payload = jobs.map { job -> [String: String] in
    switch job {
    case .mermaid(let text): ["kind": "mermaid", "text": text]
    case .page(let html): ["kind": "page", "text": html]
    }
  }
  let json = String(
    decoding: try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]),
    as: UTF8.self
  ).replacingOccurrences(of: "<", with: "\\u003c")
  try directory.write("page.html", browserPage.replacingOccurrences(of: "JOBS", with: json))
  let browsed = try runTool(
    tools.browser,
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--user-data-dir=\(directory.path("profile"))",
      "--window-size=1400,900", "--virtual-time-budget=600000", "--dump-dom",
      directory.url.appendingPathComponent("page.html").absoluteString,
    ], timeout: 600)
  let dom = browsed.stdout
  guard let start = dom.range(of: "<pre id=\"results\">"),
    let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
  else {
    throw RunError(description: "Chromium printed no results: \(browsed.stderr.suffix(2000))")
  }
  let drawings = try JSONDecoder().decode(
    [Drawing].self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
  guard drawings.count == jobs.count else {
    throw RunError(description: "Chromium drew \(drawings.count) of \(jobs.count) jobs")
  }
  return drawings
}

/// Markdown to HTML with markdown-it-py in CommonMark mode with tables (GitHub's dialect, no
/// raw HTML), one process for all pages.
func markdownToHTML(_ pages: [String], python: URL) throws -> [String] {
  let directory = try TemporaryDirectory("markdown")
  for (index, page) in pages.enumerated() { try directory.write("\(index).md", page) }
  let script = """
    import sys
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    for i in range(int(sys.argv[2])):
        with open(f"{sys.argv[1]}/{i}.md", encoding="utf-8") as f:
            html = md.render(f.read())
        with open(f"{sys.argv[1]}/{i}.html", "w", encoding="utf-8") as f:
            f.write(html)
    """
  let run = try runTool(python, ["-c", script, directory.url.path, "\(pages.count)"])
  guard run.exitCode == 0 else { throw RunError(description: "markdown-it-py: \(run.stderr)") }
  return try pages.indices.map {
    try String(contentsOf: directory.url.appendingPathComponent("\($0).html"), encoding: .utf8)
  }
}

/// The page that draws the jobs and writes what it drew as JSON, with `<`, `>` and `&`
/// escaped so that the DOM dump leaves it as it is.
private let browserPage = """
  <!doctype html><html><head><meta charset="utf-8"><script src="mermaid.min.js"></script>
  </head><body><div id="drawings"></div><pre id="results"></pre><script>
  const jobs = JOBS;
  function text(element) {
    let result = "";
    for (const child of element.childNodes) {
      if (child.nodeType === 3) result += child.data;
      else if (child.nodeName.toLowerCase() === "br") result += "\\n";
      else if (child.nodeType === 1) result += text(child);
    }
    return result;
  }
  async function draw(source, number) {
    try {
      const { svg } = await mermaid.render("diagram" + number, source);
      const holder = document.createElement("div");
      holder.innerHTML = svg;
      document.getElementById("drawings").appendChild(holder);
      const all = (selector) => [...holder.querySelectorAll(selector)].map(text);
      return { nodes: all("g.node"), clusters: all("g.cluster-label"),
        edges: all("g.edgeLabel"), title: all(".flowchartTitleText") };
    } catch (error) {
      return { error: String((error && error.message) || error) };
    }
  }
  mermaid.initialize({ startOnLoad: false });
  (async () => {
    const results = [];
    for (let number = 0; number < jobs.length; number++) {
      const job = jobs[number];
      if (job.kind === "mermaid") { results.push(await draw(job.text, number)); continue; }
      const page = document.createElement("div");
      page.innerHTML = job.text;
      const all = (selector) => [...page.querySelectorAll(selector)].map(text);
      const blocks = [...page.querySelectorAll("pre > code.language-mermaid")];
      const result = blocks.length ? await draw(blocks[0].textContent, number) : {};
      result.page = {
        headings: all("h1, h2, h3"), paragraphs: all("p"), listItems: all("li"),
        images: [...page.querySelectorAll("img")].map((image) => image.getAttribute("src")),
        mermaidBlocks: blocks.length, inlineCode: all(":not(pre) > code"),
        tables: [...page.querySelectorAll("table")].map((table) =>
          [...table.querySelectorAll("tr")].map((row) =>
            [...row.querySelectorAll("th, td")].map(text))),
      };
      results.push(result);
    }
    document.getElementById("results").textContent = JSON.stringify(results)
      .replace(/[<>&]/g, (c) => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  })();
  </script></body></html>
  """

/// Runs a program other than vcgraph (Chromium, Python, swift) with standard output and error
/// collected through files, and stops it after `timeout` seconds.
func runTool(
  _ executable: URL, _ arguments: [String], cwd: URL? = nil, timeout: Double = 120,
  environment: [String: String] = [:]
) throws -> RunResult {
  let scratch = try TemporaryDirectory("tool")
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let output = try FileHandle(forWritingTo: outURL)
  let errors = try FileHandle(forWritingTo: errURL)
  defer {
    try? output.close()
    try? errors.close()
  }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let cwd { process.currentDirectoryURL = cwd }
  var env = ProcessInfo.processInfo.environment
  for (key, value) in environment { env[key] = value }
  process.environment = env
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  if process.isRunning {
    process.terminate()
    usleep(500_000)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  process.waitUntilExit()
  let outBytes = [UInt8](try Data(contentsOf: outURL))
  return RunResult(
    exitCode: process.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
    stdoutBytes: outBytes, stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}
