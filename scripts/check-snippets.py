#!/usr/bin/env python3
"""Checks the picture snippets (`unfold render --theme light,dark --site S
--snippet`) on a page of each docs site, in headless Chromium (Debian's
chromium, driven by Playwright for Python): the snippet is made into the
site's HTML as the site makes it (Markdown by Python-Markdown with
attr_list, as MkDocs does; reStructuredText by docutils, as Sphinx does; HTML
as it is), on a page that switches themes as the site does (the attribute or
class its theme toggle sets, with the rules its stylesheet has for such
pictures, written here from the sites' docs). For each theme the site's
toggle can set, against the opposite system theme, exactly one picture
shows: the one of that theme, loaded, at the size of its PNG over its
scale, with the alt text given, every markup character of it as written.
Docusaurus' snippet is a React component (`ThemedImage`) and is not drawn
here. First a self-test: snippets made wrong on purpose must fail.

    check-snippets.py UNFOLD_BINARY [--keep DIR]
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# The checks' record and report are the live tree's (check-html.py).
_spec = importlib.util.spec_from_file_location("check_html", os.path.join(ROOT, "scripts", "check-html.py"))
check_html = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_html)
Checks = check_html.Checks
TREE = "- docs/\n  - guide.md\n  - api/\n    - index.md\n- README.md\n"
# An alt text with what each markup reads as markup: it must reach the page as written.
ALT = 'R&D "x" <b>1</b> [a](b) *y* _z_ `c` {d} #e \\f'


# How each site's pages switch themes: the rules its stylesheet has for
# themed pictures (none where the snippet brings its own), and each toggle
# state as a script on the page with the theme it means. A site whose pages
# follow the reader's system theme has no toggle (None).
SITES = {
    "github": ("", None),
    "hugo": ("", None),
    "starlight": (
        ":root[data-theme='light'] .light\\:sl-hidden, :root[data-theme='dark'] .dark\\:sl-hidden { display: none; }",
        [("document.documentElement.dataset.theme = 'dark'", "dark"), ("document.documentElement.dataset.theme = 'light'", "light")]),
    "vitepress": ("", [("document.documentElement.classList.add('dark')", "dark"),
                       ("document.documentElement.classList.remove('dark')", "light")]),
    # Material marks its palette on <body>; `slate` is its dark scheme, `default` its light one.
    "mkdocs": (
        "[data-md-color-scheme='default'] img[src$='#only-dark'], [data-md-color-scheme='slate'] img[src$='#only-light'] { display: none; }",
        [("document.body.dataset.mdColorScheme = 'slate'", "dark"), ("document.body.dataset.mdColorScheme = 'default'", "light")]),
    # Furo sets data-theme on <body> (dark, light, or auto: the system's); PyData on <html>.
    "sphinx": (
        "body[data-theme='dark'] .only-light, body[data-theme='light'] .only-dark,"
        " html[data-theme='dark'] .only-light, html[data-theme='light'] .only-dark { display: none !important; }"
        " @media (prefers-color-scheme: dark) { body[data-theme='auto'] .only-light { display: none !important; } }"
        " @media (prefers-color-scheme: light) { body[data-theme='auto'] .only-dark { display: none !important; } }",
        [("document.body.dataset.theme = 'dark'", "dark"), ("document.body.dataset.theme = 'light'", "light"),
         ("document.documentElement.dataset.theme = 'dark'", "dark"), ("document.documentElement.dataset.theme = 'light'", "light")]),
    # mdBook puts its theme's name on <html>: light and rust are light, coal, navy and ayu dark.
    "mdbook": ("", [(f"document.documentElement.className = '{name}'", theme) for name, theme in
                    [("light", "light"), ("rust", "light"), ("coal", "dark"), ("navy", "dark"), ("ayu", "dark")]]),
}
# Furo's auto mode follows the system: checked with each system theme.
AUTO = [("document.body.dataset.theme = 'auto'", "sphinx auto")]


def snippet(unfold, work, site):
    """The snippet unfold prints for the tree with both themes on `site`, and the folder it rendered into."""
    out = os.path.join(work, site)
    os.makedirs(out, exist_ok=True)
    page = os.path.join(work, "tree.md")
    with open(page, "w") as f:
        f.write(TREE)
    run = subprocess.run([unfold, "render", "--from", page, "--outputs", "states", "--theme", "light,dark", "--site", site,
                          "--snippet", "--out", out, "--base-url", ".", "--alt", ALT], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"unfold render --site {site} failed ({run.returncode}): {run.stderr.strip()}")
    return run.stdout, out


def as_html(site, text):
    """The snippet as the site's pages hold it once built."""
    if site == "mkdocs":
        import markdown
        return markdown.markdown(text, extensions=["attr_list"])
    if site == "sphinx":
        from docutils.core import publish_parts
        return publish_parts(text, writer_name="html5", settings_overrides={"report_level": 2, "halt_level": 2})["body"]
    return text


