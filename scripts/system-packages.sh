#!/usr/bin/env bash
# The Debian packages the tests drive, installed when missing and this user may install them
# (root, or sudo without a password): the three browser engines (Chromium, Firefox ESR,
# WebKitGTK's driver with Xvfb, python3-gi and WebKit's typelib), and PostgreSQL with
# --postgres. Otherwise one line, and each browser test names the engine it lacks and how to
# install it. `npm test` and `.ci/run` both start here, so the list is kept once.
set -euo pipefail

with_postgres=false
[ "${1:-}" = "--postgres" ] && with_postgres=true

missing=()
# The same paths the browser tests look in (test/fixtures/chromium.ts, engines/system-engines.ts).
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
[ -d /usr/lib/python3/dist-packages/gi ] || missing+=(python3-gi)
compgen -G '/usr/lib/*/girepository-1.0/WebKit2-4.1.typelib' >/dev/null || missing+=(gir1.2-webkit2-4.1)
if $with_postgres; then
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "system packages: missing ${missing[*]}; no apt-get on this machine, so not installed"
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "system packages: missing ${missing[*]}; not root and no password-less sudo, so not installed"
  exit 0
fi

echo "system packages: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
