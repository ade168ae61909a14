import Foundation

/// The page `unfold review` serves: a report's failures, to look at and to
/// accept or reject one by one.
///
/// The page itself (`html`) holds neither the report nor the review's key,
/// so whoever fetches it without the key learns nothing. The key comes in
/// the address's fragment (`http://127.0.0.1:PORT/#KEY`), which a browser
/// never sends: the page's script takes it from there, removes it from the
/// address bar, and sends it in `X-Unfold-Token` with every request it makes:
/// the failures (`data`), their pictures (`file?path=`, shown as blob URLs)
/// and the decisions (a POST to `accept` or `reject`).
///
/// Per failure: expected, actual and diff, a slider and a blink view, zoom.
/// A strip shows its changed frames as a filmstrip (expected above actual),
/// the frames that changed most first, each with a bar of how many pixels changed; a frame can be
/// accepted alone. Keys: j/k next and previous, a accept, r reject,
/// 1-6 the views, + and - zoom.
enum ReviewPage {
    /// One thing to decide on, as the page shows it.
    struct Entry: Encodable {
        var id: String
        var title: String
        var message: String
        var expected: String?
        var actual: String?
        var diff: String?
        var pixels: Int?
        /// Strip frames, the most changed first.
        var frames: [Entry]
    }

    /// What `data` answers: the report's summary and its failures.
    struct Contents: Encodable {
        var summary: String
        var items: [Entry]
    }

    /// The failures as the page shows them (`ShownFailure`), and the pictures
    /// the page may load, by the names the entries give them. O(pictures).
    static func contents(summary: String, shown: [ShownFailure]) -> (contents: Contents, files: [String: [UInt8]]) {
        var files: [String: [UInt8]] = [:]
        var entries = 0
        func entry(_ s: ShownFailure) -> Entry {
            let n = entries
            entries += 1
            func named(_ role: String, _ bytes: [UInt8]?) -> String? {
                guard let bytes else { return nil }
                files["\(n)-\(role).png"] = bytes
                return "\(n)-\(role).png"
            }
            return Entry(
                id: s.id, title: s.title, message: s.message, expected: named("expected", s.expected), actual: named("actual", s.actual),
                diff: named("diff", s.diff), pixels: s.frames.isEmpty && s.differentPixels > 0 ? s.differentPixels : nil, frames: s.frames.map(entry))
        }
        return (Contents(summary: summary, items: shown.filter { $0.actual != nil }.map(entry)), files)
    }

