"""The review page in headless Chromium: accepting one frame of a strip by
a click changes that frame's reference and nothing else on disk; the page
opens only with the printed address (its key is in the fragment), and no
other site can frame it.

Run by scripts/check-review.sh (which makes a venv with Playwright and uses
Debian's chromium): python3 Tests/review/test_review.py UNFOLD_BINARY
"""
import hashlib
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request

from playwright.sync_api import expect, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UNFOLD = os.path.abspath(sys.argv[1])
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")


def tree(folder):
    """Every file under folder with the hash of its bytes."""
    out = {}
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return out


def unfold(*args, cwd):
    return subprocess.run([UNFOLD, *args], cwd=cwd, capture_output=True, text=True)


def raw(base, request):
    """Sends raw bytes to the server; its status line, or "" when it hung up."""
    host, port = base.split("//")[1].strip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=15) as s:
        s.sendall(request)
        return s.recv(200).decode(errors="replace").split("\r\n")[0]


def get(url, token=None):
    """Status and body of a GET, with the review's key in X-Unfold-Token when given."""
    request = urllib.request.Request(url, headers={"X-Unfold-Token": token} if token else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def check_server_robustness(base, token):
    """Bad requests get errors, nothing but the page answers without the key,
    files outside the report stay out of reach, and the server survives."""
    host = base.split("//")[1].strip("/")
    assert raw(base, b"POST /accept HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Length:\r\n\r\n").startswith("HTTP/1.1 400")
    assert raw(base, b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n").startswith("HTTP/1.1 403")
    assert raw(base, b"POST /accept HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Length: 2\r\n\r\n{}").startswith("HTTP/1.1 403")
    status, page = get(base)
    assert status == 200 and token.encode() not in page and b"regions" not in page, "the page without the key shows the key or the report"
    for path in ["data", "file?path=regions/strip.actual.png"]:
        status, body = get(base + path)
        assert status == 403 and token.encode() not in body and b"regions/" not in body, (path, status)
    assert get(base + "data", token)[0] == 200
    for path in ["../../regions.yaml", "/etc/passwd", "report.json"]:
        status, _ = get(base + "file?path=" + urllib.parse.quote(path), token)
        assert status == 404, (path, status)
    assert get(base)[0] == 200


class Attacker(http.server.BaseHTTPRequestHandler):
    """Another site on this machine (another port is another origin): a page
    that frames the review, nearly transparent, as a clickjacking page does,
    and, to show that framing works at all, one of its own pages."""

    victim = ""

    def do_GET(self):
        if self.path == "/own.html":
            body = b"<!doctype html><p id='own'>framed</p>"
        else:
            body = (f"<!doctype html><iframe id='own' src='/own.html'></iframe>"
                    f"<iframe id='victim' src='{Attacker.victim}' style='opacity:0.01' width='800' height='600'></iframe>").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def check_no_framing(browser, url):
    """A page on another origin that frames the review page (with its key)
    gets an empty frame: nothing of the review loads in it."""
    Attacker.victim = url
    attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{attacker.server_address[1]}/", wait_until="load")
        own = page.frame_locator("#own")
        expect(own.locator("#own")).to_have_text("framed")
        victim = page.frame_locator("#victim")
        page.wait_for_timeout(1000)
        assert victim.locator("#list").count() == 0 and victim.locator(".item").count() == 0, "the review page loaded in another site's frame"
        framed = [f.url for f in page.frames if f.url.startswith(url.split("#")[0])]
        assert not framed, f"the review page is in a frame: {framed}"
        page.close()
    finally:
        attacker.shutdown()


def check_page_without_key(browser, base, token):
    """The page at the address without its fragment shows no report and no key."""
    page = browser.new_page()
    page.goto(base)
    expect(page.locator("main")).to_contain_text("Open the address that unfold review printed")
    assert page.locator(".item").count() == 0
    assert token not in page.content()
    page.close()


def main():
    work = tempfile.mkdtemp(prefix="unfold-review-")
    try:
        with open(os.path.join(ROOT, "Examples/regions.yaml"), encoding="utf-8") as f:
            scenario = f.read()
        assert "title: 长安区" in scenario
        with open(os.path.join(work, "regions.yaml"), "w", encoding="utf-8") as f:
            f.write(scenario.replace("title: 长安区", "title: 长安新区"))
        shutil.copytree(os.path.join(ROOT, "Snapshots/regions"), os.path.join(work, "Snapshots/regions"))
        run = unfold("test", "regions.yaml", "--record", "never", cwd=work)
        assert run.returncode == 1, run.stdout + run.stderr
        # The terminal tells the states; the strip changed with them, and the report holds it frame by frame.
        assert "FAIL regions: strip.png and updates.json changed with the states above" in run.stdout, run.stdout
        report = json.load(open(os.path.join(work, ".unfold/artifacts/report.json")))
        strip = [c for c in report["cases"] if c["reference"] == "strip.png"][0]
        assert any(f["step"] == 2 and f["frame"] == 3 for f in strip["frames"]), strip["frames"]

        before = tree(work)
        index_before = json.load(open(os.path.join(work, "Snapshots/regions/index.json")))
        server = subprocess.Popen([UNFOLD, "review"], cwd=work, stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            url = line[line.index("http://"):].split()[0]
            base, token = url.split("#", 1)
            assert base.endswith("/") and len(token) == 32, line
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                check_no_framing(browser, url)
                check_page_without_key(browser, base, token)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(url)
                expect(page.locator('.item[data-id="regions/strip.png"]')).to_be_visible()
                # The key leaves the address bar, and a reload still works (the tab keeps it).
                assert page.url == base, page.url
                page.reload()
                page.click('.item[data-id="regions/strip.png"]')
                page.click('.frame[data-id="regions/step-02/frame-03"]')
                expect(page.locator("main h2")).to_contain_text("regions/step-02/frame-03")
                # The frame's pictures load.
                page.wait_for_function("() => [...document.querySelectorAll('.views img')].every(i => i.complete && i.naturalWidth > 0)")
                assert page.locator(".views img").count() >= 2
                page.click("#accept")
                expect(page.locator('main h2 [data-state="accepted"]')).to_be_visible()
                # A second frame of the same strip builds on the first.
                page.click('.frame[data-id="regions/step-02/frame-04"]')
                page.click("#accept")
                expect(page.locator('main h2 [data-state="accepted"]')).to_be_visible()
                # Rejecting another item (key r) changes nothing on disk.
                page.keyboard.press("k")
                page.keyboard.press("r")
                expect(page.locator('main h2 [data-state="rejected"]')).to_be_visible()
                # The items are listed under their test, with one button that accepts it.
                expect(page.locator('.test[data-test="regions"] button')).to_have_text("accept test")
                # updates.json is shown as its changed lines, not as a picture.
                page.click('.item[data-id="regions/updates.json"]')
                expect(page.locator("pre.textdiff .add").first).to_contain_text("长安新区")
                assert page.locator("main .views img").count() == 0
                # Side by side fits a 1400-px window: three pictures in a row, none past the edge.
                page.click('.item[data-id="regions/state-03.png"]')
                page.wait_for_function("() => [...document.querySelectorAll('.views img')].every(i => i.complete && i.naturalWidth > 0)")
                boxes = [page.locator(".views img").nth(k).bounding_box() for k in range(3)]
                assert all(b["x"] + b["width"] <= 1400 for b in boxes), boxes
                assert len({round(b["y"]) for b in boxes}) == 1, f"side by side stacks: {boxes}"
                browser.close()
            check_server_robustness(base, token)
        finally:
            server.terminate()
            server.wait()

        after = tree(work)
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        # Besides the report and Unfold's own records (the undo records), only the strip changed: not even the index.
        outside = [k for k in changed if not k.startswith((".unfold/", "Snapshots/.unfold/", "Snapshots/regions/"))]
        assert not outside, f"files outside the references changed: {outside}"
        references = [k for k in changed if k.startswith("Snapshots/regions/")]
        assert references == ["Snapshots/regions/strip.png"], references
        index_after = json.load(open(os.path.join(work, "Snapshots/regions/index.json")))
        assert index_after == index_before, (index_before, index_after)

        # The accepted frame now matches; the other changed frames still fail.
        again = unfold("test", "regions.yaml", "--record", "never", cwd=work)
        report = json.load(open(os.path.join(work, ".unfold/artifacts/report.json")))
        frames = {(f["step"], f["frame"]) for c in report["cases"] if c["reference"] == "strip.png" for f in c["frames"]}
        assert (2, 3) not in frames and (2, 4) not in frames and (2, 5) in frames, (frames, again.stdout)
        print("review page: accepted regions/step-02/frame-03 by a click; only the strip reference changed")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
