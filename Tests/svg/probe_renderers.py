"""Which SVG features rsvg-convert, resvg and Chromium draw alike: tiny SVGs,
one pixel sampled per case, one line per case with each renderer's colour.
The findings shaped Unfold's SVG (no var(), themes as @media overrides of
literal class rules, overflow="visible" symbols, transform as attribute).

  python Tests/svg/probe_renderers.py RESVG_BINARY OUT_DIR   (needs Pillow and Playwright)
"""
import os, shutil, subprocess, sys
from PIL import Image
from playwright.sync_api import sync_playwright

RESVG = sys.argv[1]
OUT = os.path.abspath(sys.argv[2])
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
W = 40  # CSS px; viewBox 80 (scale 2)

def svg(body, style=""):
    st = f"<style>{style}</style>" if style else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{W}" viewBox="0 0 80 80">'
            f'<rect width="80" height="80" fill="#ffffff"/>{st}{body}</svg>')

R = '<rect class="r" x="0" y="0" width="80" height="80" fill="#ff0000"/>'
T = {}
T["var on svg selector"] = (svg(R, "svg{--c:#00ff00} .r{fill:var(--c)}"), [(40, 40)])
T["var on :root selector"] = (svg(R, ":root{--c:#00ff00} .r{fill:var(--c)}"), [(40, 40)])
T["var with fallback, undefined"] = (svg(R, ".r{fill:var(--nope, #00ff00)}"), [(40, 40)])
T["var in style attribute"] = (svg('<g style="--c:#00ff00"><rect x="0" y="0" width="80" height="80" style="fill:var(--c)" fill="#ff0000"/></g>'), [(40, 40)])
T["media dark/light (green=neither,blue=dark,red=light)"] = (svg(R, ".r{fill:#00ff00} @media (prefers-color-scheme: dark){.r{fill:#0000ff}} @media (prefers-color-scheme: light){.r{fill:#ff0000}}"), [(40, 40)])
T["media dark only (green=ignored, blue=applied)"] = (svg(R, ".r{fill:#00ff00} @media (prefers-color-scheme: dark){.r{fill:#0000ff}}"), [(40, 40)])
T["media dark switching a var (green=ignored, blue=applied)"] = (svg(R, "svg{--c:#00ff00} @media (prefers-color-scheme: dark){svg{--c:#0000ff}} .r{fill:var(--c)}"), [(40, 40)])
T["rule after @media block still applies"] = (svg(R, "@media (prefers-color-scheme: dark){.r{fill:#0000ff}} .r{fill:#00ff00}"), [(40, 40)])
T["rule after @keyframes block still applies"] = (svg(R, "@keyframes k{0%{opacity:0}100%{opacity:1}} .r{fill:#00ff00}"), [(40, 40)])
T["css animation property on element (static: green)"] = (svg(R, "@keyframes k{0%{fill:#0000ff}100%{fill:#0000ff}} .r{fill:#00ff00;animation:k 1s infinite}"), [(40, 40)])
T["use href (no xlink) to rect"] = (svg('<defs><rect id="a" width="80" height="80" fill="#00ff00"/></defs><use href="#a"/>'), [(40, 40)])
T["use xlink:href to rect"] = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40" viewBox="0 0 80 80"><rect width="80" height="80" fill="#fff"/><defs><rect id="a" width="80" height="80" fill="#00ff00"/></defs><use xlink:href="#a"/></svg>', [(40, 40)])
T["symbol + use x/y (left half green at x=0..40)"] = (svg('<defs><symbol id="s" viewBox="0 0 10 10" overflow="visible"><rect width="10" height="10" fill="#00ff00"/></symbol></defs><use href="#s" x="0" y="0" width="40" height="80"/>'), [(20, 40), (60, 40)])
T["symbol without viewBox, use x,y translates"] = (svg('<defs><symbol id="s"><rect width="40" height="80" fill="#00ff00"/></symbol></defs><use href="#s" x="40" y="0"/>'), [(20, 40), (60, 40)])
T["use inherits fill from CSS var (symbol path without fill)"] = (svg('<defs><symbol id="s" overflow="visible"><path d="M0 0H80V80H0Z"/></symbol></defs><use class="u" href="#s"/>', "svg{--t:#00ff00} .u{fill:var(--t)}"), [(40, 40)])
T["use inherits fill from CSS var (path in defs, no symbol)"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z"/></defs><use class="u" href="#p"/>', "svg{--t:#00ff00} .u{fill:var(--t)}"), [(40, 40)])
T["currentColor via color:var()"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z" fill="currentColor"/></defs><use class="u" href="#p"/>', "svg{--t:#00ff00} .u{color:var(--t)}"), [(40, 40)])
T["var inherited from dark media query through use"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z"/></defs><use class="u" href="#p"/>', "svg{--t:#00ff00} @media (prefers-color-scheme: dark){svg{--t:#0000ff}} .u{fill:var(--t)}"), [(40, 40)])
T["clip-path (left half green, right white)"] = (svg('<defs><clipPath id="c"><rect width="40" height="80"/></clipPath></defs><rect width="80" height="80" fill="#00ff00" clip-path="url(#c)"/>'), [(20, 40), (60, 40)])
T["clip-path as CSS property"] = (svg('<defs><clipPath id="c"><rect width="40" height="80"/></clipPath></defs><rect class="k" width="80" height="80" fill="#00ff00"/>', ".k{clip-path:url(#c)}"), [(20, 40), (60, 40)])
T["fill-rule evenodd (hole in middle white, ring green)"] = (svg('<path fill="#00ff00" fill-rule="evenodd" d="M0 0H80V80H0Z M20 20H60V60H20Z"/>'), [(40, 40), (10, 10)])
T["fill-rule nonzero same dir (all green)"] = (svg('<path fill="#00ff00" fill-rule="nonzero" d="M0 0H80V80H0Z M20 20H60V60H20Z"/>'), [(40, 40), (10, 10)])
T["fill-opacity 0.5 (expect 127,255,127)"] = (svg('<rect width="80" height="80" fill="#00ff00" fill-opacity="0.5"/>'), [(40, 40)])
T["fill-opacity via CSS var"] = (svg(R, "svg{--o:0.5} .r{fill:#00ff00;fill-opacity:var(--o)}"), [(40, 40)])
T["opacity on g 0.5 (expect 127,255,127)"] = (svg('<g opacity="0.5"><rect width="80" height="80" fill="#00ff00"/></g>'), [(40, 40)])
T["#rrggbbaa in fill attribute (expect 127,255,127)"] = (svg('<rect width="80" height="80" fill="#00ff0080"/>'), [(40, 40)])
T["rgba() in CSS var (expect 127,255,127)"] = (svg(R, "svg{--c:rgba(0,255,0,0.5)} .r{fill:var(--c)}"), [(40, 40)])
T["CSS transform property translate(40px) (left white, right green)"] = (svg('<rect class="t" width="40" height="80" fill="#00ff00"/>', ".t{transform:translate(40px,0)}"), [(20, 40), (60, 40)])
T["transform attribute (left white, right green)"] = (svg('<rect transform="translate(40 0)" width="40" height="80" fill="#00ff00"/>'), [(20, 40), (60, 40)])
T["invisible text fill-opacity=0 (white)"] = (svg('<text x="0" y="70" font-size="100" fill-opacity="0">&#x2588;W</text>'), [(20, 40)])
T["invisible text fill=transparent (white)"] = (svg('<text x="0" y="70" font-size="100" fill="transparent">&#x2588;W</text>'), [(20, 40)])
T["invisible text opacity=0 (white)"] = (svg('<text x="0" y="70" font-size="100" opacity="0">&#x2588;W</text>'), [(20, 40)])
T["pixel alignment: 1 device px rect at x=3 (pixel 3 green, 2 and 4 white)"] = (svg('<rect x="3" y="0" width="1" height="80" fill="#00ff00"/>'), [(2, 40), (3, 40), (4, 40)])
T["stroke via var"] = (svg('<rect class="s" x="0" y="0" width="80" height="80" fill="none" stroke="#ff0000" stroke-width="40"/>', "svg{--s:#00ff00} .s{stroke:var(--s)}"), [(5, 5)])
T["rx rounded rect corner white, centre green"] = (svg('<rect width="80" height="80" rx="30" fill="#00ff00"/>'), [(1, 1), (40, 40)])
T["class selector on svg attribute + descendant"] = (svg('<g class="d"><rect width="80" height="80" class="r" fill="#ff0000"/></g>', ".d .r{fill:#00ff00}"), [(40, 40)])
T["nested use of use (glyph use inside row symbol)"] = (svg('<defs><path id="g" d="M0 0H40V80H0Z"/><g id="row"><use href="#g"/><use href="#g" x="40"/></g></defs><use class="u" href="#row"/>', ".u{fill:#00ff00}"), [(20, 40), (60, 40)])
T["attribute selector [data-x]"] = (svg('<rect data-x="1" width="80" height="80" fill="#ff0000"/>', "[data-x]{fill:#00ff00}"), [(40, 40)])
T["media query in style attribute 'media' on <style>"] = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 80 80"><style>.r{fill:#00ff00}</style><style media="(prefers-color-scheme: dark)">.r{fill:#0000ff}</style>' + R + '</svg>', [(40, 40)])

T2 = {}
T2["plain CSS fill on use inherited into symbol path"] = (svg('<defs><symbol id="s" overflow="visible"><path d="M0 0H80V80H0Z"/></symbol></defs><use class="u" href="#s"/>', ".u{fill:#00ff00}"), [(40, 40)])
T2["plain CSS fill on use inherited into defs path"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z"/></defs><use class="u" href="#p"/>', ".u{fill:#00ff00}"), [(40, 40)])
T2["fill from g class inherited through use"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z"/></defs><g class="u"><use href="#p"/></g>', ".u{fill:#00ff00}"), [(40, 40)])
T2["dark override of plain class rule, through use (green=base)"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z"/></defs><use class="u" href="#p"/>', ".u{fill:#00ff00} @media (prefers-color-scheme: dark){.u{fill:#0000ff}}"), [(40, 40)])
T2["currentColor with plain color on use"] = (svg('<defs><path id="p" d="M0 0H80V80H0Z" fill="currentColor"/></defs><use class="u" href="#p"/>', ".u{color:#00ff00}"), [(40, 40)])
T2["literal then var in same rule {fill:#0f0;fill:var(--c)} (--c=blue)"] = (svg(R, "svg{--c:#0000ff} .r{fill:#00ff00;fill:var(--c)}"), [(40, 40)])
T2["fill-opacity plain CSS (expect 127,255,127)"] = (svg(R, ".r{fill:#00ff00;fill-opacity:0.5}"), [(40, 40)])
T2["CDATA style"] = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 80 80"><style><![CDATA[.r{fill:#00ff00}]]></style>' + R + '</svg>', [(40, 40)])
T2["style attr plain fill"] = (svg('<rect width="80" height="80" fill="#ff0000" style="fill:#00ff00"/>'), [(40, 40)])
T2["animation on transform static (base: left green)"] = (svg('<rect class="t" width="40" height="80" fill="#00ff00"/>', "@keyframes m{from{transform:translate(40px,0)}to{transform:translate(40px,0)}} .t{animation:m 1s infinite}"), [(20, 40), (60, 40)])
T2["light-scheme override when base is dark (green=base)"] = (svg(R, ".r{fill:#00ff00} @media (prefers-color-scheme: light){.r{fill:#0000ff}}"), [(40, 40)])
T2["@media not in a <style> first (rule before it)"] = (svg(R, ".r{fill:#00ff00} @media (prefers-color-scheme: dark){.r{fill:#0000ff}} .x{fill:red}"), [(40, 40)])
T2["transform-box/origin CSS + rotate (no-op check: left green)"] = (svg('<rect class="t" width="40" height="80" fill="#00ff00"/>', ".t{transform-origin:0 0}"), [(20, 40), (60, 40)])
T2["use with transform attribute"] = (svg('<defs><path id="p" d="M0 0H40V80H0Z" fill="#00ff00"/></defs><use href="#p" transform="translate(40 0)"/>'), [(20, 40), (60, 40)])
T2["use with width/height ignored for non-symbol"] = (svg('<defs><path id="p" d="M0 0H40V80H0Z" fill="#00ff00"/></defs><use href="#p" width="10" height="10"/>'), [(20, 40)])
T2["symbol overflow hidden clipped by use w/h (default)"] = (svg('<defs><symbol id="s"><rect width="80" height="80" fill="#00ff00"/></symbol></defs><use href="#s" width="40" height="80"/>'), [(20, 40), (60, 40)])
T.update(T2)


def name(rgb):
    named = {(0, 255, 0): "green", (255, 0, 0): "red", (0, 0, 255): "blue", (255, 255, 255): "white", (0, 0, 0): "black"}
    return named.get(rgb, str(rgb))


def main():
    out = OUT; os.makedirs(out, exist_ok=True)
    results = {}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = {}
        for scheme in ["light", "dark"]:
            pg = b.new_page(viewport={"width": W, "height": W}, device_scale_factor=2)
            pg.emulate_media(color_scheme=scheme)
            pages[scheme] = pg
        for i, (title, (text, pts)) in enumerate(T.items()):
            f = os.path.join(out, f"t{i:02}.svg")
            open(f, "w").write(text)
            row = {}
            for r, cmd in [("rsvg", ["rsvg-convert", "-w", "80", "-h", "80", "-o", f + ".rsvg.png", f]),
                           ("resvg", [RESVG, "-w", "80", "-h", "80", f, f + ".resvg.png"])]:
                pr = subprocess.run(cmd, capture_output=True, text=True)
                if pr.returncode:
                    row[r] = "ERROR " + pr.stderr.strip()[:100]
                    continue
                im = Image.open(f + "." + r + ".png").convert("RGBA")
                bg = Image.new("RGBA", im.size, (255, 255, 255, 255)); bg.alpha_composite(im)
                row[r] = " ".join(name(bg.getpixel(pt)[:3]) for pt in pts)
            for scheme, pg in pages.items():
                pg.goto("file://" + f)
                pg.screenshot(path=f + "." + scheme + ".png")
                im = Image.open(f + "." + scheme + ".png").convert("RGB")
                row["chromium-" + scheme] = " ".join(name(im.getpixel(pt)) for pt in pts)
            results[title] = row
            print(f"{title:75} | " + " | ".join(f"{k}: {v}" for k, v in row.items()), flush=True)
        b.close()


main()
