#!/usr/bin/env python3
"""Checks Unfold's SVG output with independent renderers.

Renders every scenario of Examples/ three times:
  both/   --outputs states,svg,animation -j 2  (the scenario's theme; the SVGs carry
          both themes, the other one under @media (prefers-color-scheme))
  light/  --theme light --outputs states,svg,frames   (reference PNGs; SVGs with one fixed theme)
  dark/   --theme dark  --outputs states,svg
  j1/     as both/ with -j 1                   (the SVGs must be byte-identical to both/)
and then checks:
  - every state-NN.svg drawn by rsvg-convert and by resvg at its PNG's pixel size is
    within 1% of state-NN.png, and animation.svg (which they draw without animating) of
    state-00.png (`unfold diff --threshold 0.1 --max-ratio 0.01`; pixels
    that pixelmatch classifies as anti-aliasing are not counted, as in `unfold diff`);
    these renderers ignore @media, so they draw the scenario's theme (both/) or the
    fixed one (light/, dark/);
  - headless Chromium (Playwright, Debian's chromium) draws each both/ state in the
    light and in the dark colour scheme within 1% of light/ and dark/ state-NN.png,
    and each fixed-theme SVG in the opposite scheme within 1% of its own PNG (a fixed
    theme does not follow the reader);
  - animation.svg in Chromium, all animations paused, at time 0 and at every time of
    its root's data-rests="t0 t1 ..." (ms), in both schemes, within 1% of state-00
    and state-NN of that scheme; and, in the light scheme, at every in-between frame's
    time (frame j of a transition j/F of the way through it) within 3% of
    light/step-SS/frame-JJ.png (the SVG moves smoothly between the frames it samples);
  - self-containment: no <script>, <foreignObject>, DOCTYPE/entities, on* handlers,
    javascript:, @import, href other than #fragment, url() other than url(#...), SMIL;
    @media (prefers-color-scheme) in both/ and not in light/, dark/; some <title>,
    <text> or aria-label;
    root width/height in CSS px and a viewBox in device pixels: the PNG's size, or (for a
    fractional height such as 286.5 points, which Chromium stretches and resvg rounds) the
    root rounded up to whole CSS px, the viewBox less than `scale` pixels larger than the PNG;
  - the same SVG bytes for 1 and 2 workers;
  - animation.svg no larger than animation.png (--no-size-limit: report only).

    scripts/check-svg.py [UNFOLD_BINARY] [--keep DIR] [--only a,b] [--no-size-limit]
    scripts/check-svg.py --self-test [UNFOLD_BINARY]   (the harness itself, on hand-made
        SVGs: a correct set passes, wrong PNGs and a script fail)

Needs rsvg-convert, resvg (RESVG, default: beside this Python), Playwright and chromium
(CHROMIUM); scripts/check-svg.sh installs them. Exit status 0 when every check passes.
"""
import argparse
import glob
import concurrent.futures
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_RATIO = 0.01
# In-between frames: the SVG interpolates between the frames it samples; the APNG shows each as drawn.
INBETWEEN_RATIO = 0.03
THRESHOLD = 0.1
RSVG = os.environ.get("RSVG", shutil.which("rsvg-convert") or "rsvg-convert")
RESVG = os.environ.get("RESVG", os.path.join(os.path.dirname(sys.executable), "resvg"))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
STATE = re.compile(r"^state-(\d+)\.svg$")


START = time.monotonic()


def phase(text):
    print(f"\n== {text} (at {time.monotonic() - START:.0f} s)", flush=True)


class Report:
    """One line per check; failures remembered with which file and renderer."""

    def __init__(self, keep=False, expect_failures=False):
        self.keep = keep
        self.fail_word = "caught" if expect_failures else "FAIL"
        self.passed = 0
        self.failures = []

    def ok(self, what, file, detail=""):
        self.passed += 1
        print(f"ok    {what:<22} {file}  {detail}".rstrip(), flush=True)

    def fail(self, what, file, detail):
        self.failures.append(f"{what}: {file}: {detail}")
        print(f"{self.fail_word:<5} {what:<22} {file}  {detail}", flush=True)


def png_size(path):
    """Width and height from a PNG's IHDR chunk."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def css_length(value):
    """A root width/height: a number of CSS px ("360" or "360px")."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(px)?\s*", value or "")
    if not m:
        raise ValueError(f"width/height {value!r} is not a length in CSS px")
    return float(m.group(1))


