#!/usr/bin/env python3
"""The Python peer of `vcgraph render`: PyYAML (C loader) plus pygraphviz, in one process.

    peer_pygraphviz.py OUTDIR INPUT.yaml...

For each description it does what a user would write instead of vcgraph: load the YAML with
`yaml.CLoader`, build a graph with a node per controller (an HTML label with class, id and
title), containment edges labelled like vcgraph's ([i] / tab i), presentation edges into one
cluster per presentation level (beside the window's tree, as vcgraph draws them), view nodes and edges, one cluster per window (inside one per
scene), a title, vcgraph's node and edge defaults; then lay it out with dot and write SVG,
in-process (`AGraph.draw(path, format="svg", prog="dot")`). It does no UIKit analysis (no
on-screen state, top view controller, dismissals, responder chains, findings) and draws no
legend, so it does somewhat less than vcgraph: the comparison is conservative.
Prints the seconds the loop took on standard error.
"""

import html
import os
import sys
import time

import pygraphviz
import yaml

FONT = "DejaVu Sans"
PRESENTATION = "#8250df"
WINDOW = "#8c959f"


def label(controller):
    cls = controller.get("class", "UIViewController")
    ident = controller.get("id", cls)
    lines = []
    if not ident.startswith(cls):
        lines.append(f'<FONT POINT-SIZE="8" COLOR="#24292f">{html.escape(cls)}</FONT>')
    lines.append(f'<FONT COLOR="#24292f"><B>{html.escape(ident)}</B></FONT>')
    if "title" in controller:
        lines.append(f'<FONT POINT-SIZE="8" COLOR="#24292f"><I>“{html.escape(str(controller["title"]))}”</I></FONT>')
    return "<" + "<BR/>".join(lines) + ">"


class Builder:
    def __init__(self, graph):
        self.graph = graph
        self.count = 0
        self.views = 0
        self.edges = []          # (tail, head, attributes), added after all nodes

    def controller(self, c, cluster, window, levels):
        if isinstance(c, str):
            c = {"class": c}
        self.count += 1
        name = f"c{self.count}"
        kind = c.get("class", "")
        shape = "box"
        if "Navigation" in kind:
            shape = "folder"
        elif "TabBar" in kind:
            shape = "tab"
        cluster.add_node(name, label=label(c), shape=shape, tooltip=f'{kind} {c.get("id", "")}',
                         id=f'vc-{c.get("id", name)}')
        children = c.get("viewControllers") or c.get("children") or []
        for position, child in enumerate(children):
            head = self.controller(child, cluster, window, levels)
            text = f"tab {position}" if "TabBar" in kind else f"[{position}]"
            self.edges.append((name, head, {"label": text}))
        if "view" in c:
            self.view(c["view"], name, cluster)
        if "presents" in c:
            presented = c["presents"]
            levels[0] += 1
            number = levels[0]
            level = window.add_subgraph(
                name=f"cluster_level_{number}", label=f"presentation level {number}",
                color=PRESENTATION, fontcolor=PRESENTATION, style="rounded,dashed,filled",
                fillcolor="#fbf8ff", labeljust="l", fontsize="10")
            head = self.controller(presented, level, window, levels)
            style = presented.get("modalPresentationStyle", "automatic") \
                if isinstance(presented, dict) else "automatic"
            self.edges.append((name, head, {
                "label": f"presents ({style})", "style": "dashed", "color": PRESENTATION,
                "fontcolor": PRESENTATION, "penwidth": "1.8",
                "lhead": f"cluster_level_{number}"}))
        return name

    def view(self, v, owner, cluster, parent=None):
        self.views += 1
        name = f"v{self.views}"
        text = v.get("id") or v.get("class", "UIView")
        if "hosts" in v:
            text = f'view of {v["hosts"]}'
        cluster.add_node(name, label=f'<<FONT POINT-SIZE="8">{html.escape(text)}</FONT>>',
                         shape="box", style="rounded,filled", fillcolor="#f0f6ff",
                         color="#54aeff", height="0.25", margin="0.06,0.02")
        if parent is None:
            self.edges.append((owner, name, {"label": "view", "style": "dotted",
                                             "color": "#54aeff", "arrowhead": "odot"}))
        else:
            self.edges.append((parent, name, {"color": "#54aeff", "arrowsize": "0.4"}))
        for sub in v.get("subviews", []):
            self.view(sub, owner, cluster, name)


def build(description, path):
    title = description.get("title", path)
    graph = pygraphviz.AGraph(directed=True, name="peer")
    graph.graph_attr.update(
        rankdir="TB", newrank="true", compound="true", ordering="out", fontname=FONT,
        fontsize="11", nodesep="0.3", ranksep="0.45", labelloc="t",
        label=f"<<B>{html.escape(str(title))}</B>>")
    graph.node_attr.update(
        fontname=FONT, fontsize="10", shape="box", style="rounded,filled", fillcolor="white",
        color="#24292f", margin="0.12,0.05")
    graph.edge_attr.update(
        fontname=FONT, fontsize="8", color="#8c959f", fontcolor="#57606a", arrowsize="0.6")
    builder = Builder(graph)
    levels = [0]
    windows = []
    if "window" in description:
        windows.append((None, {"id": "window", **description["window"]}))
    for window in description.get("windows", []):
        windows.append((None, window))
    scene_clusters = {}
    for index, scene in enumerate(description.get("scenes", [])):
        scene_clusters[index] = graph.add_subgraph(
            name=f"cluster_scene_{index}", label=f'scene {scene.get("id", index)}',
            style="rounded,dashed", color="#57606a", fontsize="10", labeljust="l")
        for window in scene.get("windows", []):
            windows.append((index, window))
    for number, (scene, window) in enumerate(windows):
        parent = graph if scene is None else scene_clusters[scene]
        cluster = parent.add_subgraph(
            name=f"cluster_window_{number}", label=f'window {window.get("id", number)}',
            style="rounded,dashed", color=WINDOW, fontcolor=WINDOW, fontsize="10",
            labeljust="l")
        builder.controller(window["root"], cluster, cluster, levels)
    if description.get("detached"):
        cluster = graph.add_subgraph(name="cluster_detached", label="not in any window",
                                     style="rounded,dashed")
        for c in description["detached"]:
            builder.controller(c, cluster, cluster, levels)
    for tail, head, attributes in builder.edges:
        graph.add_edge(tail, head, **attributes)
    return graph


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    outdir, inputs = sys.argv[1], sys.argv[2:]
    start = time.perf_counter()
    for path in inputs:
        with open(path, "rb") as f:
            description = yaml.load(f, Loader=yaml.CLoader)
        graph = build(description, path)
        base = os.path.splitext(os.path.basename(path))[0]
        graph.draw(os.path.join(outdir, base + ".svg"), format="svg", prog="dot")
    print(f"{time.perf_counter() - start:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
