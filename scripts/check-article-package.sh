#!/usr/bin/env bash
# Builds the code of the article "Snapshot tests in Swift"
# (Sources/UnfoldTesting/UnfoldTesting.docc/SnapshotTestsInSwift.md), as
# written, into a new package and runs it as a user would. Its files are the
# code blocks marked `<!-- package: PATH -->`; the dependency's URL is
# replaced by this repository (its committed branch, so commit before running
# it here).
#  1. It builds with no warning at all, after `mkdir -p Tests/AppTests/__Snapshots__`.
#  2. The first `swift test` records one folder per assertion (two tests, a
#     parameterized test's three cases, a scenario file, an XCTest) and fails;
#     the second passes; with CI set the same.
#  3. Two tests of the same name in two suites are told that they would share a reference.
#  4. The strategy file (`package-trait:`) does not compile without the
#     trait, and the message says to enable it; with the trait it records and passes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
branch=$(git -C "$repo" rev-parse --abbrev-ref HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app="$work/App"
article="$repo/Sources/UnfoldTesting/UnfoldTesting.docc/SnapshotTestsInSwift.md"
fail() { echo "error: check-article-package: $*" >&2; exit 1; }

extract() {  # marker → writes every marked block of the article under $app
  python3 - "$article" "$app" "$1" <<'PY'
import re, sys, os
text, root, marker = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
blocks = re.findall(r"<!-- " + re.escape(marker) + r": (\S+) -->\n```[a-z]*\n(.*?)```\n", text, re.S)
if not blocks: sys.exit("no blocks marked " + marker)
for path, body in blocks:
    os.makedirs(os.path.dirname(os.path.join(root, path)) or root, exist_ok=True)
    open(os.path.join(root, path), "w").write(body)
    print("  " + path)
PY
}
mkdir -p "$app"
echo "the article's package in $app (Unfold at $repo, branch $branch):"
extract package
grep -q 'https://github.com/<you>/unfold", branch: "main"' "$app/Package.swift" || fail "the article's Package.swift no longer depends on branch main"
ln -s "$repo" "$work/unfold"   # the package's identity comes from the URL's last component
sed -i "s|https://github.com/<you>/unfold\", branch: \"main\"|file://$work/unfold\", branch: \"$branch\"|" "$app/Package.swift"
cd "$app"
mkdir -p Tests/AppTests/__Snapshots__   # as the article says

build_log=$(swift build --build-tests 2>&1) || { echo "$build_log"; fail "the article's package does not build"; }
if grep -i "warning:" <<<"$build_log"; then fail "the article's package builds with warnings"; fi

set +e
first=$(CI= UNFOLD_RECORD= swift test 2>&1); first_status=$?
set -e
[ $first_status -ne 0 ] || { echo "$first"; fail "the first run recorded references but passed"; }
recorded=$(grep -c "recorded [0-9]* references\? in" <<<"$first" || true)
expected_folders="expandAndCollapse.1 sectionExpanded-section.Display.1 sectionExpanded-section.General.1 sectionExpanded-section.Privacy.1 settingsScreen.1 testDarkSettings.1"
folders=$(cd Tests/AppTests/__Snapshots__/SettingsTests && ls | sort | tr '\n' ' ' | sed 's/ $//')
[ "$folders" = "$expected_folders" ] || { echo "$first"; fail "recorded folders are '$folders', not '$expected_folders'"; }
echo "first run: failed as it should, recording $(wc -w <<<"$folders") folders ($recorded messages): $folders"
CI= UNFOLD_RECORD= swift test >/dev/null 2>&1 || fail "the second run did not pass"
CI=true swift test >/dev/null 2>&1 || fail "the run with CI set did not pass"
echo "second run and a run with CI set: passed"

cat > Tests/AppTests/SharedNameTests.swift <<'SWIFT'
import App
import Testing
import UnfoldTesting

@Suite struct Light { @Test func screen() throws { expectOutlineSnapshot(of: try Settings.outline()) } }
@Suite struct Dark { @Test func screen() throws { expectOutlineSnapshot(of: try Settings.outline()) } }
SWIFT
set +e
shared=$(CI= UNFOLD_RECORD= swift test --filter "Light|Dark" --no-parallel 2>&1)
set -e
grep -q "would use them too" <<<"$shared" && grep -q "Light/screen()" <<<"$shared" && grep -q "Dark/screen()" <<<"$shared" \
  || { echo "$shared"; fail "two tests sharing a reference were not told so, naming both"; }
echo "two tests that would share a reference: told so, naming both"
rm Tests/AppTests/SharedNameTests.swift

extract package-trait
# The product added, the trait forgotten:
sed -i "s|.product(name: \"UnfoldTesting\", package: \"unfold\")|.product(name: \"UnfoldTesting\", package: \"unfold\"), .product(name: \"UnfoldSnapshotTesting\", package: \"unfold\")|" Package.swift
set +e
untrait=$(swift build --build-tests 2>&1)
set -e
grep -q "needs Unfold's SnapshotTesting trait" <<<"$untrait" || { echo "$untrait"; fail "without the trait, the strategy's error does not say to enable it"; }
echo "the strategy without the trait: does not compile, and says to enable the trait"
sed -i "s|branch: \"$branch\")|branch: \"$branch\", traits: [\"SnapshotTesting\"])|" Package.swift
build_log=$(swift build --build-tests 2>&1) || { echo "$build_log"; fail "the article's package with the trait does not build"; }
if grep -i "warning:" <<<"$build_log" | grep -v "/checkouts/"; then fail "the article's package with the trait builds with warnings"; fi
set +e
CI= UNFOLD_RECORD= swift test --filter settingsStrip >/dev/null 2>&1
set -e
[ -f Tests/AppTests/__Snapshots__/StripTests/settingsStrip.1.png ] || fail "the strategy recorded no StripTests/settingsStrip.1.png"
swift test --filter settingsStrip >/dev/null 2>&1 || fail "the strategy's second run did not pass"
echo "the strategy with the trait: recorded StripTests/settingsStrip.1.png, then passed"
echo "check-article-package: the article's package built without warnings and behaved as the article says"