def svg_root(path):
    with open(path, "rb") as f:
        data = f.read()
    return data, ET.fromstring(data)


def geometry(svg_path, png_path):
    """(css_w, css_h, scale, box_w, box_h) of an SVG against its PNG, or raises ValueError.

    The viewBox is in device pixels, 0 0 (css_w*scale) (css_h*scale), scale 1, 2 or 3, and
    either exactly the PNG's size, or (whole CSS px rounded up from a fractional height such as
    286.5 points, which Chromium would stretch) larger than the PNG by less than `scale` pixels
    (the comparisons then take the PNG's area)."""
    _, root = svg_root(svg_path)
    css_w, css_h = css_length(root.get("width")), css_length(root.get("height"))
    png_w, png_h = png_size(png_path)
    try:
        box = [float(v) for v in re.split(r"[\s,]+", (root.get("viewBox") or "").strip())]
    except ValueError:
        box = []
    if len(box) != 4 or box[:2] != [0, 0] or box[2] % 1 or box[3] % 1:
        raise ValueError(f"viewBox {root.get('viewBox')!r} is not '0 0 W H' in whole device pixels")
    box_w, box_h = int(box[2]), int(box[3])
    scale = box_w / css_w
    if scale not in (1, 2, 3) or abs(css_h * scale - box_h) > 1e-6:
        raise ValueError(f"root {css_w:g}x{css_h:g} CSS px and viewBox {box_w}x{box_h} are not one scale (1, 2 or 3) apart")
    exact = (box_w, box_h) == (png_w, png_h)
    rounded_up = css_w % 1 == 0 and css_h % 1 == 0 and 0 <= box_w - png_w < scale and 0 <= box_h - png_h < scale
    if not (exact or rounded_up):
        raise ValueError(f"viewBox {box_w}x{box_h} is not the PNG's {png_w}x{png_h} pixels "
                         f"(nor that rounded up to whole CSS px)")
    return css_w, css_h, int(scale), box_w, box_h


URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I | re.S)


def containment_problems(path, fixed_theme):
    """What makes the SVG not self-contained (or not as the contract says)."""
    data, root = svg_root(path)
    problems = []
    text = data.decode("utf-8", errors="replace")
    if re.search(r"<!DOCTYPE|<!ENTITY", text, re.I):
        problems.append("has a DOCTYPE or entity declaration")
    if root.tag != f"{{{SVG_NS}}}svg":
        problems.append(f"root is {root.tag}, not an SVG <svg>")

    def css_problems(css, where):
        out = []
        if re.search(r"@import", css, re.I):
            out.append(f"@import in {where}")
        for m in URL.finditer(css):
            if not m.group(2).strip().startswith("#"):
                out.append(f"url({m.group(2).strip()[:60]}) in {where} (only url(#...) allowed)")
        if re.search(r"javascript:", css, re.I):
            out.append(f"javascript: in {where}")
        return out

    styles = []
    for el in root.iter():
        tag = el.tag.split("}")[-1].lower() if isinstance(el.tag, str) else ""
        if tag in ("script", "foreignobject", "iframe", "embed", "object", "audio", "video"):
            problems.append(f"<{tag}> element")
        if tag in ("animate", "set", "animatetransform", "animatemotion", "animatecolor"):
            problems.append(f"SMIL <{tag}> (the animation is CSS keyframes only: the check pauses document.getAnimations())")
        if tag == "style":
            styles.append(el.text or "")
            problems += css_problems(el.text or "", "<style>")
            if el.get("media"):
                problems.append("<style media=...> (rsvg-convert and resvg apply it unconditionally)")
        for name, value in el.attrib.items():
            local = name.split("}")[-1].lower()
            if local.startswith("on"):
                problems.append(f"event handler {local}= on <{tag}>")
            if local == "href" and not value.startswith("#"):
                problems.append(f"href {value[:60]!r} on <{tag}> (only #fragment references allowed)")
            if re.search(r"javascript:", value, re.I):
                problems.append(f"javascript: in {local}= on <{tag}>")
            problems += css_problems(value, f"{local}= on <{tag}>")
    css = "\n".join(styles)
    schemes = re.findall(r"prefers-color-scheme\s*:\s*(light|dark)", css, re.I)
    if fixed_theme and schemes:
        problems.append(f"--theme {fixed_theme} should fix the theme, but it has @media (prefers-color-scheme: {schemes[0]})")
    if not fixed_theme and not schemes:
        problems.append("no @media (prefers-color-scheme: ...) rule: it does not follow the reader's theme")
    has_text = any(isinstance(el.tag, str) and el.tag.split("}")[-1] in ("text", "title") for el in root.iter()) or any(
        "aria-label" in el.attrib for el in root.iter())
    if not has_text:
        problems.append("no <title>, <text> or aria-label: the text is lost for search and screen readers")
    return problems


