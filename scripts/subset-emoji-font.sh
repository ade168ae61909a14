#!/usr/bin/env bash
# Makes Fonts/SymbolaEmoji.ttf, the emoji fallback font built into Unfold, from
# Debian 12's fonts-symbola 2.60-1.1 (Symbola 9.17, Symbola_hint.ttf, "free for
# any use", see Fonts/LICENSE-Symbola.txt).
#
# Why: the whole Symbola_hint.ttf is 3.2 MB (9622 code points: Latin, Greek,
# Cyrillic, maths, music, ...) and every Unfold binary embeds it, but Unfold
# wants it for emoji and symbols: it is the last font of the fallback chain,
# after Latin, Arabic, Hebrew, Devanagari, Thai and CJK fonts that cover the
# letters (characters that no bundled font has are drawn as boxes, see
# Fonts/README.md). This keeps the emoji, punctuation, arrows, maths, box
# drawing and other symbol blocks (the ranges in UNICODES below) and drops the
# letters of other scripts and what Unfold never uses:
# TrueType hinting (Unfold loads glyphs with FT_LOAD_NO_HINTING), the layout
# features (Symbola's GPOS has none, and its GSUB rules are for Latin, Greek
# and Cyrillic letters but one ccmp lookup that draws 26 kept maths symbols
# followed by VS1 U+FE00 as variant glyphs, e.g. U+2229 U+FE00: without U+FE00
# and the GSUB those draw the plain symbol, see Fonts/README.md) and glyph
# names. Outlines, advances, the head/hhea/OS/2 metrics, bounding boxes and
# the copyright, trademark and licence names are kept as they are, so the kept
# glyphs render exactly as before (Tools/emoji-subset-check/build.sh checks
# that; Fonts/README.md gives its results).
#
# The output is byte for byte the same on every run: the source file is checked
# against its SHA-256, fontTools is pinned, every pyftsubset option is given
# explicitly, and the head 'modified' timestamp is not touched.
#
# Downloads: the fonts-symbola .deb through apt (run `apt-get update` first on
# a fresh machine) and, if .build/fonttools-venv lacks it, fontTools from PyPI.
# To use a Symbola_hint.ttf you already have instead of the .deb:
# SYMBOLA_TTF=/path/to/Symbola_hint.ttf scripts/subset-emoji-font.sh
set -euo pipefail
cd "$(dirname "$0")/.."

FONTTOOLS_VERSION=4.68.0
DEB_PACKAGE=fonts-symbola
DEB_VERSION=2.60-1.1
DEB_PATH=usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf
SOURCE_SHA256=af8bd8cc9c808272034651cb5ebf6c38370ae536fe631eb89462f127f11e793f
VENV=.build/fonttools-venv
OUTPUT=Fonts/SymbolaEmoji.ttf

# The code points to keep (those the font lacks are skipped): what Unicode
# lists as emoji, and the symbol blocks they sit in. --bidi-closure adds the
# mirrored forms of these, so that right-to-left text mirrors as with the
# whole font; every one is in these ranges already (U+221F, the mirror of
# U+2BFE, is in U+2200-22FF), so it adds nothing unless a range is narrowed.
UNICODES=(
  U+0020            # space
  U+00A9 U+00AE     # (c) (R)
  U+0300-036F       # combining diacritical marks (a decomposed u-umlaut)
  U+2000-206F       # General Punctuation: !! ?! and the spaces, dashes, marks and
                    # invisible characters no other bundled font has (U+202F, U+2066-2069)
  U+2070-20CF       # superscripts, subscripts, currency signs
  U+2100-218F       # letterlike symbols (TM, information source, degrees), number forms
  U+2190-21FF       # Arrows: the emoji ones are U+2194-21AA, but <- -> up and down
                    # (U+2190-2193) are in no other bundled font and Markdown
                    # tree annotations use them ("<- you are here")
  U+2200-22FF       # mathematical operators
  U+2300-23FF       # Miscellaneous Technical (watch, hourglass, keyboard, ...)
  U+2460-24FF       # enclosed alphanumerics (circled digits, circled M)
  U+2500-25FF       # box drawing, block elements, geometric shapes
  U+2600-27FF       # Miscellaneous Symbols, Dingbats, maths brackets, long arrows
  U+2900-297F       # Supplemental Arrows-B (only U+2934/U+2935 are emoji)
  U+2980-2AFF       # more mathematical symbols and operators
  U+2B00-2BFF       # Miscellaneous Symbols and Arrows
  U+3030 U+303D     # wavy dash, part alternation mark (Symbola has neither)
  U+3297 U+3299     # circled ideographs congratulation, secret
  U+1F000-1FAFF     # Mahjong ... Symbols and Pictographs Extended-A
  U+FE0E U+FE0F     # text and emoji variation selectors
  U+20E3            # combining enclosing keycap
  U+E0020-E007F     # tags, for subdivision flags (Symbola has none)
)

if ! "$VENV/bin/python" -c "import sys, fontTools; sys.exit(fontTools.version != '$FONTTOOLS_VERSION')" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --disable-pip-version-check --quiet "fonttools==$FONTTOOLS_VERSION"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${SYMBOLA_TTF:-}" ]; then
  source=$SYMBOLA_TTF
else
  # apt runs as root here: let its _apt user write the download too.
  chmod 755 "$tmp"
  mkdir "$tmp/deb" && chmod 777 "$tmp/deb"
  (cd "$tmp/deb" && apt-get download -q "$DEB_PACKAGE=$DEB_VERSION") ||
    { echo "apt-get download $DEB_PACKAGE=$DEB_VERSION failed (run apt-get update?)" >&2; exit 1; }
  dpkg-deb -x "$tmp/deb/${DEB_PACKAGE}_${DEB_VERSION}_all.deb" "$tmp/root"
  source=$tmp/root/$DEB_PATH
fi
if ! echo "$SOURCE_SHA256  $source" | sha256sum --check --quiet --status; then
  echo "$source is not Symbola_hint.ttf from $DEB_PACKAGE $DEB_VERSION (SHA-256 must be $SOURCE_SHA256)" >&2
  exit 1
fi

codepoints=$(printf '%s\n' "${UNICODES[@]}" | paste -sd, -)

# Every option that matters is spelt out, defaults included, so that a
# fontTools default changing would not change the output silently.
PYTHONHASHSEED=0 "$VENV/bin/pyftsubset" "$source" \
  --output-file="$tmp/subset.ttf" \
  --unicodes="$codepoints" \
  --ignore-missing-unicodes \
  --layout-features= \
  --no-layout-closure \
  --bidi-closure \
  --no-hinting \
  --notdef-glyph \
  --notdef-outline \
  --no-recommended-glyphs \
  --no-glyph-names \
  --no-legacy-cmap \
  --no-symbol-cmap \
  --no-legacy-kern \
  --name-IDs=0,1,2,3,4,5,6,7,13,14 \
  --no-name-legacy \
  --name-languages=0x0409 \
  --no-obfuscate-names \
  --no-retain-gids \
  --no-recalc-bounds \
  --no-recalc-timestamp \
  --no-recalc-average-width \
  --no-recalc-max-context \
  --prune-unicode-ranges \
  --prune-codepage-ranges \
  --canonical-order \
  --no-harfbuzz-repacker \
  --flavor=none

mv "$tmp/subset.ttf" "$OUTPUT"
echo "$OUTPUT: $(wc -c <"$OUTPUT") bytes, SHA-256 $(sha256sum "$OUTPUT" | cut -d' ' -f1)"
