#!/usr/bin/env python3
"""Write COUNT realistic vcgraph descriptions of about 30 controllers each, for benchmarks.

    Benchmarks/gen-batch.py Benchmarks/work/batch            # 200 files, seed 1
    Benchmarks/gen-batch.py DIR --count 50 --size 40 --seed 7

Deterministic for a given seed. The mix follows what apps look like: mostly tab bars of
navigation stacks (sometimes more than five tabs, so some live under More), iPad split views,
and apps with a second alert-level window or two scenes. Presentations of every style,
including a second level and alerts, root views with buttons for responder chains, `analyze`
entries (dismissals, responder chains), and now and then a broken rule so `check` has findings
to draw: a navigation controller pushed on another, a tab bar nested as a child, an alert that
is never presented, a one-child switcher with two children's views attached.
"""

import argparse
import os
import random
import sys

SCREENS = [
    "Feed", "Post", "Profile", "Settings", "Search", "Results", "Detail", "Comments", "Inbox",
    "Message", "Compose", "Library", "Album", "Photo", "Player", "Queue", "Cart", "Checkout",
    "Orders", "Account", "Notifications", "Map", "Place", "Reviews", "Help", "About",
]
STYLES = ["pageSheet", "formSheet", "fullScreen", "overFullScreen", "overCurrentContext",
          "popover", "automatic", None]


class Doc:
    """One description being generated."""

    def __init__(self, rng: random.Random, number: int):
        self.rng = rng
        self.number = number
        self.count = 0
        self.ids = set()
        self.classes = {}
        self.views = []          # ids of buttons, for responder chains
        self.presented = []      # ids of presented controllers, for dismissals

    def ident(self, stem: str) -> str:
        stem = stem[0].lower() + stem[1:]
        name, n = stem, 2
        while name in self.ids:
            name, n = f"{stem}{n}", n + 1
        self.ids.add(name)
        return name

    def screen(self, kind="UIViewController"):
        """A plain content controller, a custom subclass declared in `classes` half the time."""
        self.count += 1
        name = self.rng.choice(SCREENS)
        cls = f"{name}ViewController"
        if self.rng.random() < 0.5:
            self.classes[cls] = kind if kind != "UIViewController" else "UIViewController"
        elif self.rng.random() < 0.3:
            cls = "UITableViewController"
        c = {"class": cls, "id": self.ident(name)}
        if self.rng.random() < 0.4:
            c["title"] = self.rng.choice([name, f"{name} list", f"\"{name}\" — details", f"{name}: #42"])
        return c

    def nav(self, depth: int, stem: str = "nav"):
        self.count += 1
        c = {"class": "UINavigationController", "id": self.ident(stem + "Nav")}
        c["viewControllers"] = [self.screen() for _ in range(depth)]
        return c

    def with_view(self, c):
        """A root view with a few subviews; remembers the button for a responder chain."""
        button = self.ident(c["id"] + "Button")
        subviews = [{"id": button, "class": "UIButton"}]
        if self.rng.random() < 0.5:
            subviews.insert(0, {"id": self.ident(c["id"] + "Header"), "class": "UILabel"})
        if self.rng.random() < 0.3:
            subviews.append({"class": "UIStackView", "subviews": [
                {"id": self.ident(c["id"] + "Toggle"), "class": "UISwitch"}]})
        c["view"] = {"id": self.ident(c["id"] + "Root"), "subviews": subviews}
        self.views.append(button)

    def presentation(self, budget: int, style=None):
        """A presented controller (sometimes a navigation stack), and maybe a second level."""
        kind = self.rng.random()
        if kind < 0.15 and style is None:
            self.count += 1
            c = {"class": "UIAlertController", "id": self.ident("alert"),
                 "title": self.rng.choice(["Delete?", "Sign out?", "Discard draft?"])}
            self.presented.append(c["id"])
            return c
        if kind < 0.6 and budget >= 3:
            c = self.nav(self.rng.randint(1, min(3, budget - 1)), "sheet")
        else:
            c = self.screen()
        style = style or self.rng.choice(STYLES)
        if style:
            c["modalPresentationStyle"] = style
        self.presented.append(c["id"])
        top = c["viewControllers"][-1] if "viewControllers" in c else c
        if budget - self.count_of(c) >= 2 and self.rng.random() < 0.35:
            top["presents"] = self.presentation(2)
        elif self.rng.random() < 0.6:
            self.with_view(top)
        return c

    @staticmethod
    def count_of(c) -> int:
        n = 1
        for key in ("viewControllers", "children"):
            for child in c.get(key, []):
                n += Doc.count_of(child)
        if "presents" in c:
            n += Doc.count_of(c["presents"])
        return n


