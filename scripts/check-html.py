#!/usr/bin/env python3
"""Checks the live tree (`unfold render --outputs html`) in headless Chromium
(Debian's chromium, driven by Playwright for Python):

  - in every look, light and dark: the page as it opens (Tests/html/project.yaml,
    every folder open) is the size of the PNG of state 00 within 2 CSS px, and
    its screenshot at scale 2 is that PNG within 5% of pixels (`unfold diff
    --threshold 0.3`); axe-core (axe-playwright-python) finds no violation;
  - the file that follows the reader's theme shows each theme's picture, and
    with --site starlight, docusaurus, vitepress, mkdocs or mdbook, the
    site's own switch decides against the reader's system theme;
  - the keyboard walk of the WAI-ARIA tree pattern (Tests/html/walk.yaml):
    roles, levels, set sizes, checks, a roving tabindex, Up/Down, Right/Left,
    Home/End, type-ahead, `*`, Enter; the names a screen reader reads;
  - with scripts off, folders open and close as native disclosures;
  - the same bytes with 1 and 2 workers.

    check-html.py UNFOLD_BINARY [--keep DIR] [--docs docs]
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
spec = importlib.util.spec_from_file_location("check_svg", os.path.join(HERE, "check-svg.py"))
check_svg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_svg)

LOOKS = ["ios", "macos", "explorer", "plain", "starlight"]
THEMES = ["light", "dark"]
MAX_RATIO = 0.05
THRESHOLD = "0.3"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
PROJECT = os.path.join(ROOT, "Tests/html/project.yaml")
WALK = os.path.join(ROOT, "Tests/html/walk.yaml")


def render(unfold, scenario, out, *extra):
    run = subprocess.run([unfold, "render", scenario, "--out", out, *extra], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"unfold render {scenario} {' '.join(extra)} failed ({run.returncode}): {run.stderr.strip()}")
    return os.path.join(out, os.path.splitext(os.path.basename(scenario))[0])


def compare(unfold, png, shot, out_png):
    """(passed, detail): the screenshot against the PNG, at most 5% of pixels at threshold 0.3."""
    run = subprocess.run([unfold, "diff", "--json", "--threshold", THRESHOLD, "--max-ratio", str(MAX_RATIO),
                          "--allow-size-change", "--out", out_png, png, shot], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        return False, f"unfold diff failed ({run.returncode}): {(run.stderr or run.stdout).strip()[:300]}"
    result = json.loads(run.stdout)
    ew, eh = result["expectedSize"]
    share = result["differentPixels"] / (ew * eh)
    passed = run.returncode == 0 and share <= MAX_RATIO
    return passed, f"{100 * share:.2f}% of pixels differ" + ("" if passed else f" > {100 * MAX_RATIO:g}%; diff {out_png}")


class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, condition, what, detail=""):
        print(f"{'ok  ' if condition else 'FAIL'}  {what}  {detail}".rstrip(), flush=True)
        if not condition:
            self.failures.append(f"{what}: {detail}")

    def finish(self):
        """Exits with 1 and the failures listed, if any; else says that every check passed."""
        if self.failures:
            print(f"\n{len(self.failures)} failed:\n  " + "\n  ".join(self.failures), file=sys.stderr)
            sys.exit(1)
        print("\nevery check passed")


def shoot(unfold, page, png, stem):
    """(passed, detail): the page's tree, screenshot to STEM.chromium.png, against the PNG (the diff in STEM.diff.png)."""
    shot = stem + ".chromium.png"
    page.locator("[data-unfold-tree]").screenshot(path=shot)
    return compare(unfold, png, shot, stem + ".diff.png")


def open_tree(browser, html, scheme="light", scripts=True):
    context = browser.new_context(device_scale_factor=2, color_scheme=scheme, java_script_enabled=scripts,
                                  viewport={"width": 600, "height": 600})
    page = context.new_page()
    page.goto("file://" + html)
    if scripts:
        check_svg.settle(page)
    return page