def diff(unfold, expected, actual, out_png, rounded_up=False, max_ratio=None):
    """(passed, detail) from `unfold diff` at threshold 0.1 and at most 1% of pixels.
    rounded_up: actual may be up to 2 pixels wider and taller (drawn at whole CSS px rounded
    up; geometry() has checked the SVG's size); the PNG's area is compared."""
    extra = ["--allow-size-change"] if rounded_up else []
    max_ratio = MAX_RATIO if max_ratio is None else max_ratio
    run = subprocess.run([unfold, "diff", "--json", "--threshold", str(THRESHOLD), "--max-ratio", str(max_ratio),
                          *extra, "--out", out_png, expected, actual], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        return False, f"unfold diff failed ({run.returncode}): {(run.stderr or run.stdout).strip()[:300]}"
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        return False, f"unfold diff printed no JSON: {run.stdout[:200]!r}"
    ew, eh = result["expectedSize"]
    aw, ah = result["actualSize"]
    if (ew, eh) != (aw, ah) and not (rounded_up and 0 <= aw - ew <= 2 and 0 <= ah - eh <= 2):
        return False, f"size {aw}x{ah}, the PNG is {ew}x{eh}"
    share = result["differentPixels"] / (ew * eh)
    aa = result.get("antiAliasedPixels", 0) / (ew * eh)
    detail = f"{100 * share:.3f}% differ ({100 * aa:.2f}% anti-aliasing)"
    passed = run.returncode == 0 and share <= max_ratio
    return passed, detail + ("" if passed else f" > {100 * max_ratio:g}%; diff image {out_png}")


def rasterise(renderer, svg, png_w, png_h, out):
    if renderer == "rsvg-convert":
        cmd = [RSVG, "-w", str(png_w), "-h", str(png_h), "-o", out, svg]
    else:
        cmd = [RESVG, "-w", str(png_w), "-h", str(png_h), svg, out]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out):
        return f"{renderer} failed ({run.returncode}): {run.stderr.strip()[:300]}"
    return None


def static_check(unfold, renderer, svg, png, work):
    """(label, passed, detail) for one SVG drawn by rsvg-convert or resvg."""
    try:
        css_w, css_h, _, box_w, box_h = geometry(svg, png)
    except (ValueError, ET.ParseError, OSError) as e:
        return False, str(e)
    stem = os.path.join(work, renderer)
    note = ""
    if renderer == "resvg" and (css_w % 1 or css_h % 1):
        # resvg 0.44 rounds the root's size to whole px first (60.5 -> 61), so it cannot draw an
        # odd pixel height at scale 2 (`height: fit`) without a half-pixel shift: it draws a copy
        # whose root is the viewBox's size (geometry() has checked the root's own width/height).
        svg = whole_px_copy(svg, box_w, box_h, stem + ".svg")
        note = f" (root {css_w:g}x{css_h:g} given to resvg as {box_w}x{box_h})"
    error = rasterise(renderer, svg, box_w, box_h, stem + ".png")
    if error:
        return False, error
    passed, detail = diff(unfold, png, stem + ".png", stem + ".diff.png", rounded_up=True)
    return passed, detail + note


def whole_px_copy(svg, width, height, out):
    """svg with its root's width and height attributes replaced."""
    with open(svg, "rb") as f:
        data = f.read()
    start = data.index(b"<svg")
    end = data.index(b">", start)
    tag = re.sub(rb'(\swidth\s*=\s*)(["\'])[^"\']*\2', rb'\g<1>"%d"' % width, data[start:end], count=1)
    tag = re.sub(rb'(\sheight\s*=\s*)(["\'])[^"\']*\2', rb'\g<1>"%d"' % height, tag, count=1)
    with open(out, "wb") as f:
        f.write(data[:start] + tag + data[end:])
    return out


