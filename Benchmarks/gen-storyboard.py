#!/usr/bin/env python3
"""Print an iOS storyboard with N scenes (default 300), for the storyboard benchmark.

    Benchmarks/gen-storyboard.py 300 > /tmp/app.storyboard
    vcgraph render /tmp/app.storyboard -o /tmp/app.svg

The launch state is a tab bar controller with five tabs, each a navigation controller whose
root pushes (show segues from buttons and table cells) down a chain of screens. Along the way
every seventh screen presents a page sheet (a navigation controller with its root), every
eleventh a popover anchored on a bar button item and every seventeenth an overCurrentContext
presentation (both of one of those sheets), every thirteenth embeds a child in a container
view, and every presented screen has an unwind back. A few screens carry a storyboardIdentifier. The output is the same
for the same N (ids are derived from the scene number, in Interface Builder's xxx-xx-xxx form).
"""

import argparse
import sys

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def ib_id(kind: str, number: int) -> str:
    """A stable Interface Builder style id such as `a0B-7x-Qz9`."""
    value = (number * 2654435761 + sum(map(ord, kind)) * 97) % (62**8)
    chars = []
    for _ in range(8):
        value, digit = divmod(value, 62)
        chars.append(ALPHABET[digit])
    text = "".join(chars)
    return f"{text[:3]}-{text[3:5]}-{text[5:]}"


class Storyboard:
    def __init__(self) -> None:
        self.scenes: list[str] = []

    def scene(self, label: str, body: str, number: int) -> None:
        self.scenes.append(
            f"""        <!--{label}-->
        <scene sceneID="{ib_id('scene', number)}">
            <objects>
{body}
                <placeholder placeholderIdentifier="IBFirstResponder" id="{ib_id('fr', number)}" sceneMemberID="firstResponder"/>
                <exit id="{ib_id('exit', number)}" userLabel="Exit" sceneMemberID="exit"/>
            </objects>
            <point key="canvasLocation" x="{(number % 20) * 400}" y="{(number // 20) * 700}"/>
        </scene>""")