def looks(unfold, browser, work, checks):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for look in LOOKS:
        for theme in THEMES:
            folder = render(unfold, PROJECT, os.path.join(work, f"{look}-{theme}"), "--preset", look, "--theme", theme,
                            "--outputs", "states,html")
            png, html = os.path.join(folder, "state-00.png"), os.path.join(folder, "outline.html")
            page = open_tree(browser, html, theme)
            root = page.locator("[data-unfold-tree]")
            box = root.bounding_box()
            w, h = check_svg.png_size(png)
            checks.expect(abs(box["width"] - w / 2) <= 2 and abs(box["height"] - h / 2) <= 2, f"{look} {theme}: size",
                          f"{box['width']:g}x{box['height']:g} CSS px, the PNG {w / 2:g}x{h / 2:g}")
            shot = os.path.join(work, f"{look}-{theme}.chromium.png")
            root.screenshot(path=shot)
            passed, detail = compare(unfold, png, shot, os.path.join(work, f"{look}-{theme}.diff.png"))
            checks.expect(passed, f"{look} {theme}: like the PNG", detail)
            violations = axe.run(page).response["violations"]
            checks.expect(not violations, f"{look} {theme}: axe-core", "; ".join(
                f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in violations))
            page.context.close()
        # One file, both themes: the reader's theme picks the picture.
        folder = render(unfold, PROJECT, os.path.join(work, f"{look}-both"), "--preset", look, "--outputs", "html")
        for theme in THEMES:
            page = open_tree(browser, os.path.join(folder, "outline.html"), theme)
            passed, detail = shoot(unfold, page, os.path.join(work, f"{look}-{theme}", "project", "state-00.png"),
                                   os.path.join(work, f"{look}-both.{theme}"))
            checks.expect(passed, f"{look} both, seen {theme}: like the {theme} PNG", detail)
            page.context.close()


# How each site switches themes, on the page's root: the dark and the light state.
SITES = {
    "starlight": ("document.documentElement.dataset.theme = 'dark'", "document.documentElement.dataset.theme = 'light'"),
    "docusaurus": ("document.documentElement.dataset.theme = 'dark'", "document.documentElement.dataset.theme = 'light'"),
    "vitepress": ("document.documentElement.classList.add('dark')", "document.documentElement.classList.remove('dark')"),
    "mkdocs": ("document.body.dataset.mdColorScheme = 'slate'", "document.body.dataset.mdColorScheme = 'default'"),
    "mdbook": ("document.documentElement.className = 'navy'", "document.documentElement.className = 'rust'"),
}


def sites(unfold, browser, work, checks):
    """With --site, the tree follows the site's own switch, against the reader's system theme."""
    for site, (dark, light) in SITES.items():
        folder = render(unfold, PROJECT, os.path.join(work, f"site-{site}"), "--site", site, "--outputs", "html")
        for switch, system, theme in [(dark, "light", "dark"), (light, "dark", "light")]:
            page = open_tree(browser, os.path.join(folder, "outline.html"), system)
            page.evaluate(f"() => {{ {switch}; }}")
            check_svg.settle(page)
            passed, detail = shoot(unfold, page, os.path.join(work, f"ios-{theme}", "project", "state-00.png"),
                                   os.path.join(work, f"site-{site}.{theme}"))
            checks.expect(passed, f"--site {site}: the site's {theme} theme on a {system} system shows the {theme} PNG", detail)
            page.context.close()


def focused(page):
    """The focused row's name, aria-expanded and the number of rows in the tab order."""
    return page.evaluate("""() => {
        const li = document.activeElement, tree = li.closest('[role=tree]');
        return [document.getElementById(li.getAttribute('aria-labelledby')).textContent,
                li.getAttribute('aria-expanded'), tree.querySelectorAll('[tabindex="0"]').length];
    }""")