def states(folder):
    """The state numbers with an SVG in folder, in order."""
    found = sorted(int(m.group(1)) for m in (STATE.match(f) for f in os.listdir(folder)) if m)
    return [f"{n:02d}" for n in found]


def check_tree(unfold, top, work, report, size_limit=True, j1=None):
    """Checks top/{both,light,dark}/<scenario>/ (and top/j1 for determinism)."""
    both = os.path.join(top, "both")
    scenarios = sorted(d for d in os.listdir(both) if os.path.isdir(os.path.join(both, d)))
    if not scenarios:
        report.fail("render", both, "no scenario folders")
        return
    variants = [("both", None), ("light", "light"), ("dark", "dark")]

    phase("files present, and self-contained")
    for s in scenarios:
        for variant, fixed in variants:
            folder = os.path.join(top, variant, s)
            if not os.path.isdir(folder):
                report.fail("files", f"{variant}/{s}", "missing folder")
                continue
            numbers = states(folder)
            pngs = sorted(f for f in os.listdir(folder) if re.fullmatch(r"state-\d+\.png", f))
            if not numbers or [f"state-{n}.png" for n in numbers] != pngs:
                report.fail("files", f"{variant}/{s}", f"state SVGs {numbers} do not match the PNGs {pngs}")
            names = [f"state-{n}.svg" for n in numbers] + (["animation.svg"] if variant == "both" else [])
            for name in names:
                path = os.path.join(folder, name)
                if not os.path.exists(path):
                    report.fail("files", f"{variant}/{s}/{name}", "missing")
                    continue
                try:
                    problems = containment_problems(path, fixed)
                except ET.ParseError as e:
                    problems = [f"not well-formed XML: {e}"]
                if problems:
                    report.fail("self-contained", f"{variant}/{s}/{name}", "; ".join(dict.fromkeys(problems)))
                else:
                    report.ok("self-contained", f"{variant}/{s}/{name}")

    # rsvg-convert and resvg in a pool of workers while Chromium takes its screenshots
    # in this thread (its comparisons go to the same pool); the lines print in order.
    jobs = []
    for s in scenarios:
        for variant, _ in variants:
            folder = os.path.join(top, variant, s)
            if not os.path.isdir(folder):
                continue
            for n in states(folder):
                for renderer in ("rsvg-convert", "resvg"):
                    w = os.path.join(work, "static", variant, s, n)
                    os.makedirs(w, exist_ok=True)
                    jobs.append((renderer, f"{variant}/{s}/state-{n}.svg", os.path.join(folder, f"state-{n}.svg"),
                                 os.path.join(folder, f"state-{n}.png"), w))
            # animation.svg too: rsvg-convert and resvg do not animate, so its static values (the
            # transform= and opacity= attributes under the CSS animations) must draw state 00.
            animation = os.path.join(folder, "animation.svg")
            if variant == "both" and os.path.exists(animation) and states(folder):
                for renderer in ("rsvg-convert", "resvg"):
                    w = os.path.join(work, "static", variant, s, "animation")
                    os.makedirs(w, exist_ok=True)
                    jobs.append((renderer, f"{variant}/{s}/animation.svg (not animated) vs state-{states(folder)[0]}.png",
                                 animation, os.path.join(folder, f"state-{states(folder)[0]}.png"), w))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        static = [pool.submit(static_check, unfold, renderer, svg, png, w) for renderer, _, svg, png, w in jobs]
        browser = chromium_checks(unfold, top, scenarios, work, pool)
        phase("rsvg-convert and resvg at the PNG's pixel size, against the PNG (unfold diff, at most 1% at threshold 0.1)")
        for (renderer, label, *_), future in zip(jobs, static):
            passed, detail = future.result()
            (report.ok if passed else report.fail)(renderer, label, detail)
        phase("Chromium: light and dark, a fixed theme in the other scheme, the animation paused at 0 and at each rest")
        for what, label, outcome in browser:
            passed, detail = outcome.result() if isinstance(outcome, concurrent.futures.Future) else outcome
            (report.ok if passed else report.fail)(what, label, detail)

    if j1:
        phase("the same SVG bytes for 1 and 2 workers")
        for s in scenarios:
            folder = os.path.join(both, s)
            names = [f"state-{n}.svg" for n in states(folder)] + ["animation.svg"]
            differ = []
            for name in names:
                a, b = os.path.join(folder, name), os.path.join(j1, s, name)
                if not os.path.exists(b) or open(a, "rb").read() != open(b, "rb").read():
                    differ.append(name)
            if differ:
                report.fail("same bytes -j 1/-j 2", s, "differ: " + ", ".join(differ))
            else:
                report.ok("same bytes -j 1/-j 2", s, f"{len(names)} SVGs")

    phase("animation.svg vs animation.png (APNG) bytes")
    for s in scenarios:
        svg, apng = os.path.join(both, s, "animation.svg"), os.path.join(both, s, "animation.png")
        if not (os.path.exists(svg) and os.path.exists(apng)):
            continue
        a, b = os.path.getsize(svg), os.path.getsize(apng)
        small = a <= b
        line = f"{s:<12} svg {a:>9,} B  apng {b:>9,} B  svg/apng {a / b:6.3f}  {'<= 1' if small else '> 1'}"
        if small or not size_limit:
            report.ok("size", s, line.split(None, 1)[1])
        else:
            report.fail("size", f"{s}/animation.svg", f"{a:,} B is more than the APNG's {b:,} B")


