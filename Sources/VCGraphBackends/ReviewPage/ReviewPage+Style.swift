/// The review page's style sheet.
extension ReviewPage {
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
    html:not(.js) .js-only { display: none !important; }
    .masthead { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between;
      gap: 4px 24px; padding: 14px 24px 12px; border-bottom: 1px solid var(--line); }
    .kicker { margin: 0; color: var(--muted); font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; }
    h1 { margin: 2px 0 0; font-size: 21px; line-height: 1.25; }
    .meta { margin: 0; color: var(--muted); font-size: 13px; }
    .meta a { color: var(--accent); font-weight: 600; }
    /* An application shell: the page itself never scrolls, so following #step-N never
       scrolls the header away; the step list and the state scroll on their own. */
    html, body { height: 100%; }
    body { display: flex; flex-direction: column; overflow: hidden; }
    .masthead { flex: none; }
    .layout { flex: 1; min-height: 0; display: grid; grid-template-columns: 236px minmax(0, 1fr); }
    nav.steps { border-right: 1px solid var(--line); background: var(--soft); padding: 12px 10px;
      overflow-y: auto; }
    nav.steps ol { list-style: none; margin: 0; padding: 0; }
    main { overflow: auto; min-width: 0; }
    nav.steps a { display: flex; gap: 10px; align-items: flex-start; padding: 7px 8px; border-radius: 8px;
      color: inherit; text-decoration: none; border: 1px solid transparent; }
    nav.steps a:hover { background: #fff; border-color: var(--line); }
    nav.steps a[aria-current] { background: #fff; border-color: var(--accent);
      box-shadow: 0 1px 2px rgba(31, 35, 40, 0.08); }
    nav.steps a.compared { background: #fff; border-color: var(--moved); }
    nav.steps .num { flex: none; width: 24px; height: 24px; border-radius: 12px; display: grid;
      place-items: center; font-size: 12px; font-weight: 600; background: #fff; border: 1px solid var(--line); }
    nav.steps a[aria-current] .num { background: var(--accent); border-color: var(--accent); color: #fff; }
    nav.steps a.compared .num { background: var(--moved); border-color: var(--moved); color: #fff; }
    nav.steps .label { display: flex; flex-direction: column; min-width: 0; }
    nav.steps .op { font-size: 11px; color: var(--muted); font-weight: 600; letter-spacing: 0.03em; }
    nav.steps .text { font-size: 13px; overflow-wrap: anywhere; }
    section.step { display: none; grid-template-columns: minmax(0, 1fr) 320px; min-height: 100%; }
    html:not(.js) section.step:target { display: grid; }
    html:not(.js) body:not(:has(section.step:target)) section.step:first-of-type { display: grid; }
    html.js body[data-view="step"] section.step.current { display: grid; height: 100%; }
    .diagram { margin: 0; padding: 10px 12px 16px; display: flex; flex-direction: column; min-width: 0;
      min-height: 0; gap: 8px; }
    .toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; font-size: 13px;
      color: var(--muted); }
    .toolbar a, .compare-bar a { color: var(--accent); }
    .zoom-controls { display: inline-flex; align-items: center; gap: 4px; }
    .zoom-controls button { font: inherit; font-size: 13px; min-width: 30px; padding: 2px 8px;
      border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
    .zoom-controls button:hover { background: var(--soft); }
    .zoom-level { min-width: 46px; text-align: center; font-variant-numeric: tabular-nums; }
    .viewport { overflow: auto; }
    .viewport svg { display: block; margin: 0 auto; width: 100%; height: auto;
      max-height: calc(100vh - 140px); }
    html.js .viewport { display: block; position: relative; overflow: hidden; flex: 1; min-height: 260px;
      border: 1px solid var(--line); border-radius: 8px; touch-action: none; cursor: grab;
      background: #fff radial-gradient(circle, #e6e9ed 1px, transparent 1px) 0 0 / 16px 16px; }
    html.js .viewport.dragging { cursor: grabbing; }
    html.js .viewport:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
    html.js .canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
    html.js .viewport svg { max-width: none !important; max-height: none; }
    .effect { border-left: 1px solid var(--line); padding: 20px 22px; background: #fff; overflow-y: auto; }
    .eyebrow { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: var(--muted);
      letter-spacing: 0.04em; text-transform: uppercase; }
    .eyebrow .op { margin-left: 6px; padding: 1px 8px; border-radius: 10px; background: var(--soft);
      border: 1px solid var(--line); color: var(--ink); text-transform: none; letter-spacing: 0;
      font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; }
    h2.description { margin: 0 0 4px; font-size: 19px; line-height: 1.35; overflow-wrap: anywhere; }
    .source { margin: 0 0 16px; font-size: 12px; color: var(--muted);
      font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
    .note { margin: 0 0 16px; padding: 10px 12px; border-left: 3px solid var(--accent);
      background: var(--shown-bg); border-radius: 0 8px 8px 0; font-size: 14px; overflow-wrap: anywhere; }
    .note p, .note ul { margin: 0 0 6px; } .note > :last-child { margin-bottom: 0; }
    .note ul { padding-left: 18px; }
    .note code { background: rgba(255, 255, 255, 0.7); padding: 0 3px; border-radius: 3px; }
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
    a:focus-visible, button:focus-visible, select:focus-visible { outline: 2px solid var(--accent);
      outline-offset: 2px; }
    section.compare { display: none; }
    html.js body[data-view="compare"] section.compare { display: grid; grid-template-rows: auto auto minmax(0, 1fr);
      height: 100%; padding: 10px 12px 16px; gap: 8px; }
    .compare-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; font-size: 13px; }
    .compare-bar h2 { margin: 0; font-size: 17px; }
    .compare-bar select { font: inherit; max-width: 260px; }
    .compare-bar .close { margin-left: auto; font-weight: 600; }
    .compare-bar .arrange { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid var(--line);
      border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; }
    .compare-bar .arrange[aria-pressed="true"] { background: var(--soft); border-color: var(--accent); }
    section.compare[data-arrangement="stacked"] .panes { grid-template-columns: 1fr;
      grid-template-rows: 1fr 1fr; }
    .between { margin: 0; font-size: 13px; color: var(--muted); }
    .between a { color: var(--accent); }
    .panes { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; min-height: 0; }
    .pane { display: flex; flex-direction: column; min-width: 0; min-height: 0; gap: 6px; }
    .pane-head { font-size: 14px; }
    .pane-head .title { font-weight: 600; overflow-wrap: anywhere; }
    .pane-head .note { margin: 4px 0 0; padding: 6px 10px; font-size: 13px; }
    .pane-body { flex: 1; display: flex; flex-direction: column; min-height: 0; }
    @media (max-width: 1100px) {
      html, body { height: auto; }
      body { display: block; overflow: visible; }
      main { overflow: visible; }
      .layout { grid-template-columns: 1fr; }
      nav.steps { border-right: 0; border-bottom: 1px solid var(--line); }
      nav.steps ol { position: static; display: flex; flex-wrap: wrap; gap: 4px; }
      nav.steps .label .text { display: none; }
      section.step, html:not(.js) section.step:target { grid-template-columns: 1fr; }
      html.js body[data-view="step"] section.step.current { height: auto; }
      html.js .viewport { height: 70vh; flex: none; }
      .effect { border-left: 0; border-top: 1px solid var(--line); }
      .panes { grid-template-columns: 1fr; }
    }
    @media print {
      nav.steps, .pager, .keys, .toolbar, section.compare { display: none; }
      .layout { display: block; }
      html.js section.step, section.step { display: grid; break-after: page; }
      html.js .viewport { overflow: visible; border: 0; background: none; }
      html.js .canvas { position: static; transform: none !important; }
    }

    """
}
