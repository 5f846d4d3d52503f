#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright never downloads its own here).
# Installs it from apt when missing and this user may; otherwise says how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "chromium: not found, installing Debian's package"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed for the browser tests: run 'sudo apt-get install -y chromium', or set CHROMIUM_PATH." >&2
exit 1