def settle(page):
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def chromium_checks(unfold, top, scenarios, work, pool):
    """Takes the screenshots; returns [(what, label, (passed, detail) or a Future of it)]."""
    from playwright.sync_api import sync_playwright

    shots = os.path.join(work, "chromium")
    os.makedirs(shots, exist_ok=True)
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = {}

        def page_for(scale, scheme):
            if (scale, scheme) not in pages:
                context = browser.new_context(viewport={"width": 100, "height": 100}, device_scale_factor=scale,
                                              color_scheme=scheme)
                pages[(scale, scheme)] = context.new_page()
            return pages[(scale, scheme)]

        def open_svg(svg, png, scheme, label):
            """The page showing svg (file://) at its CSS size and scale in scheme, or None."""
            try:
                css_w, css_h, scale, _, _ = geometry(svg, png)
            except (ValueError, ET.ParseError, OSError) as e:
                out.append((f"chromium {scheme}", label, (False, str(e))))
                return None
            page = page_for(scale, scheme)
            # A height of 286.5 points (an odd number of pixels at scale 2) gets a viewport of 287
            # and a screenshot a pixel taller than the PNG; the comparison takes the PNG's rows.
            page.set_viewport_size({"width": math.ceil(css_w), "height": math.ceil(css_h)})
            page.goto("file://" + svg)
            return page

        def shoot(page, png, scheme, label, key, max_ratio=None):
            settle(page)
            shot = os.path.join(shots, key + ".png")
            # omit_background: the SVG's own background only (a transparent scenario stays transparent, as its PNG).
            page.screenshot(path=shot, omit_background=True)
            out.append((f"chromium {scheme}", label,
                        pool.submit(diff, unfold, png, shot, os.path.join(shots, key + ".diff.png"), True, max_ratio)))

        for s in scenarios:
            both = os.path.join(top, "both", s)
            numbers = states(both)
            for scheme in ("light", "dark"):
                ref = os.path.join(top, scheme, s)
                for n in numbers:
                    label = f"both/{s}/state-{n}.svg vs {scheme}/state-{n}.png"
                    page = open_svg(os.path.join(both, f"state-{n}.svg"), os.path.join(ref, f"state-{n}.png"), scheme, label)
                    if page:
                        shoot(page, os.path.join(ref, f"state-{n}.png"), scheme, label, f"{s}-both-{scheme}-{n}")
            # A fixed theme ignores the reader's: light/ drawn in the dark scheme, and the reverse
            # (state 00 only: the theme is the file's, and containment_problems checks every file has no @media).
            for fixed, scheme in (("light", "dark"), ("dark", "light")):
                folder = os.path.join(top, fixed, s)
                n = (states(folder) or ["00"])[0]
                svg, png = os.path.join(folder, f"state-{n}.svg"), os.path.join(folder, f"state-{n}.png")
                label = f"{fixed}/{s}/state-{n}.svg"
                page = open_svg(svg, png, scheme, label) if os.path.exists(svg) else None
                if page:
                    shoot(page, png, scheme, label, f"{s}-{fixed}-in-{scheme}-{n}")
            # The animation, paused at 0 and at each rest.
            animation = os.path.join(both, "animation.svg")
            if not os.path.exists(animation) or not numbers:
                continue  # reported as missing by check_tree
            _, root = svg_root(animation)
            try:
                rests = [float(t) for t in (root.get("data-rests") or "").split()]
            except ValueError:
                rests = []
            if len(rests) != len(numbers):
                out.append(("chromium", f"both/{s}/animation.svg", (False,
                            f"data-rests={root.get('data-rests')!r}: expected {len(numbers)} times (one per state)")))
                continue
            for scheme in ("light", "dark"):
                ref = os.path.join(top, scheme, s)
                page = open_svg(animation, os.path.join(ref, f"state-{numbers[0]}.png"), scheme,
                                f"both/{s}/animation.svg")
                if not page:
                    continue
                for k, (n, t) in enumerate([(numbers[0], 0.0)] + list(zip(numbers, rests))):
                    found = page.evaluate("""(t) => { const all = document.getAnimations();
                        for (const a of all) { a.pause(); a.currentTime = t; } return all.length; }""", t)
                    if found == 0 and len(numbers) > 1:
                        out.append((f"chromium {scheme}", f"both/{s}/animation.svg",
                                    (False, "document.getAnimations() found no animations")))
                        break
                    shoot(page, os.path.join(ref, f"state-{n}.png"), scheme,
                          f"both/{s}/animation.svg at {t:g} ms vs {scheme}/state-{n}.png", f"{s}-anim-{scheme}-{k:02d}")
                if scheme != "light" or len(rests) < 2:
                    continue
                # The in-between frames: state n rests from start[n] for `hold` ms (start[0] = 0, so
                # hold = 2 × rests[0]); step s's transition runs from start[s-1] + hold to start[s].
                hold = 2 * rests[0]
                start = [t - hold / 2 for t in rests]
                for step in range(1, len(start)):
                    frames = sorted(glob.glob(os.path.join(ref, f"step-{step:02d}", "frame-*.png")))
                    count = len(frames) - 1
                    begin = start[step - 1] + hold
                    for j in range(1, count):
                        t = begin + (start[step] - begin) * j / count
                        page.evaluate("(t) => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = t; } }", t)
                        shoot(page, frames[j], scheme, f"both/{s}/animation.svg at {t:g} ms vs light/step-{step:02d}/frame-{j:02d}.png",
                              f"{s}-frame-{step:02d}-{j:02d}", INBETWEEN_RATIO)
        browser.close()
    return out


