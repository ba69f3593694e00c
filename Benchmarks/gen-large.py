#!/usr/bin/env python3
"""Print a vcgraph description with exactly N controllers, for scale checks.

    Benchmarks/gen-large.py 1000000 > /tmp/large.yaml
    vcgraph analyze --max-controllers 2000000 --max-input-bytes 100000000 /tmp/large.yaml

The hierarchy is a tab bar with up to 1000 navigation stacks sharing the controllers evenly.
Every tenth stack's top presents an overCurrentContext modal (presented by its navigation
controller, which defines the presentation context), and the second stack's top presents a
page-sheet navigation controller with two controllers (presented by the tab bar). The file
also asks for a dismissal and a responder chain, so `analyze` exercises S1-S5.
"""

import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="number of controllers (at least 4)")
    parser.add_argument(
        "--stacks", type=int, help="navigation stacks (default: min(1000, count // 10))")
    args = parser.parse_args()
    n = args.count
    if n < 4:
        parser.error("count must be at least 4")
    stacks = args.stacks or max(1, min(1000, n // 10))
    presenting = [i for i in range(stacks) if i % 10 == 0 and i != 1]
    sheet = 3 if stacks > 1 else 0
    pushed = n - 1 - stacks - len(presenting) - sheet
    if pushed < stacks:
        parser.error(f"{n} controllers are too few for {stacks} stacks")

    out = sys.stdout
    write = out.write
    write(f"title: {n} controllers in {stacks} navigation stacks\n")
    write("window:\n  root:\n    class: UITabBarController\n    id: tabs\n")
    write(f"    selectedIndex: {stacks - 1}\n    viewControllers:\n")
    base, extra = divmod(pushed, stacks)
    for i in range(stacks):
        depth = base + (1 if i < extra else 0)
        write(f"      - class: UINavigationController\n        id: nav{i}\n")
        write("        viewControllers:\n")
        lines = [f"          - {{ class: Screen{j % 7}ViewController, id: c{i}_{j} }}\n"
                 for j in range(depth - 1)]
        write("".join(lines))
        top = f"c{i}_{depth - 1}"
        if i in presenting:
            write(f"          - {{ class: TopViewController, id: {top}, presents: "
                  f"{{ class: OverlayViewController, id: m{i}, "
                  "modalPresentationStyle: overCurrentContext } }\n")
        elif i == 1 and sheet:
            write(f"          - class: TopViewController\n            id: {top}\n")
            write("            presents:\n              class: UINavigationController\n")
            write("              id: sheetNav\n              modalPresentationStyle: pageSheet\n")
            write("              viewControllers:\n")
            write("                - { class: SheetViewController, id: sheet1 }\n")
            write("                - class: SheetViewController\n                  id: sheet2\n")
            write("                  view: { id: sheetRoot, subviews: [{ id: doneButton, "
                  "class: UIButton }] }\n")
        else:
            write(f"          - {{ class: TopViewController, id: {top} }}\n")
    if sheet:
        write("analyze:\n  - dismiss: { from: sheet2 }\n")
        write("  - responderChain: { from: doneButton }\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