def tab_app(doc: Doc, target: int):
    rng = doc.rng
    tabs = rng.choice([3, 4, 4, 5, 5, 6, 7])
    root = {"class": "UITabBarController", "id": doc.ident("tabs")}
    doc.count += 1
    selected = rng.randrange(tabs)
    root["selectedIndex"] = selected
    remaining = target - 1 - 6  # leave room for presentations
    navs = []
    for t in range(tabs):
        depth = max(1, remaining // (tabs - t) - 1 + rng.randint(-1, 1)) if t < tabs - 1 \
            else max(1, remaining - 1)
        depth = min(depth, 8)
        nav = doc.nav(depth, rng.choice(SCREENS))
        remaining -= 1 + depth
        navs.append(nav)
    root["viewControllers"] = navs
    top = navs[selected]["viewControllers"][-1]
    top["presents"] = doc.presentation(max(2, target - doc.count))
    # Off-screen tabs keep their own presentations now and then: in their navigation
    # controller's context, or (rarely) refused because the tab bar is already presenting.
    other = navs[(selected + 1) % tabs]["viewControllers"][-1]
    if rng.random() < 0.4 and target - doc.count >= 1:
        later = (selected + 1) % tabs > selected  # refused only after the main presentation
        style = "pageSheet" if later and rng.random() < 0.3 else "overCurrentContext"
        other["presents"] = doc.presentation(1, style)
    if rng.random() < 0.5:
        doc.with_view(navs[selected]["viewControllers"][0])
    # Rule breakers, rarely.
    if rng.random() < 0.08:
        navs[0]["viewControllers"].append(
            {"class": "UINavigationController", "id": doc.ident("pushedNav"),
             "viewControllers": [doc.screen()]})
        doc.count += 1
    return {"window": {"root": root}}


def split_app(doc: Doc, target: int):
    rng = doc.rng
    doc.count += 1
    primary = doc.nav(rng.randint(2, 4), "primary")
    secondary = doc.nav(rng.randint(2, 4), "secondary")
    split = {"class": "UISplitViewController", "id": doc.ident("split"),
             "viewControllers": [primary, secondary]}
    doc.with_view(secondary["viewControllers"][-1])
    secondary["viewControllers"][-1]["presents"] = doc.presentation(4)
    # A custom switcher in the primary column holding the rest of the budget.
    switcher_children = []
    doc.count += 1
    switcher = {"class": "SwitcherViewController", "id": doc.ident("switcher")}
    doc.classes["SwitcherViewController"] = "UIViewController"
    while doc.count < target - 1:
        switcher_children.append(doc.nav(rng.randint(1, 3), "section"))
    if not switcher_children:
        switcher_children.append(doc.screen())
    switcher["children"] = switcher_children
    switcher["showing"] = switcher_children[0]["id"]
    hosted = [{"hosts": switcher_children[0]["id"]}]
    if rng.random() < 0.3 and len(switcher_children) > 1:
        hosted.append({"hosts": switcher_children[1]["id"]})  # stacked children
    switcher["view"] = {"id": doc.ident("switcherRoot"), "subviews": hosted}
    primary["viewControllers"].append(switcher)
    return {"device": "iPad", "window": {"root": split}}


def two_windows_app(doc: Doc, target: int):
    rng = doc.rng
    main = tab_app(doc, target - 3)["window"]["root"]
    banner = doc.screen()
    doc.count += 1
    windows = [{"id": "main", "key": True, "root": main},
               {"id": "banner", "level": "alert", "root": banner}]
    if rng.random() < 0.5:
        return {"windows": windows}
    doc.count += 1
    side = {"class": "UINavigationController", "id": doc.ident("sideNav"),
            "viewControllers": [doc.screen()]}
    return {"device": "iPad", "scenes": [
        {"id": "mainScene", "windows": windows},
        {"id": "sideScene", "foreground": False, "windows": [{"id": "side", "root": side}]},
    ]}


def generate(rng: random.Random, number: int, size: int) -> str:
    doc = Doc(rng, number)
    target = size + 2 + rng.randint(-4, 4)  # the tab budget undershoots a little
    pick = rng.random()
    if pick < 0.6:
        body = tab_app(doc, target)
        kind = "tab bar"
    elif pick < 0.8:
        body = split_app(doc, target)
        kind = "split view"
    else:
        body = two_windows_app(doc, target)
        kind = "two windows"
    if rng.random() < 0.1:
        doc.classes["OrphanAlert"] = "UIAlertController"
        body.setdefault("detached", []).append({"class": "OrphanAlert", "id": doc.ident("orphanAlert")})
    doc_dict = {"title": f"App {number:03d}: {kind}, {doc.count} controllers"}
    if "device" in body:
        doc_dict["device"] = body.pop("device")
    if doc.classes:
        doc_dict["classes"] = dict(sorted(doc.classes.items()))
    doc_dict.update(body)
    analyze = []
    if doc.presented:
        analyze.append({"dismiss": {"from": doc.presented[0]}})
    if doc.views:
        analyze.append({"responderChain": {"from": doc.views[0]}})
    if analyze:
        doc_dict["analyze"] = analyze
    return f"# Generated by Benchmarks/gen-batch.py (file {number})\n" + emit(doc_dict, 0)


def scalar(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if any(ch in text for ch in ':#{}[],"\'—') or text != text.strip() or not text:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def flat(value) -> bool:
    return isinstance(value, dict) and all(not isinstance(v, (dict, list)) for v in value.values())


def flow(value: dict) -> str:
    return "{ " + ", ".join(f"{k}: {scalar(v)}" for k, v in value.items()) + " }"


def emit(value, indent: int) -> str:
    pad = " " * indent
    out = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict):
                if flat(item) and len(item) <= 3:
                    out.append(f"{pad}{key}: {flow(item)}\n")
                else:
                    out.append(f"{pad}{key}:\n" + emit(item, indent + 2))
            elif isinstance(item, list):
                out.append(f"{pad}{key}:\n" + emit(item, indent + 2))
            else:
                out.append(f"{pad}{key}: {scalar(item)}\n")
    else:
        for item in value:
            if isinstance(item, dict) and flat(item) and len(item) <= 3:
                out.append(f"{pad}- {flow(item)}\n")
            elif isinstance(item, dict):
                body = emit(item, indent + 2)
                out.append(f"{pad}- " + body[indent + 2:])
            else:
                out.append(f"{pad}- {scalar(item)}\n")
    return "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="where to write app-NNN.yaml (created if missing)")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--size", type=int, default=30, help="controllers per file, about")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.makedirs(args.directory, exist_ok=True)
    rng = random.Random(args.seed)
    for number in range(args.count):
        path = os.path.join(args.directory, f"app-{number:03d}.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(generate(rng, number, args.size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
