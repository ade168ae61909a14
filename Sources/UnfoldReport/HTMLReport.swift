import UnfoldReferences
import UnfoldSupport

extension SnapshotReport {
    /// A self-contained HTML page (no network, images by relative path) that
    /// shows every failure: expected, actual and diff side by side, a slider
    /// and a blink toggle to compare in place, and each differing strip frame.
    /// A reference whose kind in `catalog` is not served as an image is linked.
    package func html(catalog: ReferenceCatalog) -> String {
        let body = cases.filter { $0.status == .failed }.enumerated().map { section($1, number: $0, catalog: catalog) }.joined()
        let rows = cases.map { c in
            "<tr class=\"\(c.status.rawValue)\"><td>\(h(c.scenario))</td><td>\(h(c.reference))</td>"
                + "<td>\(c.status.rawValue)</td><td>\(h(c.message))</td></tr>\n"
        }.joined()
        let stale =
            self.stale.isEmpty
            ? ""
            : "<h2>\(runName == "swift test" ? "Folders no assertion used" : "Stale references")</h2><ul>"
                + self.stale.map { "<li>\(h($0))</li>" }.joined() + "</ul><p>"
                + (runName == "swift test" ? h(staleHeading) + "." : "Remove them with <code>unfold test --prune</code>.") + "</p>"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(runName): \(h(headline))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; } h3, h4 { font-size: 14px; }
            .summary { font-size: 16px; } .failed td:nth-child(3), .message { color: #c00; }
            .recorded td:nth-child(3) { color: #a60; } .passed td:nth-child(3) { color: #070; }
            table { border-collapse: collapse; } td { border-bottom: 1px solid #ddd; padding: 3px 10px; }
            .row { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
            .row figure { margin: 0; } figcaption { color: #666; }
            img { max-width: 360px; border: 1px solid #ccc; image-rendering: pixelated; }
            .swipe { position: relative; display: inline-block; }
            .swipe img { max-width: 360px; display: block; }
            .swipe .top { position: absolute; left: 0; top: 0; clip-path: inset(0 50% 0 0); }
            .controls { margin: 6px 0; }
            </style></head><body>
            <h1>\(runName)</h1>
            <p class="summary">\(h(headline))</p>
            \(body)\(stale)
            <h2>All references</h2>
            <table><tr><th>scenario</th><th>reference</th><th>status</th><th>message</th></tr>
            \(rows)</table>
            <script>
            function swipe(id, v) { document.querySelector('#' + id + ' .top').style.clipPath = 'inset(0 ' + (100 - v) + '% 0 0)'; }
            function blink(id) {
              const top = document.querySelector('#' + id + ' .top');
              if (top.dataset.timer) { clearInterval(+top.dataset.timer); delete top.dataset.timer; top.style.opacity = 1; return; }
              top.style.clipPath = 'none';
              top.dataset.timer = setInterval(() => { top.style.opacity = top.style.opacity === '0' ? 1 : 0; }, 500);
            }
            </script>
            </body></html>

            """
    }

    /// The failure `c`, the `number`-th: its message, the command that
    /// accepts it, its pictures, and each strip frame that differs.
    private func section(_ c: CaseResult, number i: Int, catalog: ReferenceCatalog) -> String {
        var body = "<section class=\"case failed\" id=\"case\(i)\">\n"
        body += "<h2>\(h(c.scenario)) / \(h(c.reference))</h2>\n<p class=\"message\">\(h(c.message))</p>\n"
        body += "<p class=\"accept\">Accept it: <code>\(h(acceptCommand(c.id)))</code></p>\n"
        let isImage = catalog.kind(of: c.reference)?.mediaType.hasPrefix("image/") ?? false
        if let expected = c.artifacts.expected, let actual = c.artifacts.actual, isImage {
            body += comparison(id: "c\(i)", expected: expected, actual: actual, diff: c.artifacts.diff)
        } else if let expected = c.artifacts.expected, let actual = c.artifacts.actual {
            body += "<p><a href=\"\(h(expected))\">expected</a> · <a href=\"\(h(actual))\">actual</a></p>\n"
        }
        if !c.frames.isEmpty {
            body += "<h3>Frames that differ</h3>\n"
            for (j, f) in c.frames.enumerated() {
                body += "<div class=\"frame\"><h4>\(h(f.description))</h4>\n"
                body += "<p class=\"accept\">Accept this frame alone: <code>\(h(acceptCommand(c.id(of: f))))</code></p>\n"
                if let e = f.artifacts.expected, let a = f.artifacts.actual {
                    body += comparison(id: "c\(i)f\(j)", expected: e, actual: a, diff: f.artifacts.diff)
                }
                body += "</div>\n"
            }
        }
        return body + "</section>\n"
    }

    private func comparison(id: String, expected: String, actual: String, diff: String?) -> String {
        var s = "<div class=\"row\">"
        s += "<figure><img src=\"\(h(expected))\" alt=\"expected\"><figcaption>expected</figcaption></figure>"
        s += "<figure><img src=\"\(h(actual))\" alt=\"actual\"><figcaption>actual</figcaption></figure>"
        if let diff { s += "<figure><img src=\"\(h(diff))\" alt=\"diff\"><figcaption>diff</figcaption></figure>" }
        s += "<figure><div class=\"swipe\" id=\"\(id)\"><img src=\"\(h(expected))\" alt=\"expected\">"
        s += "<img class=\"top\" src=\"\(h(actual))\" alt=\"actual\"></div>"
        s += "<div class=\"controls\"><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" oninput=\"swipe('\(id)', this.value)\"> "
        s += "<button onclick=\"blink('\(id)')\">blink</button></div><figcaption>actual (left of the slider) over expected</figcaption></figure>"
        return s + "</div>\n"
    }

    private func h(_ s: String) -> String { MarkupText.escaped(s, keepingLines: true, acting: .visible) }
}
