#!/usr/bin/env bash
# Checks that unfold's pictures do not depend on the versions of its text
# libraries: FreeType, which rasterizes the glyphs, and HarfBuzz, which shapes
# the text (the Examples include Arabic, Hebrew, Hindi, Thai and emoji). Renders
# the Examples three times and compares every file byte for byte:
#   1. Debian 12's FreeType 2.12.1 and HarfBuzz 6.0.0 (the system's);
#   2. the FreeType that Pillow's wheel bundles (2.14.3 in Pillow 13.0) with
#      Debian's HarfBuzz;
#   3. Pillow's FreeType and Pillow's HarfBuzz (14.5.0 in Pillow 13.0).
# Pillow's libraries have hashed file names (libfreetype-57f805ba.so.6.20.6);
# they are put first on LD_LIBRARY_PATH through symlinks named by the SONAMEs
# unfold asks for (libfreetype.so.6, libharfbuzz.so.0). The dynamic loader's
# report (LD_DEBUG=bindings with LD_BIND_NOW=1, so every import is bound at
# start) proves, for each run, which file every FT_* and hb_* symbol of unfold,
# of the FreeType it loaded and of the HarfBuzz it loaded was bound to; the
# check fails unless that is the intended file. (In run 2 Pillow's FreeType
# also maps Pillow's HarfBuzz under its hashed name, its own DT_NEEDED, but its
# hb_* calls bind to Debian's HarfBuzz, which comes first in the global scope;
# the report shows that too.) The versions printed are the bound files' own
# (FT_Library_Version, hb_version_string). FriBidi is Debian's in every run.
# Run 2 is compared with run 1 and run 3 with run 2, so a difference names the
# library that made it. If unfold does not start with Pillow's HarfBuzz (a
# missing symbol, say), run 3 is skipped with a warning saying why, and runs 1
# and 2 are still compared.
#   scripts/check-text-library-versions.sh [UNFOLD_BINARY]   (default .build/release/unfold)
set -euo pipefail
cd "$(dirname "$0")/.."
U=$(realpath "${1:-.build/release/unfold}")
VENV=.build/pillow-venv
if ! "$VENV/bin/python" -c "import PIL" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q pillow==13.0.0  # its wheel bundles FreeType 2.14.3 and HarfBuzz 14.5.0
fi
PY="$PWD/$VENV/bin/python"
libs=$("$PY" -c "import PIL, os; print(os.path.realpath(os.path.join(os.path.dirname(PIL.__file__), '..', 'pillow.libs')))")
pillow=$("$PY" -c "import PIL; print(PIL.__version__)")
pillow_ft=$(realpath "$(ls "$libs"/libfreetype-*.so.6* | head -1)")
pillow_hb=$(realpath "$(ls "$libs"/libharfbuzz-*.so.0* | head -1)")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/ft" "$tmp/ft-hb"
ln -s "$pillow_ft" "$tmp/ft/libfreetype.so.6"
ln -s "$pillow_ft" "$tmp/ft-hb/libfreetype.so.6"
ln -s "$pillow_hb" "$tmp/ft-hb/libharfbuzz.so.0"
path_ft="$tmp/ft:$libs"     # run 2
path_ft_hb="$tmp/ft-hb:$libs" # run 3

