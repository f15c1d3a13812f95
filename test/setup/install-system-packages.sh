#!/usr/bin/env bash
# Installs the system packages the test suite drives for real: Chromium's headless shell for
# the browser tests (and the full Chromium and Xvfb for headed runs), CUPS, its IPP tools and
# D-Bus for the private print scheduler, poppler-utils to read printed PDFs back, and
# PostgreSQL: the warehouse tests start a private server of their own (initdb into a temporary
# folder, a free loopback port, stopped by PID) because claims, the purchase guard and the
# shared budget are only proven against a real one; its pg_trgm extension (in the same
# package) serves the shared history's search. The system cluster the package makes is never
# started. Idempotent: packages already present are skipped, and apt is not touched at all when
# everything is there.
set -euo pipefail

packages=(chromium chromium-headless-shell cups cups-client cups-ipp-utils cups-filters poppler-utils dbus xvfb xauth postgresql)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present (${packages[*]})"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "system packages missing: ${missing[*]}; run this script as root (or with sudo)" >&2
  exit 1
fi

echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
