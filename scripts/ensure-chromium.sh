#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a browser downloaded by a test tool).
# Install it through apt when it is missing; fail loudly when that is not possible.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
echo "Chromium not found at $chromium_path; installing Debian's chromium package..." >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: apt-get is not available; install Chromium and set CHROMIUM_PATH" >&2
  exit 1
fi
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd="sudo"; else
    echo "error: installing chromium needs root (or sudo); run: apt-get install -y chromium" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq chromium >/dev/null
if [ ! -x "$chromium_path" ]; then
  echo "error: chromium was installed but $chromium_path is still missing" >&2
  exit 1
fi
echo "Chromium installed: $("$chromium_path" --version 2>/dev/null || echo "$chromium_path")" >&2
