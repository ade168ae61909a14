#!/usr/bin/env python3
"""Times opening and closing a folder of a 1,000-row live tree in headless
Chromium (Debian's chromium, Playwright for Python), against the peer of the
same page with scripts off (the browser's own <details> toggled): the work
from the key press to the laid-out page (script, style, layout), measured in
the page with performance.now(). Prints the median and the slowest of each,
against a frame's 16.7 ms, and the file's size per row.

    .build/review-venv/bin/python scripts/bench-html.py [UNFOLD_BINARY] [ROUNDS]
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

UNFOLD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/unfold")
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 40
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
FOLDERS, FILES = 20, 49  # 20 folders of 49 files: 1,000 rows with the 20 folders


def scenario(path):
    lines = ["name: big", "canvas: { width: 360, height: fit, scale: 2 }", "tree:"]
    for f in range(FOLDERS):
        lines += [f"  - id: f{f}", f"    title: folder-{f:02d}", "    expanded: true", "    children:"]
        lines += [f"      - {{ id: f{f}x{i}, title: file-{f:02d}-{i:02d}.md }}" for i in range(FILES)]
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


TOGGLE_LIVE = """(rounds) => {
    const li = [...document.querySelectorAll('[role=treeitem][aria-expanded]')][10], times = [];
    li.focus();
    for (let r = 0; r < rounds; r++) {
        const key = li.getAttribute('aria-expanded') == 'true' ? 'ArrowLeft' : 'ArrowRight', t0 = performance.now();
        li.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        document.body.offsetHeight;
        times.push(performance.now() - t0);
    }
    return times;
}"""

TOGGLE_NATIVE = """(rounds) => {
    const details = document.querySelectorAll('details')[10], times = [];
    for (let r = 0; r < rounds; r++) {
        const t0 = performance.now();
        details.open = !details.open;
        document.body.offsetHeight;
        times.push(performance.now() - t0);
    }
    return times;
}"""


def main():
    work = tempfile.mkdtemp(prefix="unfold-bench-html-")
    yaml = os.path.join(work, "big.yaml")
    scenario(yaml)
    subprocess.run([UNFOLD, "render", yaml, "--outputs", "html", "--out", work], check=True, capture_output=True)
    html = os.path.join(work, "big", "outline.html")
    size = os.path.getsize(html)
    rows = FOLDERS * (FILES + 1)
    print(f"outline.html of {rows} rows: {size:,} bytes, {size / rows:,.0f} per row")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        results = {}
        # The peer: the same page without its script, so that the folders are the browser's own <details>.
        with open(html) as f:
            page_text = f.read()
        start, end = page_text.index("<script>"), page_text.index("</script>") + len("</script>")
        peer = os.path.join(work, "big", "peer.html")
        with open(peer, "w") as f:
            f.write(page_text[:start] + page_text[end:])
        for label, path, motion, toggle in [
            ("live tree, reduced motion", html, "reduce", TOGGLE_LIVE),
            ("live tree, with motion", html, "no-preference", TOGGLE_LIVE),
            ("peer: <details>, no script", peer, "no-preference", TOGGLE_NATIVE),
        ]:
            context = browser.new_context(reduced_motion=motion)
            page = context.new_page()
            page.goto("file://" + path)
            page.evaluate(toggle, 10)  # warm up
            times = page.evaluate(toggle, ROUNDS)
            results[label] = times
            context.close()
        browser.close()
    for label, times in results.items():
        print(f"{label:<30} median {statistics.median(times):6.2f} ms, slowest {max(times):6.2f} ms "
              f"({ROUNDS} toggles; a frame is 16.7 ms)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
