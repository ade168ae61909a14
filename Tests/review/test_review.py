"""The review page in headless Chromium: accepting one frame of a strip by
a click changes that frame's reference and nothing else on disk.

Run by scripts/check-review.sh (which makes a venv with Playwright and uses
Debian's chromium): python3 Tests/review/test_review.py UNFOLD_BINARY
"""
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
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


def raw(url, request):
    """Sends raw bytes to the server; its status line, or "" when it hung up."""
    host, port = url.split("//")[1].strip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=15) as s:
        s.sendall(request)
        return s.recv(200).decode(errors="replace").split("\r\n")[0]


def check_server_robustness(url):
    """Bad requests get errors, files outside the report stay out of reach, and the server survives."""
    host = url.split("//")[1].strip("/")
    assert raw(url, b"POST /accept HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Length:\r\n\r\n").startswith("HTTP/1.1 400")
    assert raw(url, b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n").startswith("HTTP/1.1 403")
    assert raw(url, b"POST /accept HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Length: 2\r\n\r\n{}").startswith("HTTP/1.1 403")
    for path in ["../../regions.yaml", "/etc/passwd", "report.json"]:
        try:
            urllib.request.urlopen(url + "file?path=" + urllib.parse.quote(path))
            raise AssertionError(f"served {path}")
        except urllib.error.HTTPError as e:
            assert e.code == 404, (path, e.code)
    with urllib.request.urlopen(url) as page:
        assert page.status == 200


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
        assert "step 2, frame 3 differs" in run.stdout, run.stdout

        before = tree(work)
        index_before = json.load(open(os.path.join(work, "Snapshots/regions/index.json")))
        server = subprocess.Popen([UNFOLD, "review"], cwd=work, stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            url = line[line.index("http://"):].split()[0]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page()
                page.goto(url)
                page.click('.item[data-id="regions/strip.png"]')
                page.click('.frame[data-id="regions/step-02/frame-03"]')
                expect(page.locator("main h2")).to_contain_text("regions/step-02/frame-03")
                # The frame's pictures load.
                for image in page.locator(".views img").all():
                    assert image.evaluate("i => i.complete && i.naturalWidth > 0"), "a picture did not load"
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
                browser.close()
            check_server_robustness(url)
        finally:
            server.terminate()
            server.wait()

        after = tree(work)
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        outside = [k for k in changed if not k.startswith((".unfold/", "Snapshots/regions/"))]
        assert not outside, f"files outside the references changed: {outside}"
        references = [k for k in changed if k.startswith("Snapshots/")]
        strips = [k for k in references if os.path.basename(k).startswith("strip.")]
        assert sorted(references) == sorted(["Snapshots/regions/index.json", *strips]) and len(strips) == 2, references
        index_after = json.load(open(os.path.join(work, "Snapshots/regions/index.json")))
        entries = lambda index: index.get("references", index)
        blob = lambda entry: entry["blob"] if isinstance(entry, dict) else entry
        differ = [k for k in entries(index_after) if blob(entries(index_after)[k]) != blob(entries(index_before)[k])]
        assert differ == ["strip.png"], differ

        # The accepted frame now matches; the other changed frames still fail.
        again = unfold("test", "regions.yaml", "--record", "never", cwd=work)
        assert "step 2, frame 3 differs" not in again.stdout, again.stdout
        assert "step 2, frame 4 differs" not in again.stdout, again.stdout
        assert "step 2, frame 5 differs" in again.stdout, again.stdout
        print("review page: accepted regions/step-02/frame-03 by a click; only the strip reference changed")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