def render(unfold, inputs, out, *extra):
    run = subprocess.run([unfold, "render", *inputs, "-o", out, *extra], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"check-svg: `unfold render {' '.join(inputs)} -o {out} {' '.join(extra)}` failed "
                 f"({run.returncode}):\n{run.stdout}{run.stderr}")
    return run.stdout.strip()


def summary(report):
    print(f"\n{report.passed} checks passed, {len(report.failures)} failed, in {time.monotonic() - START:.0f} s")
    if report.failures:
        print("failures:")
        for f in report.failures:
            print("  " + f)
        if not report.keep:
            print("(the diff images are in a temporary folder: run with --keep DIR to keep them)")
    return 1 if report.failures else 0


def check_unfold(args, work):
    folder = os.path.join(ROOT, "Examples")
    suffixes = (".unfold.json", ".yaml", ".yml")
    examples = sorted(f for f in os.listdir(folder) if f.endswith(suffixes))
    if args.only:
        wanted = set(args.only.split(","))
        stem = lambda f: next(f[: -len(x)] for x in suffixes if f.endswith(x))
        unknown = wanted - {stem(f) for f in examples}
        if unknown:
            sys.exit(f"check-svg: --only {args.only}: no Examples/{', '.join(sorted(unknown))}.yaml")
        examples = [f for f in examples if stem(f) in wanted]
    inputs = [os.path.join(folder, f) for f in examples]
    phase("rendering " + " ".join(os.path.relpath(i, ROOT) for i in inputs))
    top = os.path.join(work, "out")
    print(render(args.unfold, inputs, os.path.join(top, "both"), "--outputs", "states,svg,animation", "-j", "2"))
    print(render(args.unfold, inputs, os.path.join(top, "j1"), "--outputs", "states,svg,animation", "-j", "1"))
    for theme in ("light", "dark"):
        outputs = "states,svg,frames" if theme == "light" else "states,svg"
        print(render(args.unfold, inputs, os.path.join(top, theme), "--theme", theme, "--outputs", outputs))
    report = Report(keep=bool(args.keep))
    check_tree(args.unfold, top, work, report, size_limit=not args.no_size_limit, j1=os.path.join(top, "j1"))
    return summary(report)


