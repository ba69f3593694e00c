/// The review page's script: which state (or pair of states) the address shows, the keys,
/// and zoom and pan. Everything it changes, it changes on the page's own elements; it loads
/// nothing and writes no text as HTML (notes are HTML made by ``ReviewNote``, moved, never
/// re-parsed).
extension ReviewPage {
  static let script = #"""

    (function () {
      "use strict";
      var sections = Array.prototype.slice.call(document.querySelectorAll("section.step"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav.steps a"));
      var compare = document.getElementById("compare");
      var panes = Array.prototype.slice.call(compare.querySelectorAll(".pane"));
      var selects = Array.prototype.slice.call(compare.querySelectorAll("select"));
      var between = compare.querySelector(".between");
      var title = document.title;
      var main = document.querySelector("main");
      var MIN = 0.1, MAX = 8, PAD = 16;

      function clamp(scale) { return Math.min(MAX, Math.max(MIN, scale)); }

      // One diagram's zoom and pan: the canvas is translated, then scaled from its top left.
      function View(viewport, figure) {
        this.viewport = viewport;
        this.home = figure;
        this.canvas = viewport.querySelector(".canvas");
        var svg = this.canvas.querySelector("svg");
        var box = svg && svg.viewBox && svg.viewBox.baseVal;
        // Graphviz draws in points; 1pt is 4/3 CSS px.
        this.width = box && box.width ? box.width * 4 / 3 : 400;
        this.height = box && box.height ? box.height * 4 / 3 : 300;
        if (svg) {
          svg.style.width = this.width + "px";
          svg.style.height = this.height + "px";
        }
        this.scale = 1; this.x = 0; this.y = 0; this.fitted = true; this.partner = null;
        this.label = figure.querySelector(".zoom-level");
      }
      View.prototype.box = function () { return this.viewport.getBoundingClientRect(); };
      View.prototype.apply = function (fromPartner) {
        this.canvas.style.transform =
          "translate(" + this.x + "px, " + this.y + "px) scale(" + this.scale + ")";
        this.viewport.setAttribute("data-scale", this.scale.toFixed(3));
        this.viewport.setAttribute("data-x", this.x.toFixed(1));
        this.viewport.setAttribute("data-y", this.y.toFixed(1));
        var text = Math.round(this.scale * 100) + "%";
        if (this.label) { this.label.textContent = text; }
        if (this.viewport.parentNode !== this.home) {
          compare.querySelector(".zoom-level").textContent = text;
        }
        var partner = this.partner;
        if (!fromPartner && partner) {
          partner.scale = this.scale; partner.x = this.x; partner.y = this.y;
          partner.fitted = this.fitted;
          partner.apply(true);
        }
      };
      View.prototype.fit = function () {
        var box = this.box();
        if (!box.width || !box.height) { return; }
        // Side by side, both diagrams fit at the same scale.
        var width = Math.max(this.width, this.partner ? this.partner.width : 0);
        var height = Math.max(this.height, this.partner ? this.partner.height : 0);
        var scale = Math.min((box.width - 2 * PAD) / width, (box.height - 2 * PAD) / height, 1.5);
        this.scale = clamp(scale > 0 ? scale : 1);
        this.x = (box.width - width * this.scale) / 2;
        this.y = PAD;
        this.fitted = true;
        this.apply();
      };
      View.prototype.actual = function () {
        var box = this.box();
        this.scale = 1;
        this.x = (box.width - this.width) / 2;
        this.y = PAD;
        this.fitted = false;
        this.apply();
      };
      View.prototype.zoomAt = function (factor, px, py) {
        var next = clamp(this.scale * factor);
        this.x = px - (px - this.x) * next / this.scale;
        this.y = py - (py - this.y) * next / this.scale;
        this.scale = next;
        this.fitted = false;
        this.apply();
      };
      View.prototype.zoom = function (factor) {
        var box = this.box();
        this.zoomAt(factor, box.width / 2, box.height / 2);
      };
      View.prototype.pan = function (dx, dy) {
        this.x += dx; this.y += dy; this.fitted = false;
        this.apply();
      };

      function listen(view) {
        var viewport = view.viewport, pointers = {}, gesture = 1;
        viewport.addEventListener("wheel", function (event) {
          event.preventDefault();
          var unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
          // A pinch on a trackpad arrives as a wheel event with ctrlKey and small deltas.
          var factor = Math.exp(-event.deltaY * unit * (event.ctrlKey ? 0.01 : 0.0015));
          var box = view.box();
          view.zoomAt(factor, event.clientX - box.left, event.clientY - box.top);
        }, { passive: false });
        // Safari's trackpad pinch.
        viewport.addEventListener("gesturestart", function (event) {
          event.preventDefault(); gesture = 1;
        });
        viewport.addEventListener("gesturechange", function (event) {
          event.preventDefault();
          var box = view.box();
          view.zoomAt(event.scale / gesture, event.clientX - box.left, event.clientY - box.top);
          gesture = event.scale;
        });
        viewport.addEventListener("pointerdown", function (event) {
          if (event.button !== 0) { return; }
          pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
          try { viewport.setPointerCapture(event.pointerId); } catch (error) { /* synthetic */ }
          viewport.classList.add("dragging");
        });
        viewport.addEventListener("pointermove", function (event) {
          var point = pointers[event.pointerId];
          if (!point) { return; }
          var ids = Object.keys(pointers);
          if (ids.length === 1) {
            view.pan(event.clientX - point.x, event.clientY - point.y);
          } else if (ids.length === 2) {
            // Two fingers: the change in their distance zooms around their midpoint.
            var other = pointers[ids[0] === String(event.pointerId) ? ids[1] : ids[0]];
            var before = Math.hypot(point.x - other.x, point.y - other.y);
            var after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
            var box = view.box();
            if (before > 0) {
              view.zoomAt(after / before, (event.clientX + other.x) / 2 - box.left,
                (event.clientY + other.y) / 2 - box.top);
            }
          }
          point.x = event.clientX; point.y = event.clientY;
        });
        function up(event) {
          delete pointers[event.pointerId];
          if (Object.keys(pointers).length === 0) { viewport.classList.remove("dragging"); }
        }
        viewport.addEventListener("pointerup", up);
        viewport.addEventListener("pointercancel", up);
      }

      var views = sections.map(function (section) {
        var view = new View(section.querySelector(".viewport"), section.querySelector("figure"));
        listen(view);
        return view;
      });

      // What the address asks for: one state, or two side by side.
      function target() {
        var match = /^#compare-(\d+)-(\d+)$/.exec(location.hash);
        if (match) {
          var a = parseInt(match[1], 10), b = parseInt(match[2], 10);
          if (a < sections.length && b < sections.length && a !== b) {
            return { view: "compare", a: a, b: b, n: b };
          }
        }
        match = /^#step-(\d+)$/.exec(location.hash);
        var n = match ? parseInt(match[1], 10) : 0;
        return { view: "step", n: n < sections.length ? n : 0 };
      }
      var shown = target();

      function restore() {
        views.forEach(function (view) {
          view.partner = null;
          if (view.viewport.parentNode !== view.home) { view.home.appendChild(view.viewport); }
        });
      }

      function fillPane(pane, n) {
        var head = pane.querySelector(".pane-head");
        head.textContent = "";
        var link = document.createElement("a");
        link.href = "#step-" + n;
        link.className = "title";
        link.textContent = (n === 0 ? "Initial state" : "Step " + n) + ": " +
          sections[n].querySelector("h2.description").textContent;
        head.appendChild(link);
        var note = sections[n].querySelector(".note");
        if (note) { head.appendChild(note.cloneNode(true)); }
        pane.querySelector(".pane-body").appendChild(views[n].viewport);
      }

      function fillBetween(a, b) {
        between.textContent = "";
        var low = Math.min(a, b), high = Math.max(a, b);
        between.appendChild(document.createTextNode(
          high - low === 1 ? "One step apart: " : (high - low) + " steps apart: "));
        for (var n = low + 1; n <= high; n++) {
          var link = document.createElement("a");
          link.href = "#step-" + n;
          link.textContent = n + " " + links[n].querySelector(".text").textContent;
          between.appendChild(link);
          if (n < high) { between.appendChild(document.createTextNode(" · ")); }
        }
      }

      function show() {
        shown = target();
        restore();
        var compared = shown.view === "compare";
        document.body.setAttribute("data-view", shown.view);
        document.body.setAttribute("data-current", String(shown.n));
        if (compared) {
          document.body.setAttribute("data-compare", shown.a + " " + shown.b);
          fillPane(panes[0], shown.a);
          fillPane(panes[1], shown.b);
          selects[0].value = String(shown.a);
          selects[1].value = String(shown.b);
          fillBetween(shown.a, shown.b);
          compare.querySelector(".close").href = "#step-" + shown.b;
          // The two diagrams zoom and pan together.
          views[shown.a].partner = views[shown.b];
          views[shown.b].partner = views[shown.a];
        } else {
          document.body.removeAttribute("data-compare");
        }
        sections.forEach(function (section, i) {
          section.classList.toggle("current", !compared && i === shown.n);
        });
        links.forEach(function (link, i) {
          if (!compared && i === shown.n) { link.setAttribute("aria-current", "step"); }
          else { link.removeAttribute("aria-current"); }
          link.classList.toggle("compared", compared && (i === shown.a || i === shown.b));
        });
        document.title = (compared ? "Steps " + shown.a + " and " + shown.b
          : shown.n === 0 ? "Initial state" : "Step " + shown.n) + " · " + title;
        // Following #step-N must not scroll the header and the step list away.
        window.scrollTo(0, 0);
        if (main) { main.scrollTop = 0; }
        document.body.setAttribute("data-shown", sections.concat([compare]).filter(function (s) {
          return s.getClientRects().length > 0;
        }).map(function (s) { return s.id; }).join(" "));
        visibleViews().forEach(function (view) { if (view.fitted) { view.fit(); } });
      }

      function visibleViews() {
        return shown.view === "compare" ? [views[shown.a], views[shown.b]] : [views[shown.n]];
      }

      function go(hash) { if (location.hash !== hash) { location.hash = hash; } }
      function step(delta) {
        if (shown.view === "compare") {
          var a = shown.a + delta, b = shown.b + delta;
          if (a >= 0 && b >= 0 && a < sections.length && b < sections.length) {
            go("#compare-" + a + "-" + b);
          }
        } else if (shown.n + delta >= 0 && shown.n + delta < sections.length) {
          go("#step-" + (shown.n + delta));
        }
      }
      function zoom(action) {
        var view = visibleViews()[0];
        if (action === "in") { view.zoom(1.25); }
        else if (action === "out") { view.zoom(0.8); }
        else if (action === "fit") { view.fit(); }
        else if (action === "actual") { view.actual(); }
      }

      document.addEventListener("click", function (event) {
        var button = event.target.closest && event.target.closest("button[data-zoom]");
        if (button) { zoom(button.getAttribute("data-zoom")); }
      });
      // Wide diagrams read better one above the other than side by side.
      var arrange = compare.querySelector("button.arrange");
      arrange.addEventListener("click", function () {
        var stacked = compare.getAttribute("data-arrangement") !== "stacked";
        compare.setAttribute("data-arrangement", stacked ? "stacked" : "side-by-side");
        arrange.setAttribute("aria-pressed", String(stacked));
        arrange.textContent = stacked ? "Side by side" : "One above the other";
        if (shown.view === "compare") { views[shown.a].fit(); }
      });
      selects.forEach(function (select) {
        select.addEventListener("change", function () {
          var a = parseInt(selects[0].value, 10), b = parseInt(selects[1].value, 10);
          // Choosing the other side's state swaps the two.
          if (a === b) {
            if (select === selects[0]) { b = shown.a; } else { a = shown.b; }
          }
          go("#compare-" + a + "-" + b);
        });
      });
      window.addEventListener("hashchange", show);
      window.addEventListener("resize", function () {
        visibleViews().forEach(function (view) { if (view.fitted) { view.fit(); } });
      });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        var tag = event.target && event.target.tagName;
        if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
        var key = event.key;
        if (key === "ArrowRight" || key === "j") { step(1); }
        else if (key === "ArrowLeft" || key === "k") { step(-1); }
        else if (key === "Home") { go("#step-0"); }
        else if (key === "End") { go("#step-" + (sections.length - 1)); }
        else if (key === "+" || key === "=") { zoom("in"); }
        else if (key === "-" || key === "_") { zoom("out"); }
        else if (key === "0") { zoom("fit"); }
        else if (key === "c") {
          if (shown.view === "compare") { go("#step-" + shown.b); }
          else if (sections.length > 1) {
            go(shown.n === 0 ? "#compare-0-1" : "#compare-" + (shown.n - 1) + "-" + shown.n);
          }
        }
        else if (key === "Escape" && shown.view === "compare") { go("#step-" + shown.b); }
        else { return; }
        event.preventDefault();
      });
      show();
    })();

    """#
}