    /// The policy of the page: its own inline script and styles, pictures
    /// from blob URLs, requests only to the server that served it; no frame may hold it.
    static let policy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src blob:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    /// The page: the same for every report and every review.
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>unfold review</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1c1c1e; display: flex; height: 100vh; }
        nav { width: 300px; overflow: auto; border-right: 1px solid #ddd; background: #f7f7f8; }
        nav h1 { font-size: 16px; margin: 12px; } nav .summary { margin: 0 12px 8px; color: #555; }
        .item { display: flex; gap: 8px; padding: 6px 12px; cursor: pointer; align-items: center; border-left: 3px solid transparent; }
        .item.current { background: #e5eefc; border-left-color: #2a6ef5; }
        .item img { width: 56px; height: 56px; object-fit: contain; background: #fff; border: 1px solid #ccc; }
        .item .id { font-size: 12px; word-break: break-all; }
        .state { font-size: 11px; border-radius: 4px; padding: 0 5px; }
        .state.accepted { background: #d4f4dd; color: #075f1e; } .state.rejected { background: #f8dada; color: #8a1010; }
        main { flex: 1; overflow: auto; padding: 16px 20px; }
        main h2 { font-size: 16px; margin: 0 0 4px; word-break: break-all; } .message { color: #a00; margin: 0 0 10px; }
        .bar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
        button { font: inherit; padding: 3px 10px; border: 1px solid #bbb; border-radius: 6px; background: #fff; cursor: pointer; }
        button.on { background: #2a6ef5; color: #fff; border-color: #2a6ef5; }
        button.accept { border-color: #1a7f37; color: #1a7f37; } button.reject { border-color: #b42318; color: #b42318; }
        .views { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
        .views figure { margin: 0; } figcaption { color: #666; font-size: 12px; }
        .views img { border: 1px solid #ccc; image-rendering: pixelated; display: block; }
        .stack { position: relative; display: inline-block; } .stack img.top { position: absolute; left: 0; top: 0; }
        .film { display: flex; gap: 8px; overflow-x: auto; padding: 6px 0 10px; }
        .frame { cursor: pointer; padding: 4px; border: 2px solid transparent; border-radius: 6px; text-align: center; font-size: 11px; }
        .frame.current { border-color: #2a6ef5; } .frame img { height: 90px; display: block; border: 1px solid #ccc; margin-bottom: 2px; }
        .change { height: 5px; background: #e33; margin-top: 3px; border-radius: 2px; min-width: 2px; }
        </style></head><body>
        <nav><h1>unfold review</h1><p class="summary" id="summary"></p><div id="list"></div></nav>
        <main id="main"></main>
        <script>
        "use strict";
        // The review's key is in the address's fragment, which no request carries;
        // it leaves the address bar at once (and stays in this tab, for a reload).
        const TOKEN = location.hash.slice(1) || sessionStorage.getItem("unfold-review-key") || "";
        if (location.hash) {
          sessionStorage.setItem("unfold-review-key", TOKEN);
          history.replaceState(null, "", location.pathname);
        }
        let ITEMS = [];
        const state = {};           // id -> "accepted" | "rejected"
        const pictures = new Map(); // artifact path -> blob URL
        const loading = new Set();
        let current = 0, frame = -1, view = "sbs", zoom = 1;
        function ask(path, options = {}) {
          return fetch(path, { ...options, headers: { ...options.headers, "X-Unfold-Token": TOKEN }, cache: "no-store", credentials: "omit" });
        }
        function img(path, cls) {
          if (!path) return "";
          const src = pictures.get(path);
          return `<img ${cls ? `class="${cls}"` : ""} data-path="${esc(path)}" ${src ? `src="${src}"` : ""} style="zoom:${zoom}" alt="">`;
        }
        function loadPictures() {
          for (const el of document.querySelectorAll("img[data-path]:not([src])")) {
            const path = el.dataset.path;
            if (loading.has(path)) continue;
            loading.add(path);
            ask("file?path=" + encodeURIComponent(path))
              .then(r => r.ok ? r.blob() : Promise.reject(new Error(r.statusText)))
              .then(blob => {
                pictures.set(path, URL.createObjectURL(blob));
                for (const e of document.querySelectorAll("img[data-path]:not([src])")) if (e.dataset.path === path) e.src = pictures.get(path);
              })
              .catch(() => {})
              .finally(() => loading.delete(path));
          }
        }
        function esc(s) { return String(s).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c])); }
        function badge(id) { return state[id] ? `<span class="state ${state[id]}" data-state="${state[id]}">${state[id]}</span>` : ""; }
        function renderList() {
          document.getElementById("list").innerHTML = ITEMS.map((it, i) =>
            `<div class="item${i === current ? " current" : ""}" data-id="${esc(it.id)}" onclick="select(${i})">
               ${img(it.diff || it.actual)}<div><div class="id">${esc(it.id)}</div>${badge(it.id)}</div></div>`).join("")
            || "<p style='margin:12px'>Nothing to review.</p>";
        }
        function shown() { const it = ITEMS[current]; return frame >= 0 ? it.frames[frame] : it; }
        function renderMain() {
          const it = ITEMS[current];
          if (!it) { document.getElementById("main").innerHTML = ""; return; }
          const s = shown();
          const max = Math.max(1, ...it.frames.map(f => f.pixels));
          const film = it.frames.length ? `<h3>Frames that changed, most first (expected above actual)</h3><div class="film">` + it.frames.map((f, j) =>
              `<div class="frame${j === frame ? " current" : ""}" data-id="${esc(f.id)}" onclick="pick(${j})">${img(f.expected)}${img(f.actual)}
                 ${esc(f.title)} ${badge(f.id)}<div class="change" style="width:${Math.round(80 * f.pixels / max)}px" title="${f.pixels} pixels"></div></div>`).join("")
              + "</div>" : "";
          const views = {
            sbs: `<figure>${img(s.expected)}<figcaption>expected</figcaption></figure><figure>${img(s.actual)}<figcaption>actual</figcaption></figure>`
                 + (s.diff ? `<figure>${img(s.diff)}<figcaption>diff</figcaption></figure>` : ""),
            expected: `<figure>${img(s.expected)}<figcaption>expected</figcaption></figure>`,
            actual: `<figure>${img(s.actual)}<figcaption>actual</figcaption></figure>`,
            diff: `<figure>${img(s.diff || s.actual)}<figcaption>diff</figcaption></figure>`,
            slider: `<figure><div class="stack" id="stack">${img(s.expected)}${img(s.actual, "top")}</div>
                     <input type="range" min="0" max="100" value="50" oninput="slide(this.value)"><figcaption>actual left of the slider, expected right</figcaption></figure>`,
            blink: `<figure><div class="stack" id="stack">${img(s.expected)}${img(s.actual, "top")}</div><figcaption>blinking: expected and actual</figcaption></figure>`,
          };
          const what = frame >= 0 ? "frame" : "reference";
          document.getElementById("main").innerHTML =
            `<h2>${esc(s.id)} ${badge(s.id)}</h2><p class="message">${esc(s.message)}</p>
             <div class="bar">${["sbs", "expected", "actual", "diff", "slider", "blink"].map((v, k) =>
               `<button class="${v === view ? "on" : ""}" onclick="setView('${v}')" title="key ${k + 1}">${v === "sbs" ? "side by side" : v}</button>`).join("")}
               <button onclick="setZoom(zoom / 2)">−</button><span>${zoom}×</span><button onclick="setZoom(zoom * 2)">+</button>
               <button class="accept" id="accept" onclick="decide('accept')">accept ${what} (a)</button>
               <button class="reject" id="reject" onclick="decide('reject')">reject (r)</button>
               ${frame >= 0 ? `<button onclick="pick(-1)">whole strip</button>` : ""}</div>
             <div class="views">${views[view]}</div>${film}`;
          if (view === "slider") slide(50);
          if (view === "blink") startBlink();
        }
        let blinkTimer = null;
        function startBlink() {
          clearInterval(blinkTimer);
          blinkTimer = setInterval(() => { const t = document.querySelector("#stack .top"); if (t) t.style.opacity = t.style.opacity === "0" ? 1 : 0; }, 500);
        }
        function slide(v) { const t = document.querySelector("#stack .top"); if (t) t.style.clipPath = `inset(0 ${100 - v}% 0 0)`; }
        function render() { clearInterval(blinkTimer); renderList(); renderMain(); loadPictures(); }
        function select(i) { if (i >= 0 && i < ITEMS.length) { current = i; frame = -1; render(); } }
        function pick(j) { frame = j; render(); }
        function setView(v) { view = v; render(); }
        function setZoom(z) { zoom = Math.min(16, Math.max(0.25, z)); render(); }
        async function decide(action) {
          const s = shown();
          const response = await ask(action, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items: [s.id] }) });
          const answer = await response.json();
          if (!response.ok) { alert(answer.error || response.statusText); return; }
          for (const id of answer.items) state[id] = action === "accept" ? "accepted" : "rejected";
          render();
        }
        document.addEventListener("keydown", e => {
          if (e.target.tagName === "INPUT" || e.metaKey || e.ctrlKey || e.altKey) return;
          const views = ["sbs", "expected", "actual", "diff", "slider", "blink"];
          if (e.key === "j") select(current + 1);
          else if (e.key === "k") select(current - 1);
          else if (e.key === "a") decide("accept");
          else if (e.key === "r") decide("reject");
          else if (e.key === "+" || e.key === "=") setZoom(zoom * 2);
          else if (e.key === "-") setZoom(zoom / 2);
          else if (e.key >= "1" && e.key <= "6") setView(views[+e.key - 1]);
        });
        async function start() {
          const main = document.getElementById("main");
          if (!/^[0-9a-f]{32}$/.test(TOKEN)) {
            main.textContent = "Open the address that unfold review printed: it ends with # and the review's key.";
            return;
          }
          const response = await ask("data");
          if (!response.ok) {
            main.textContent = "This is not the key of the review on this port: open the address that unfold review printed.";
            return;
          }
          const contents = await response.json();
          ITEMS = contents.items;
          document.title = "unfold review: " + contents.summary;
          document.getElementById("summary").textContent = contents.summary;
          render();
        }
        start();
        </script>
        </body></html>

        """
}