# The self-test: hand-made SVGs shaped as the renderer findings say (literal colours in class rules, the
# other theme under @media, glyph-like paths in <defs> used by <use href>, clip-path, evenodd, fill-opacity),
# 60.5 points tall at scale 2 (121 pixels: an odd height, as `height: fit` gives), the SVG's root
# rounded up to 61 (viewBox 240x122).
PALETTES = {"light": {"bg": "#ffffff", "fg": "#1d1d1f", "ac": "#0a84ff", "sep": "#c6c6c8"},
            "dark": {"bg": "#1c1c1e", "fg": "#f5f5f7", "ac": "#0a84ff", "sep": "#38383a"}}


def fake_svg(state, theme, fixed, animated=False, reference=False):
    """reference: 60.5 points exactly (viewBox 240x121), which rsvg-convert draws exactly;
    else rounded up to 61 (viewBox 240x122), the form Chromium draws without stretching."""
    h = 121 if reference else 122
    def rules(p):
        return (f".bg{{fill:{p['bg']}}} .fg{{fill:{p['fg']}}} .ac{{fill:{p['ac']}}} "
                f".sep{{fill:{p['sep']}}}")
    css = rules(PALETTES[theme])
    if not fixed:
        other = "dark" if theme == "light" else "light"
        css += f" @media (prefers-color-scheme: {other}){{{rules(PALETTES[other])}}}"
    rows = [("Sources", 0), ("App", 1)] + ([("Model.swift", 2)] if state == 1 or animated else [])
    body = []
    for i, (name, depth) in enumerate(rows):
        y = 8 + i * 32
        cls = ' class="row3"' if i == 2 and animated else ""
        body.append(f'<g{cls} transform="translate({8 + depth * 24} {y})">'
                    f'<use href="#chev" class="fg"/><rect class="ac" x="22" y="4" width="16" height="16" rx="3" '
                    f'fill-opacity="0.6"/><g class="fg" aria-label="{name}">' +
                    "".join(f'<use href="#glyph" x="{44 + 9 * k}"/>' for k in range(len(name))) +
                    f'</g><text x="44" y="18" fill-opacity="0">{name}</text>'
                    f'<rect class="sep" x="0" y="29" width="{200 - depth * 24}" height="1"/></g>')
    if animated:
        css += (" @keyframes appear{0%,40%{opacity:0}60%,100%{opacity:1}}"
                " .row3{opacity:0;animation:appear 2500ms linear infinite}")
    rests = ' data-rests="500 2000"' if animated else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="{h / 2:g}" viewBox="0 0 240 {h}"{rests}>'
            f"<title>Sources</title><style>{css}</style><defs>"
            '<path id="chev" d="M2 6L8 12L2 18L4 20L12 12L4 4Z"/>'
            '<path id="glyph" fill-rule="evenodd" d="M0 6H7V20H0Z M2 9H5V17H2Z"/>'
            f'<clipPath id="clip"><rect width="240" height="{h}"/></clipPath></defs>'
            f'<g clip-path="url(#clip)"><rect class="bg" width="240" height="{h}"/>{"".join(body)}</g></svg>')


