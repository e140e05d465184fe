#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium; Playwright's own browser download cannot work here.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $bin. Install Debian's package first:  sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