def visible(page):
    """The pictures that show (loaded, not hidden): their URL, their size in CSS px and their alt text."""
    return page.evaluate("""() => [...document.images].filter(i => getComputedStyle(i).display != 'none'
        && i.closest('[style*="display: none"]') == null && i.getBoundingClientRect().width > 0)
        .map(i => [i.currentSrc, Math.round(i.getBoundingClientRect().width), Math.round(i.getBoundingClientRect().height),
                   i.alt, i.complete && i.naturalWidth > 0])""")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def check_site(browser, unfold, work, site, checks):
    rules, toggles = SITES[site]
    text, out = snippet(unfold, work, site)
    body = as_html(site, text)
    page_path = os.path.join(out, "page.html")
    with open(page_path, "w") as f:
        f.write(f"<!doctype html><html><head><meta charset='utf-8'><style>{rules}</style></head><body>{body}</body></html>")
    width, height = png_size(os.path.join(out, "tree-light", "state-00.png"))
    cases = [(None, theme, theme) for theme in ("light", "dark")] if toggles is None else \
        [(script, theme, "light" if theme == "dark" else "dark") for script, theme in toggles]
    if site == "sphinx":
        cases += [(script, system, system) for script, _ in AUTO for system in ("light", "dark")]
    for script, theme, system in cases:
        context = browser.new_context(color_scheme=system, device_scale_factor=2)
        page = context.new_page()
        page.goto("file://" + page_path)
        if script:
            page.evaluate(f"() => {{ {script}; }}")
        shown = visible(page)
        what = f"{site}: {script or 'the system theme'} on a {system} system shows the {theme} picture"
        right = len(shown) == 1 and f"/tree-{theme}/" in shown[0][0] and shown[0][1:] == [width // 2, height // 2, ALT, True]
        checks.expect(right, what, f"shown: {shown}; expected tree-{theme}, loaded, at {width // 2}x{height // 2}, alt {ALT!r}")
        context.close()


def self_test(browser, unfold, work):
    """The check against snippets made wrong on purpose must fail: Material's rules left out (both pictures
    show), and mdBook's coal theme expected light. Exits when it does not."""
    saved = dict(SITES)
    SITES["mkdocs"] = ("", SITES["mkdocs"][1])
    SITES["mdbook"] = ("", [("document.documentElement.className = 'coal'", "light")])
    caught = Checks()
    for site in ["mkdocs", "mdbook"]:
        check_site(browser, unfold, os.path.join(work, "self-test"), site, caught)
    SITES.update(saved)
    if len(caught.failures) != 3:
        raise SystemExit(f"self-test: the wrong snippets gave {len(caught.failures)} failures, not 3: the check cannot fail")
    print("ok    self-test: the 3 wrong cases fail\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("unfold")
    parser.add_argument("--keep", help="keep the renders and pages in this folder")
    args = parser.parse_args()
    unfold = os.path.abspath(args.unfold)
    work = args.keep or tempfile.mkdtemp(prefix="unfold-snippets-")
    os.makedirs(work, exist_ok=True)
    checks = Checks()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self_test(browser, unfold, work)
        for site in SITES:
            check_site(browser, unfold, work, site, checks)
        browser.close()
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    checks.finish()


if __name__ == "__main__":
    main()
