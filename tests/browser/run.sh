#!/bin/sh
# run.sh GROGNARD WEB DATA OUT - the browser tests: a real `grognard serve`
# on a loopback port, Debian's chromium driven by playwright-core (npm,
# installed by scripts/setup into tests/browser/node_modules).  Screenshots
# go to OUT.  run.mjs tests the page, companion.mjs the battle companion, table.mjs
# a battle on the table (GROGNARD_BROWSER=table.mjs, the test browser-table).
# Whatever is missing is a failure, never a skip.
set -u
here=$(cd "$(dirname "$0")" && pwd)
command -v node >/dev/null 2>&1 || { echo "browser: node is missing; run scripts/setup (it installs nodejs and npm)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "browser: /usr/bin/chromium is missing; run scripts/setup (apt-get install chromium)" >&2; exit 1; }
[ -f "$here/node_modules/playwright-core/package.json" ] || { echo "browser: playwright-core is missing; run scripts/setup (npm ci in tests/browser)" >&2; exit 1; }
# the scripts named in GROGNARD_BROWSER (table.mjs: a battle on the table),
# by default the page (run.mjs) then the battle companion's page (companion.mjs)
status=0
for script in ${GROGNARD_BROWSER:-run.mjs companion.mjs}; do
  node "$here/$script" "$@" || status=1
done
exit $status
