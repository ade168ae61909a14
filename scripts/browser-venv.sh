# Sourced by the checks that drive headless Chromium (check-review.sh,
# check-html.sh, check-svg.sh): installs Debian's chromium where missing and
# makes the venv they share, .build/review-venv, with Playwright for Python.
#   . scripts/browser-venv.sh      (then "$VENV/bin/python" runs the check)
sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
apt_install() {  # apt_install COMMAND PACKAGE
  if ! command -v "$1" >/dev/null; then
    echo "== installing $2 (for $1)"
    $sudo apt-get install -y -q "$2" >/dev/null || { $sudo apt-get update -q && $sudo apt-get install -y -q "$2"; }
  fi
}
pip_install() {  # pip_install MODULE PACKAGE==VERSION: into the venv, where the module is missing
  if ! "$VENV/bin/python" -c "import $1" 2>/dev/null; then
    echo "== installing $2 into $VENV"
    "$VENV/bin/pip" install -q "$2"
  fi
}
apt_install chromium chromium
VENV=.build/review-venv
[ -x "$VENV/bin/python" ] || { echo "== making $VENV"; python3 -m venv "$VENV"; }
pip_install playwright playwright==1.65.2
