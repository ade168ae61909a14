#!/usr/bin/env bash
# Builds and tests Examples/Consumer, a package that uses Unfold as a user
# does (by path, products only), then checks that its executable renders the
# same bytes when copied alone to another folder with the checkout's Fonts/
# out of reach: the fonts travel inside the binary. Unfold's own sources must
# build without a warning here (by path, beside Yams 5 and its own libyaml).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo/Examples/Consumer"
build_log=$(swift build --build-tests 2>&1) || { echo "$build_log"; exit 1; }
if grep "warning:" <<<"$build_log" | grep -F "$repo/Sources/"; then
  echo "error: Unfold's sources warn when built as a dependency (above)" >&2
  exit 1
fi
swift test

# The review loop of Swift tests: a model change fails, the failure names the
# way to accept it, `unfold accept --report .build/unfold-artifacts` (run in
# the package's folder) writes the new references into the tests'
# __Snapshots__ folders, and the next `swift test` passes; the undo that
# accept prints puts every reference back and leaves no folder behind.
unfold="$repo/.build/release/unfold"
model=Sources/SettingsModel/Settings.swift
cp "$model" "$repo/.build/consumer-model.orig"
cp -R Tests/SettingsModelTests/__Snapshots__ "$repo/.build/consumer-snapshots.orig"
restore() { mv "$repo/.build/consumer-model.orig" "$model"; touch "$model"; rm -rf Tests/SettingsModelTests/__Snapshots__; mv "$repo/.build/consumer-snapshots.orig" Tests/SettingsModelTests/__Snapshots__; }
trap restore EXIT
sed -i 's/"Software Update"/"Software Updates"/' "$model"
# A moved check: the test sets no style, fails, and says which rows changed.
sed -i 's/OutlineNode("Notes.md", id: "notes", checked: true)/OutlineNode("Notes.md", id: "notes")/; s/OutlineNode("Report.pdf", id: "report")/OutlineNode("Report.pdf", id: "report", checked: true)/' "$model"
if failing=$(CI=true swift test 2>&1); then echo "error: a changed model passed its snapshot tests" >&2; exit 1; fi
grep -q "unfold accept --report .build/unfold-artifacts" <<<"$failing" || { echo "$failing"; echo "error: the failure does not say how to accept it" >&2; exit 1; }
grep -q '"Notes.md" (documents/notes) unchecked, "Report.pdf" (documents/report) checked; differ' <<<"$failing" \
  || { echo "$failing"; echo "error: a moved check did not fail, or its failure does not name the rows" >&2; exit 1; }
