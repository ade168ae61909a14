/// The script of a live tree (`HTMLTree`), the project's own and no
/// library's: it makes the `<details>` a WAI-ARIA tree (the APG's Tree View
/// pattern). Each folder's `<details>` becomes a `treeitem` with
/// `aria-expanded` and a `group`; names, notes and detail rows are the item's
/// label and description; checks, the selection and loading are `aria-checked`,
/// `aria-selected` and `aria-busy`; one item at a time is in the tab order
/// (a roving `tabindex`). Keys: Up and Down move through the rows shown,
/// Right opens a folder or moves to its first row, Left closes it or moves to
/// the row's folder (mirrored right to left), Home and End, Enter and Space
/// open and close, `*` opens the folders beside the row, typed letters move
/// to the next row whose name starts with them. Opening and closing take the
/// scenario's animation (its duration, easing, fade or slide), at once for a
/// reader who asked for less motion. A key costs O(depth) but for type-ahead,
/// which looks through the rows shown; it holds no input of its own: the
/// tree's words are in the markup, escaped.
enum HTMLTreeScript {
    static let source = """
        (function (root) {
          if (!root || root.hasAttribute("data-live")) return;
          root.setAttribute("data-live", "");
          var ns = root.getAttribute("data-unfold-tree"), ms = +root.getAttribute("data-ms") || 0;
          var easing = root.getAttribute("data-easing"), slide = root.getAttribute("data-motion") == "slide";
          var rtl = root.dir == "rtl", tree = root.querySelector("ul"), typed = "", typedAt = 0;
          var selected = tree.querySelectorAll("li[data-selected]").length;
          tree.setAttribute("role", "tree");
          if (selected > 1) tree.setAttribute("aria-multiselectable", "true");
          [].forEach.call(root.querySelectorAll("ul"), function (list) {
            for (var i = 0; i < list.children.length; i++) {
              list.children[i].setAttribute("aria-setsize", list.children.length);
              list.children[i].setAttribute("aria-posinset", i + 1);
            }
          });
          [].forEach.call(tree.querySelectorAll("li"), function (li) {
            var row = li.firstElementChild;
            if (row.tagName == "DETAILS") {
              var details = row, summary = details.firstElementChild, list = details.lastElementChild;
              row = document.createElement("div");
              row.className = summary.className;
              while (summary.firstChild) row.appendChild(summary.firstChild);
              li.setAttribute("aria-expanded", details.open ? "true" : "false");
              list.hidden = !details.open;
              list.setAttribute("role", "group");
              li.replaceChild(row, details);
              li.appendChild(list);
            }
            var parent = up(li), name = row.querySelector("." + ns + "n");
            li.level = parent ? parent.level + 1 : 1;
            li.setAttribute("role", "treeitem");
            li.setAttribute("aria-level", li.level);
            li.setAttribute("aria-labelledby", name.id);
            var notes = [].map.call(row.querySelectorAll("[id^='" + ns + "D']"), function (note) { return note.id; });
            if (notes.length) li.setAttribute("aria-describedby", notes.join(" "));
            if (li.hasAttribute("data-check")) li.setAttribute("aria-checked", li.getAttribute("data-check"));
            if (selected) li.setAttribute("aria-selected", li.hasAttribute("data-selected") ? "true" : "false");
            if (li.hasAttribute("data-busy")) li.setAttribute("aria-busy", "true");
            li.tabIndex = -1;
          });
          function group(li) { var list = li.lastElementChild; return list && list.tagName == "UL" ? list : null; }
          function shown(li) { return li.getAttribute("aria-expanded") == "true" ? group(li).children : null; }
          function up(li) { var list = li.parentNode; return list == tree ? null : list.parentNode.tagName == "LI" ? list.parentNode : list.parentNode.parentNode; }
          function next(li) {
            var rows = shown(li);
            if (rows && rows.length) return rows[0];
            for (; li; li = up(li)) if (li.nextElementSibling) return li.nextElementSibling;
            return null;
          }
          function last(li) { for (var rows; (rows = shown(li)) && rows.length; ) li = rows[rows.length - 1]; return li; }
          function prev(li) { var before = li.previousElementSibling; return before ? last(before) : up(li); }
          function visible(li) { for (var a = up(li); a; a = up(a)) if (a.getAttribute("aria-expanded") != "true") return false; return true; }
          function name(li) { return document.getElementById(li.getAttribute("aria-labelledby")).textContent.toLowerCase(); }
          var current = [].filter.call(tree.querySelectorAll("li[data-selected]"), visible)[0] || tree.firstElementChild;
          if (current) current.tabIndex = 0;
          function focus(li) { if (current) current.tabIndex = -1; current = li; li.tabIndex = 0; li.focus(); }
          function still() { return !ms || !tree.animate || matchMedia("(prefers-reduced-motion: reduce)").matches; }
          function setOpen(li, open) {
            var list = group(li);
            if (!list || (li.getAttribute("aria-expanded") == "true") == open) return;
            li.setAttribute("aria-expanded", open ? "true" : "false");
            if (list.motion) list.motion.cancel();
            list.motion = null;
            list.hidden = false;
            if (still()) { list.hidden = !open; return; }
            var height = list.scrollHeight + "px", from = open ? "0px" : height, to = open ? height : "0px";
            list.style.overflow = "hidden";
            // Sliding, the rows come out from under their folder: the list's end shows first.
            if (slide) { list.style.display = "flex"; list.style.flexDirection = "column"; list.style.justifyContent = "flex-end"; }
            var frames = slide ? [{ height: from }, { height: to }] : [{ height: from, opacity: open ? 0 : 1 }, { height: to, opacity: open ? 1 : 0 }];
            var motion = list.motion = list.animate(frames, { duration: ms, easing: easing });
            motion.onfinish = motion.oncancel = function () {
              if (list.motion != motion) return;
              list.motion = null;
              list.style.overflow = list.style.display = list.style.flexDirection = list.style.justifyContent = "";
              list.hidden = li.getAttribute("aria-expanded") != "true";
            };
          }
          function find(from, key) {
            var now = Date.now();
            typed = now - typedAt > 500 ? key.toLowerCase() : typed + key.toLowerCase();
            typedAt = now;
            var li = typed.length > 1 ? from : next(from) || tree.firstElementChild;
            for (var start = li; ; ) {
              if (name(li).indexOf(typed) == 0) return li;
              li = next(li) || tree.firstElementChild;
              if (li == start) return null;
            }
          }
          tree.addEventListener("keydown", function (event) {
            var li = event.target.closest ? event.target.closest("li") : null;
            if (!li || event.altKey || event.ctrlKey || event.metaKey) return;
            var key = event.key, state = li.getAttribute("aria-expanded"), to = null;
            var typing = key.length == 1 && key != " " && key != "*";
            if (!typing) typed = "";
            if (rtl && (key == "ArrowLeft" || key == "ArrowRight")) key = key == "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
            if (key == "ArrowDown") to = next(li);
            else if (key == "ArrowUp") to = prev(li);
            else if (key == "ArrowRight") { if (state == "false") setOpen(li, true); else if (state == "true") to = group(li).firstElementChild; }
            else if (key == "ArrowLeft") { if (state == "true") setOpen(li, false); else to = up(li); }
            else if (key == "Home") to = tree.firstElementChild;
            else if (key == "End") to = last(tree.lastElementChild);
            else if (key == "Enter" || key == " ") { if (state) setOpen(li, state == "false"); }
            else if (key == "*") [].forEach.call(li.parentNode.children, function (row) { setOpen(row, true); });
            else if (typing) to = find(li, key);
            else return;
            event.preventDefault();
            if (to) focus(to);
          });
          tree.addEventListener("click", function (event) {
            var row = event.target.closest ? event.target.closest("." + ns + "r") : null;
            if (!row || !tree.contains(row)) return;
            var li = row.closest("li"), state = li.getAttribute("aria-expanded");
            focus(li);
            if (state) setOpen(li, state == "false");
          });
        })(document.currentScript && document.currentScript.parentNode);
        """
}