def walk(unfold, browser, work, checks):
    folder = render(unfold, WALK, os.path.join(work, "walk"), "--outputs", "html")
    html = os.path.join(folder, "outline.html")
    page = open_tree(browser, html)
    tree = page.locator("[role=tree]")
    checks.expect(tree.count() == 1 and page.locator("[role=treeitem]").count() == 9, "walk: one tree, nine treeitems")
    snapshot = tree.aria_snapshot()
    for line in ['treeitem "docs" [checked=mixed] [expanded] [level=1]', 'treeitem "guide.md" [checked] [level=2]', 'treeitem "api" [level=2]']:
        checks.expect(line in snapshot, f"walk: a screen reader hears {line}", "" if line in snapshot else snapshot[:400])
    def item(name):
        return page.get_by_role("treeitem", name=name, exact=True)

    said = page.evaluate("""() => [...document.querySelectorAll('[role=treeitem]')].filter(li => li.hasAttribute('aria-describedby'))
        .map(li => li.getAttribute('aria-describedby').split(' ').map(id => document.getElementById(id).textContent).join(', '))""")
    checks.expect(said == ["the library"], "walk: a detail row is its row's description, no treeitem of its own", f"got {said}")
    guide = item("guide.md")
    checks.expect(guide.get_attribute("aria-level") == "2" and guide.get_attribute("aria-posinset") == "1"
                  and guide.get_attribute("aria-setsize") == "2", "walk: level, position and set size")
    page.keyboard.press("Tab")
    steps = [
        (None, ["docs", "true", 1]), ("ArrowDown", ["guide.md", None, 1]), ("ArrowDown", ["api", "false", 1]),
        ("ArrowRight", ["api", "true", 1]), ("ArrowRight", ["reference.md", None, 1]), ("ArrowLeft", ["api", "true", 1]),
        ("ArrowLeft", ["api", "false", 1]), ("ArrowUp", ["guide.md", None, 1]), ("End", ["README.md", None, 1]),
        ("Home", ["docs", "true", 1]), ("r", ["README.md", None, 1]), ("Home", ["docs", "true", 1]),
        ("t", ["tests", None, 1]), ("Home", ["docs", "true", 1]), ("ArrowLeft", ["docs", "false", 1]),
        ("ArrowDown", ["src", "false", 1]), ("*", ["src", "true", 1]), ("ArrowUp", ["api", "false", 1]),
        ("Enter", ["api", "true", 1]), ("Home", ["docs", "true", 1]), ("ArrowLeft", ["docs", "false", 1]),
    ]
    for key, expected in steps:
        if key:
            page.keyboard.press(key)
        got = focused(page)
        checks.expect(got == expected, f"walk: {key or 'Tab'} focuses {expected[0]}", f"got {got}")
    checks.expect(item("lib.rs").is_visible(), "walk: * opened the folders beside the row")
    page.wait_for_timeout(400)
    checks.expect(not guide.is_visible(), "walk: a closed folder hides its rows")
    item("src").locator(":scope > div").click()
    checks.expect(focused(page)[:2] == ["src", "false"], "walk: a click closes a folder and focuses it")
    page.context.close()

    page = open_tree(browser, html, scripts=False)
    checks.expect(page.locator("[role=tree]").count() == 0 and page.locator("details").count() == 3, "no script: native disclosures")
    page.locator("summary", has_text="api").click()
    checks.expect(page.locator("details").nth(1).get_attribute("open") is not None, "no script: a click opens a folder")
    page.keyboard.press("Enter")
    checks.expect(page.locator("details").nth(1).get_attribute("open") is None, "no script: Enter closes it")
    shown, held = page.locator("[data-unfold-tree]").inner_text(), page.locator("[data-unfold-tree]").text_content()
    checks.expect("README.md" in shown and "reference.md" in held, "no script: the names are text, a closed folder's too")
    page.context.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("unfold")
    parser.add_argument("--keep", help="keep the renders and screenshots in this folder")
    parser.add_argument("--docs", help="copy the starlight look's PNG and the screenshot of its live tree here "
                                       "(live-tree-png.png, live-tree-html.png: docs/pictures.md shows them)")
    args = parser.parse_args()
    unfold = os.path.abspath(args.unfold)
    work = args.keep or tempfile.mkdtemp(prefix="unfold-html-")
    os.makedirs(work, exist_ok=True)
    checks = Checks()
    one = render(unfold, PROJECT, os.path.join(work, "workers-1"), "--outputs", "html", "-j", "1")
    two = render(unfold, PROJECT, os.path.join(work, "workers-2"), "--outputs", "html", "-j", "2")
    with open(os.path.join(one, "outline.html"), "rb") as a, open(os.path.join(two, "outline.html"), "rb") as b:
        checks.expect(a.read() == b.read(), "the same bytes with 1 and 2 workers")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        looks(unfold, browser, work, checks)
        sites(unfold, browser, work, checks)
        walk(unfold, browser, work, checks)
        browser.close()
    if args.docs:
        shutil.copy(os.path.join(work, "starlight-light", "project", "state-00.png"), os.path.join(args.docs, "live-tree-png.png"))
        shutil.copy(os.path.join(work, "starlight-light.chromium.png"), os.path.join(args.docs, "live-tree-html.png"))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    checks.finish()


if __name__ == "__main__":
    main()