# The hint of a parameterized test's case, typed as printed, re-records that test and no other,
# and the run's report keeps the other tests' failures for accept.
hint=$(grep -o "UNFOLD_RECORD=failed swift test --filter '[^']*sectionShown[^']*'" <<<"$failing" | head -1)
[ -n "$hint" ] || { echo "$failing"; echo "error: no hint names the parameterized test sectionShown" >&2; exit 1; }
pattern=${hint#*--filter \'}
pattern=${pattern%\'}
CI=true UNFOLD_RECORD=failed swift test --filter "$pattern" >/dev/null 2>&1 || true
rerecorded=$(git -C "$repo" status --porcelain -- Examples/Consumer/Tests | grep -c "sectionShown-section\.\(general\|privacy\)" || true)
others=$(git -C "$repo" status --porcelain -- Examples/Consumer/Tests | grep -v "sectionShown" || true)
[ "$rerecorded" -gt 0 ] && [ -z "$others" ] || { echo "$others"; echo "error: the hint '$hint' re-recorded $rerecorded of sectionShown's files and the above" >&2; exit 1; }
accepted=$("$unfold" accept --report .build/unfold-artifacts)
grep -q "into Tests/SettingsModelTests/__Snapshots__/SettingsTests; undo with \`unfold accept --undo\`" <<<"$accepted" \
  || { echo "$accepted"; echo "error: accept does not say where it wrote and how to undo it" >&2; exit 1; }
CI=true swift test >/dev/null || { echo "error: the tests still fail after unfold accept" >&2; exit 1; }
changed=$(git -C "$repo" status --porcelain -- Examples/Consumer/Tests | wc -l)
"$unfold" accept --undo
left=$(git -C "$repo" status --porcelain --ignored -- Examples/Consumer/Tests Examples/Consumer/Snapshots | grep -v "sectionShown" || true)
[ -z "$left" ] || { echo "$left"; echo "error: unfold accept --undo left changes or folders behind" >&2; exit 1; }
echo "consumer: a changed model failed, its parameterized test's hint re-recorded that test alone, unfold accept took the rest ($changed files changed), the next swift test passed, and --undo put back what accept wrote"
restore
trap - EXIT

# Churn: an accepted selection change touches, in each assertion's folder, the
# pictures that changed and one more file at most (the row model, updates.json);
# index.json never changes for a changed picture.
nav=Sources/NavigatorModel/Navigator.swift
cp "$nav" "$repo/.build/consumer-navigator.orig"
trap 'mv "$repo/.build/consumer-navigator.orig" "$nav"; touch "$nav"' EXIT
sed -i 's/icon: "swift", selected: true)/icon: "swift")/; s/annotation: "A", icon: "swift", detailText/annotation: "A", icon: "swift", selected: true, detailText/' "$nav"
if CI=true swift test --filter "navigator|Navigator" >/dev/null 2>&1; then echo "error: a moved selection passed the navigator's tests" >&2; exit 1; fi
"$unfold" accept --report .build/unfold-artifacts >/dev/null
churn=$(git -C "$repo" status --porcelain -- Examples/Consumer/Tests | sed 's/^...//')
[ -n "$churn" ] || { echo "error: accepting a moved selection changed no reference" >&2; exit 1; }
python3 - "$churn" <<'PY' || { echo "$churn"; echo "error: an accepted selection change touched more than its pictures and one more file per folder" >&2; exit 1; }
import collections, sys
folders = collections.defaultdict(list)
for path in sys.argv[1].split("\n"):
    folder, _, name = path.rpartition("/")
    folders[folder].append(name)
for folder, names in folders.items():
    others = [n for n in names if not n.endswith(".png")]
    assert len(others) <= 1 and "index.json" not in others, (folder, names)
print(f"consumer: an accepted selection change touched {sum(map(len, folders.values()))} files in {len(folders)} folders: "
      + "; ".join(f"{f.rpartition('/')[2]}: {', '.join(sorted(n))}" for f, n in sorted(folders.items())))
PY
"$unfold" accept --undo >/dev/null
mv "$repo/.build/consumer-navigator.orig" "$nav"
touch "$nav"
trap - EXIT
left=$(git -C "$repo" status --porcelain --ignored -- Examples/Consumer/Tests Examples/Consumer/Snapshots || true)
[ -z "$left" ] || { echo "$left"; echo "error: the undo of the selection change left changes behind" >&2; exit 1; }

# A renamed test: its new name has no reference (CI fails it), and the run's
# report names the old folder that no assertion used.
tests=Tests/SettingsModelTests/NavigatorTests.swift
cp "$tests" "$repo/.build/consumer-navigator-tests.orig"
trap 'mv "$repo/.build/consumer-navigator-tests.orig" "$tests"; touch "$tests"' EXIT
sed -i 's/@Test func navigatorAt30Points()/@Test func navigatorAtThirtyPoints()/' "$tests"
if renamed=$(CI=true swift test 2>&1); then echo "error: a renamed test passed without a reference" >&2; exit 1; fi
old=Tests/SettingsModelTests/__Snapshots__/NavigatorTests/navigatorAt30Points.1
grep -qF "Folders no assertion of this run used" .build/unfold-artifacts/summary.md && grep -qF "\`$old\`" .build/unfold-artifacts/summary.md \
  || { cat .build/unfold-artifacts/summary.md; echo "error: the report does not name the renamed test's old folder" >&2; exit 1; }
if grep -F "__Snapshots__/" .build/unfold-artifacts/summary.md | grep -o "Folders no assertion.*" | grep -q "navigator.1\|testNavigator.1"; then
  echo "error: the report names folders the run used as unused" >&2; exit 1
fi
mv "$repo/.build/consumer-navigator-tests.orig" "$tests"
touch "$tests"
trap - EXIT
echo "consumer: a renamed test failed without a reference, and its report named the old folder $old"

# Cases whose arguments differ only by `/` and `-` have folders of their own: ten runs, ten passes.
for run in $(seq 10); do
  CI=true swift test --filter resourcesFolder >/dev/null 2>&1 || { echo "error: run $run of resourcesFolder's two cases failed" >&2; exit 1; }
done
echo "consumer: two cases whose arguments differ only by / and - passed 10 runs of 10"

# A project navigator's everyday changes (its model in a library on OutlineEngine and
# OutlineAppearance alone): each fails the Swift Testing and the XCTest assertion with
# words that name the row and what changed, and the run's report says the same; a
# test with its own row height passes; a model field the navigator does not draw
# changes nothing.
nav=Sources/NavigatorModel/Navigator.swift
cp "$nav" "$repo/.build/consumer-navigator.orig"
trap 'mv "$repo/.build/consumer-navigator.orig" "$nav"; touch "$nav"' EXIT
navigator_change() {  # sed expression, the words its failure says (empty: it passes), and a test that still passes
  cp "$repo/.build/consumer-navigator.orig" "$nav"
  sed -i "$1" "$nav"
  cmp -s "$nav" "$repo/.build/consumer-navigator.orig" && { echo "error: '$1' changed nothing in $nav" >&2; exit 1; }
  set +e
  out=$(CI=true swift test --filter "navigator|Navigator" 2>&1)
  status=$?
  set -e
  if [ -z "$2" ]; then
    [ $status -eq 0 ] || { echo "$out"; echo "error: '$1' (not drawn) failed the navigator's tests" >&2; exit 1; }
    return
  fi
  [ $status -ne 0 ] || { echo "$out"; echo "error: '$1' passed the navigator's tests" >&2; exit 1; }
  grep -qF "↳ navigator.1/state-00.png: $2" <<<"$out" || { echo "$out"; echo "error: Swift Testing does not say '$2' for '$1'" >&2; exit 1; }
  grep -qF "testNavigator.1/state-00.png: $2" <<<"$out" || { echo "$out"; echo "error: XCTest does not say '$2' for '$1'" >&2; exit 1; }
  # The report travels: it names no path of this machine, and counts assertions.
  if grep -lF "$repo" .build/unfold-artifacts/summary.md .build/unfold-artifacts/report.html; then
    echo "error: the report above holds an absolute path" >&2; exit 1
  fi
  grep -q "^### swift test: [0-9]* assertions\? failed ([0-9]* references\?)" .build/unfold-artifacts/summary.md \
    || { head -3 .build/unfold-artifacts/summary.md; echo "error: summary.md does not count assertions" >&2; exit 1; }
  [ -z "${3:-}" ] || grep -q "✔ Test $3 passed" <<<"$out" || { echo "$out"; echo "error: $3 failed for '$1'" >&2; exit 1; }
  python3 - "$2" <<'PY' || { echo "error: the run's report does not say '$2'" >&2; exit 1; }
import html, json, re, sys
words, folder = sys.argv[1], ".build/unfold-artifacts/"
cases = json.load(open(folder + "report.json"))["cases"]
assert any(words in c["message"] for c in cases), "report.json"
for name in ["report.html", "junit.xml"]:
    assert words in html.unescape(open(folder + name).read()), name
assert words in re.sub(r"\\(.)", r"\1", open(folder + "summary.md").read()), "summary.md"
PY
}
navigator_change 's/contentViewBadge = "M"/contentViewBadge = "A"/' 'App/ContentView.swift note "M" → "A"'
navigator_change 's/a1b2c3d First window/e4f5a6b Restore window state/' 'the detail row of App/AppDelegate.swift now reads "e4f5a6b Restore window state"'
navigator_change 's/style.rowHeight = 24/style.rowHeight = 28/' '7 rows 24 → 28 pt tall' 'navigatorAt30Points()'
navigator_change 's/testsLoading = false/testsLoading = true/' 'Tests is loading'
navigator_change 's/packagesLoaded = false/packagesLoaded = true/' 'Packages finished loading: inserted Package.swift'
navigator_change 's/lastOpened = "2026-11-30"/lastOpened = "2026-12-01"/' ''
mv "$repo/.build/consumer-navigator.orig" "$nav"
touch "$nav"
trap - EXIT
echo "consumer: a navigator's badge, detail text, row height and loading folders each failed Swift Testing and XCTest in words, as its report says; a test with its own row height and a field not drawn passed"

if grep -q '"swift-snapshot-testing"\|"swift-syntax"' Package.resolved; then
  echo "error: a package that uses only Unfold and UnfoldTesting resolved swift-snapshot-testing or swift-syntax" >&2
  exit 1
fi
grep -A6 '"yams"' Package.resolved | grep -q '"version" : "5.0.1"' || { echo "error: the consumer did not resolve Yams 5.0.1" >&2; exit 1; }
bin=$(swift build --show-bin-path)/render-settings
work=$(mktemp -d)
cp ../regions.yaml "$work/regions.yaml"
"$bin" "$work/regions.yaml" "$work/here"
mkdir "$work/alone"
cp "$bin" "$work/alone/render-settings"
fonts=../../Fonts
mv "$fonts" "$fonts.away"
trap 'mv "$fonts.away" "$fonts"' EXIT
(cd "$work/alone" && ./render-settings "$work/regions.yaml" "$work/there")
diff -r "$work/here" "$work/there"
echo "consumer: built, tested, and the copied executable wrote $(find "$work/there" -type f | wc -l) identical files without Fonts/"
rm -rf "$work"