# Runs unfold with DIRS first on LD_LIBRARY_PATH (before the caller's, if any;
# empty DIRS: the caller's environment as it is).
with_dirs() { # DIRS COMMAND...
  local dirs=$1; shift
  if [ -n "$dirs" ]; then
    LD_LIBRARY_PATH="$dirs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"
  else
    "$@"
  fi
}
# Whether unfold starts with DIRS first; with LD_BIND_NOW a missing symbol or
# symbol version stops it at once. Prints the loader's message if not.
starts() { # DIRS
  local err
  err=$(with_dirs "$1" env LD_BIND_NOW=1 "$U" --help 2>&1 >/dev/null) || { echo "${err:-exit status $?}"; return 1; }
}
# The FT_* and hb_* bindings the dynamic loader makes when unfold starts with
# DIRS first, one "KIND<TAB>FROM<TAB>TO" line each.
bindings() { # DIRS
  with_dirs "$1" env LD_BIND_NOW=1 LD_DEBUG=bindings "$U" --help 2>&1 >/dev/null |
    sed -nE 's/^ *[0-9]+:[[:space:]]+binding file (.+) \[[0-9]+\] to (.+) \[[0-9]+\]: normal symbol `(FT|hb)_.*/\3\t\1\t\2/p' |
    sort -u
}
# The file (real path) that unfold's own KIND symbols were bound to, from bindings' output.
bound() { awk -F'\t' -v k="$1" -v u="$U" '$1 == k && $2 == u { print $3 }' <<<"$2" | sort -u | xargs -r realpath | sort -u; }
# Fails unless every KIND binding made by unfold, by the FreeType it loaded and
# by the HarfBuzz it loaded went to the file intended for KIND.
check_bindings() { # RUN-NAME BINDINGS FT HB
  local name=$1 b=$2 ft=$3 hb=$4 kind want from to
  local ft_path hb_path
  ft_path=$(awk -F'\t' -v u="$U" '$1 == "FT" && $2 == u { print $3 }' <<<"$b" | sort -u)
  hb_path=$(awk -F'\t' -v u="$U" '$1 == "hb" && $2 == u { print $3 }' <<<"$b" | sort -u)
  [ -n "$ft_path" ] && [ -n "$hb_path" ] || { echo "error: $name: the loader's report shows no FT_/hb_ bindings for $U" >&2; exit 1; }
  while IFS=$'\t' read -r kind from to; do
    [ "$from" = "$U" ] || [ "$from" = "$ft_path" ] || [ "$from" = "$hb_path" ] || continue
    if [ "$kind" = FT ]; then want=$ft; else want=$hb; fi
    if [ "$(realpath "$to")" != "$want" ]; then
      echo "error: $name: $from has ${kind}_* symbols bound to $to ($(realpath "$to")), not to $want" >&2
      exit 1
    fi
  done <<<"$b"
}
ft_version() { "$PY" -c 'import ctypes, sys
f = ctypes.CDLL(sys.argv[1]); lib = ctypes.c_void_p(); v = [ctypes.c_int() for _ in range(3)]
assert f.FT_Init_FreeType(ctypes.byref(lib)) == 0
f.FT_Library_Version(lib, *map(ctypes.byref, v)); print(".".join(str(x.value) for x in v))' "$1"; }
hb_version() { "$PY" -c 'import ctypes, sys
h = ctypes.CDLL(sys.argv[1]); h.hb_version_string.restype = ctypes.c_char_p; print(h.hb_version_string().decode())' "$1"; }

# Run 1: the system's libraries, whatever the loader finds by itself.
error=$(starts "") || { echo "error: unfold does not start: $error" >&2; exit 1; }
error=$(starts "$path_ft") || { echo "error: unfold does not start with Pillow's FreeType: $error" >&2; exit 1; }
b1=$(bindings "")
system_ft=$(bound FT "$b1")
system_hb=$(bound hb "$b1")
for f in "$system_ft" "$system_hb"; do
  case "$f" in
    "" | *$'\n'*) echo "error: run 1: unfold's FT_/hb_ symbols are not bound to exactly one file each: '$f'" >&2; exit 1 ;;
    "$libs"/* | "$tmp"/*) echo "error: run 1 loaded Pillow's $f instead of the system's" >&2; exit 1 ;;
  esac
done
[ "$system_ft" != "$pillow_ft" ] && [ "$system_hb" != "$pillow_hb" ] || { echo "error: the system's and Pillow's libraries are the same files" >&2; exit 1; }
check_bindings "run 1" "$b1" "$system_ft" "$system_hb"
check_bindings "run 2" "$(bindings "$path_ft")" "$pillow_ft" "$system_hb"

system_ftv=$(ft_version "$system_ft")
system_hbv=$(hb_version "$system_hb")
pillow_ftv=$(ft_version "$pillow_ft")
pillow_hbv=$(hb_version "$pillow_hb")
[ "$system_ftv" != "$pillow_ftv" ] || echo "warning: the system's and Pillow's FreeType are both $system_ftv: run 2 compares nothing new" >&2
[ "$system_hbv" != "$pillow_hbv" ] || echo "warning: the system's and Pillow's HarfBuzz are both $system_hbv: run 3 compares little new" >&2

labels=("FreeType $system_ftv + HarfBuzz $system_hbv" "FreeType $pillow_ftv + HarfBuzz $system_hbv")
envs=("" "$path_ft")
echo "run 1: FreeType $system_ftv ($system_ft) + HarfBuzz $system_hbv ($system_hb)"
echo "run 2: FreeType $pillow_ftv ($pillow_ft, Pillow $pillow) + HarfBuzz $system_hbv ($system_hb)"
# Run 3 only if unfold starts with Pillow's HarfBuzz.
if error=$(starts "$path_ft_hb"); then
  check_bindings "run 3" "$(bindings "$path_ft_hb")" "$pillow_ft" "$pillow_hb"
  labels+=("FreeType $pillow_ftv + HarfBuzz $pillow_hbv")
  envs+=("$path_ft_hb")
  echo "run 3: FreeType $pillow_ftv ($pillow_ft) + HarfBuzz $pillow_hbv ($pillow_hb, Pillow $pillow)"
else
  echo "warning: run 3 (FreeType $pillow_ftv + HarfBuzz $pillow_hbv from Pillow $pillow) skipped: unfold does not start with Pillow's HarfBuzz: $error" >&2
  skipped=" (run 3, with Pillow's HarfBuzz $pillow_hbv, skipped: unfold does not start with it)"
fi

# A copy of the Examples, so that all runs render the same files even if
# someone edits them meanwhile (the Consumer package is no scenario).
mkdir "$tmp/Examples"
find Examples -mindepth 1 -maxdepth 1 ! -name Consumer -exec cp -R {} "$tmp/Examples/" \;
outs=()
for i in "${!envs[@]}"; do
  out="$tmp/out-$((i + 1))"
  with_dirs "${envs[$i]}" "$U" render "$tmp/Examples" --out "$out" \
    --outputs states,frames,strip,animation,updates >/dev/null
  outs+=("$out")
done
files=$(find "${outs[0]}" -type f | wc -l)
[ "$files" -gt 0 ] || { echo "error: run 1 rendered no files" >&2; exit 1; }

# Each run against the one before it, which differs in one library only: run 2
# in FreeType, run 3 in HarfBuzz. On a difference, the differing files by
# scenario, each scenario's first differing state (or file) with unfold
# diff's account of how much.
failed=0
for i in $(seq 1 $((${#outs[@]} - 1))); do
  a=${outs[$((i - 1))]} b=${outs[$i]}
  if ! differing=$(diff -rq "$a" "$b"); then
    failed=1
    echo "error: the pictures depend on the $([ "$i" = 1 ] && echo FreeType || echo HarfBuzz) version: $(grep -c . <<<"$differing") of $files files differ between ${labels[$((i - 1))]} (run $i) and ${labels[$i]} (run $((i + 1)))" >&2
    rels=$(sed -nE "s|^Files $a/(.+) and .+ differ\$|\\1|p" <<<"$differing" | sort)
    for scenario in $(cut -d/ -f1 <<<"$rels" | sort -u); do
      mine=$(grep "^$scenario/" <<<"$rels")
      first=$(grep -m1 -E '/state-[0-9]+\.png$' <<<"$mine" || head -1 <<<"$mine")
      case "$first" in
        *.png) how=$("$U" diff "$a/$first" "$b/$first" 2>&1 | head -1 || true) ;;
        *) how="" ;;
      esac
      echo "  $scenario: $(grep -c . <<<"$mine") files, e.g. $first${how:+: $how}" >&2
    done
    grep -v '^Files ' <<<"$differing" | sed 's/^/  /' >&2 || true
  fi
done
[ "$failed" = 0 ] || exit 1
summary=$(printf '%s, ' "${labels[@]}")
summary=${summary%, }
echo "text libraries: ${#outs[@]} renders of the Examples ($files files) are byte-identical: $summary${skipped:-}"