def segue(destination: str, kind: str, number: int, extra: str = "") -> str:
    return f'<segue destination="{destination}" kind="{kind}" id="{ib_id("segue", number)}"{extra}/>'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=300, help="scenes (at least 20)")
    args = parser.parse_args()
    n = args.count
    if n < 20:
        parser.error("count must be at least 20")

    board = Storyboard()
    tabs = 5
    tab_bar = ib_id("vc", 0)
    segue_number = 0

    def next_segue() -> int:
        nonlocal segue_number
        segue_number += 1
        return segue_number

    # Scene numbers: 0 tab bar, 1..5 navigation controllers, then screens.
    screens = list(range(tabs + 1, n))
    # Sheets take two scenes (a navigation controller and its root); embeds one child.
    chains: list[list[int]] = [[] for _ in range(tabs)]
    extras: dict[int, tuple[str, int, int | None]] = {}
    index = 0
    position = 0
    while index < len(screens):
        number = screens[index]
        index += 1
        chain = chains[position % tabs]
        position += 1
        chain.append(number)
        remaining = len(screens) - index
        if number % 7 == 0 and remaining >= 2:
            extras[number] = ("sheet", screens[index], screens[index + 1])
            index += 2
        elif number % 13 == 0 and remaining >= 1:
            extras[number] = ("embed", screens[index], None)
            index += 1

    # Popovers and overlays present one of the sheets' navigation controllers.
    sheets = [extra[1] for extra in extras.values() if extra[0] == "sheet"] or [tabs + 1]

    tab_segues = "\n".join(
        "                        "
        + segue(ib_id("vc", t + 1), "relationship", next_segue(), ' relationship="viewControllers"')
        for t in range(tabs))
    board.scene(
        "Tab Bar Controller",
        f"""                <tabBarController id="{tab_bar}" sceneMemberID="viewController">
                    <connections>
{tab_segues}
                    </connections>
                </tabBarController>""",
        0)

    def navigation(number: int, root: int, title: str) -> None:
        board.scene(
            title,
            f"""                <navigationController id="{ib_id('vc', number)}" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="{ib_id('bar', number)}"/>
                    <connections>
                        {segue(ib_id('vc', root), 'relationship', next_segue(), ' relationship="rootViewController"')}
                    </connections>
                </navigationController>""",
            number)

    def screen(number: int, after: int | None, presented: bool, label: str) -> None:
        vc = ib_id("vc", number)
        button_segues = []
        manual_segues = []
        bar_item = ""
        container = ""
        if after is not None:
            kind = "show"
            element = "tableViewCell" if number % 2 else "button"
            button_segues.append((element, segue(ib_id("vc", after), kind, next_segue())))
        extra = extras.get(number)
        if extra and extra[0] == "sheet":
            button_segues.append(
                ("button", segue(ib_id("vc", extra[1]), "presentation", next_segue(),
                                 ' modalPresentationStyle="pageSheet"')))
        if extra and extra[0] == "embed":
            container = f"""
                            <containerView id="{ib_id('box', number)}">
                                <connections>
                                    {segue(ib_id('vc', extra[1]), 'embed', next_segue())}
                                </connections>
                            </containerView>"""
        if number % 11 == 0 and after is not None:
            bar = ib_id("item", number)
            bar_item = f"""
                    <navigationItem key="navigationItem" title="Screen {number}" id="{ib_id('nav', number)}">
                        <barButtonItem key="rightBarButtonItem" title="More" id="{bar}">
                            <connections>
                                {segue(ib_id('vc', sheets[number % len(sheets)]), 'popoverPresentation', next_segue(), f' popoverAnchorBarButtonItem="{bar}"')}
                            </connections>
                        </barButtonItem>
                    </navigationItem>"""
        if number % 17 == 0 and after is not None:
            manual_segues.append(
                segue(ib_id("vc", sheets[(number // 17) % len(sheets)]), "presentation", next_segue(),
                      f' identifier="overlay{number}" modalPresentationStyle="overCurrentContext"'))
        if presented:
            manual_segues.append(
                f'<segue destination="{ib_id("exit", number)}" kind="unwind" identifier="back{number}"'
                f' unwindAction="unwindToScreenWithSegue:" id="{ib_id("segue", next_segue())}"/>')
        subviews = "".join(
            f"""
                            <{element} id="{ib_id(element, number * 10 + k)}">
                                <connections>
                                    {text}
                                </connections>
                            </{element}>"""
            for k, (element, text) in enumerate(button_segues))
        identifier = f' storyboardIdentifier="Screen{number}"' if number % 25 == 0 else ""
        connections = ""
        if manual_segues:
            joined = "\n                        ".join(manual_segues)
            connections = f"""
                    <connections>
                        {joined}
                    </connections>"""
        board.scene(
            label,
            f"""                <viewController id="{vc}" customClass="Screen{number}ViewController" customModule="App"{identifier} sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="{ib_id('view', number)}">
                        <subviews>{subviews}{container}
                        </subviews>
                    </view>{bar_item}{connections}
                </viewController>""",
            number)

    for t in range(tabs):
        chain = chains[t]
        navigation(t + 1, chain[0], f"Tab {t + 1}")
        for k, number in enumerate(chain):
            after = chain[k + 1] if k + 1 < len(chain) else None
            screen(number, after, False, f"Screen {number}")
            extra = extras.get(number)
            if extra and extra[0] == "sheet":
                navigation(extra[1], extra[2], f"Sheet {extra[1]}")
                screen(extra[2], None, True, f"Sheet root {extra[2]}")
            if extra and extra[0] == "embed":
                screen(extra[1], None, False, f"Embedded {extra[1]}")

    # Document order by scene number, as Interface Builder keeps it stable.
    write = sys.stdout.write
    write('<?xml version="1.0" encoding="UTF-8"?>\n')
    write('<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"'
          ' toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none"'
          f' useAutolayout="YES" useTraitCollections="YES" initialViewController="{tab_bar}">\n')
    write("    <scenes>\n")
    write("\n".join(board.scenes))
    write("\n    </scenes>\n</document>\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