def self_test(args, work):
    top = os.path.join(work, "out")
    for variant, theme, fixed in (("both", "light", False), ("light", "light", True), ("dark", "dark", True)):
        folder = os.path.join(top, variant, "demo")
        os.makedirs(folder)
        for n in (0, 1):
            svg = os.path.join(folder, f"state-{n:02d}.svg")
            with open(svg, "w") as f:
                f.write(fake_svg(n, theme, fixed))
            # The "PNG" references: the fixed-theme SVG drawn by rsvg-convert.
            ref = os.path.join(work, f"ref-{theme}-{n}.svg")
            with open(ref, "w") as f:
                f.write(fake_svg(n, theme, True, reference=True))
            error = rasterise("rsvg-convert", ref, 240, 121, os.path.join(folder, f"state-{n:02d}.png"))
            if error:
                sys.exit("check-svg --self-test: " + error)
        if variant == "both":
            with open(os.path.join(folder, "animation.svg"), "w") as f:
                f.write(fake_svg(0, theme, fixed, animated=True))
            shutil.copy(os.path.join(folder, "state-00.png"), os.path.join(folder, "animation.png"))
    shutil.copytree(os.path.join(top, "both"), os.path.join(top, "j1"))
    light_ref, dark_ref = (open(os.path.join(top, v, "demo", "state-00.png"), "rb").read() for v in ("light", "dark"))
    if light_ref == dark_ref:
        sys.exit("check-svg --self-test: the hand-made light and dark references are the same picture")

    print("== self-test 1: a correct hand-made set passes (size limit not applied: its APNG is a stand-in)")
    good = Report(keep=bool(args.keep))
    check_tree(args.unfold, top, os.path.join(work, "w1"), good, size_limit=False, j1=os.path.join(top, "j1"))
    code = summary(good)

    print("\n== self-test 2: wrong references, a script and changed bytes fail (each failure printed as 'caught')")
    demo = lambda v: os.path.join(top, v, "demo")
    shutil.copy(os.path.join(demo("light"), "state-01.png"), os.path.join(demo("dark"), "state-01.png"))  # wrong theme
    shutil.copy(os.path.join(demo("both"), "state-00.png"), os.path.join(demo("both"), "state-01.png"))  # wrong state
    with open(os.path.join(demo("both"), "animation.svg"), "r+") as f:
        text = f.read().replace('data-rests="500 2000"', 'data-rests="500 1100"')  # mid-transition
        f.seek(0), f.truncate(), f.write(text)
    with open(os.path.join(demo("light"), "state-00.svg"), "r+") as f:
        text = f.read().replace("</svg>", '<script>alert(1)</script><image href="https://x.example/a.png"/></svg>')
        f.seek(0), f.truncate(), f.write(text)
    with open(os.path.join(demo("dark"), "state-00.svg"), "r+") as f:  # a fixed theme that follows the reader
        text = f.read().replace("</style>", "@media (prefers-color-scheme: light){.bg{fill:#fff}}</style>")
        f.seek(0), f.truncate(), f.write(text)
    bad = Report(keep=bool(args.keep), expect_failures=True)
    check_tree(args.unfold, top, os.path.join(work, "w2"), bad, size_limit=True, j1=os.path.join(top, "j1"))
    expected = [
        ("rsvg-convert", "dark/demo/state-01.svg"), ("resvg", "dark/demo/state-01.svg"),
        ("chromium dark", "both/demo/state-01.svg vs dark/state-01.png"),
        ("rsvg-convert", "both/demo/state-01.svg"), ("resvg", "both/demo/state-01.svg"),
        ("chromium light", "both/demo/animation.svg at 1100 ms"),
        ("self-contained", "light/demo/state-00.svg"), ("self-contained", "dark/demo/state-00.svg"),
        ("chromium light", "dark/demo/state-00.svg"), ("same bytes -j 1/-j 2", "demo"), ("size", "demo/animation.svg"),
    ]
    missed = [f"{w} {f}" for w, f in expected if not any(x.startswith(f"{w}: {f}") for x in bad.failures)]
    if code != 0:
        print("\nself-test FAILED: the correct set did not pass")
        return 1
    if missed:
        print("\nself-test FAILED: these wrong files were not caught: " + "; ".join(missed))
        return 1
    print(f"\nself-test passed: the correct set passed ({good.passed} checks), "
          f"and all {len(expected)} kinds of wrong file were caught")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("unfold", nargs="?", default=".build/release/unfold")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (kept) instead of a temporary folder")
    parser.add_argument("--only", metavar="NAMES", help="comma-separated Examples (file names without .yaml)")
    parser.add_argument("--no-size-limit", action="store_true", help="report animation.svg's size, do not fail on it")
    args = parser.parse_args()
    args.unfold = os.path.abspath(args.unfold)
    for tool in (args.unfold, RSVG, RESVG, CHROMIUM):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            sys.exit(f"check-svg: {tool} is not an executable (scripts/check-svg.sh installs rsvg-convert, resvg, chromium)")
    if args.keep:
        if os.path.exists(args.keep):
            sys.exit(f"check-svg: --keep {args.keep} exists; give a new folder")
        os.makedirs(args.keep)
        work = os.path.abspath(args.keep)
        return self_test(args, work) if args.self_test else check_unfold(args, work)
    with tempfile.TemporaryDirectory(prefix="check-svg-") as work:
        return self_test(args, work) if args.self_test else check_unfold(args, work)


if __name__ == "__main__":
    sys.exit(main())
