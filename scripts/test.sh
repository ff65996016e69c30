#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. Finds or installs what it needs
# (Debian's chromium through apt; the embedded PostgreSQL when DATABASE_URL is unset) and fails
# loudly, never skips, when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n=== %s\n' "$*"; }

step "npm audit of the production dependencies (fails on advisories outside scripts/audit-allowlist.json)"
# A registry without npm's advisory endpoint (an artifact cache answering GET only, as on the CI machine)
# warns loudly that nothing was audited; NPM_AUDIT_UNREACHABLE=fail makes that fail. Any advisory the
# endpoint reports outside the allowlist always fails.
npx tsx scripts/check-audit.ts --unreachable="${NPM_AUDIT_UNREACHABLE:-warn}"
step "type check"
npx tsc --noEmit
step "lint (ESLint, Prettier)"
npm run --silent lint
step "unit tests"
npx vitest run --config tests/vitest.config.ts --project unit
step "local chains (the devnet package: EIP-3009, ERC-20 and SPL transfers, price feeds)"
npx vitest run --config tests/vitest.config.ts --project devnet
step "chain adapters against the local chains"
npx vitest run --config tests/vitest.config.ts --project chains
step "production build"
# The type check above covered every file the build compiles (next.config.ts reads this).
BUILD_TYPES_CHECKED=1 npx next build
integration() {
  npx vitest run --config tests/vitest.config.ts --project integration
}
# One run of the integration suite, its lines prefixed with its name; its exit status is the suite's.
prefixed_run() {
  local name=$1
  shift
  (
    set +e
    env TEST_RUN="$name" CLI_BUNDLE_BUILT=1 "$@" npx vitest run --config tests/vitest.config.ts --project integration 2>&1 |
      sed -u "s/^/[$name] /"
    exit "${PIPESTATUS[0]}"
  )
}
if [ -z "${SYSTEM_DATABASE_URL:-}" ]; then
  step "integration tests (HTTP against the production build, real PostgreSQL: ${DATABASE_URL:+DATABASE_URL}${DATABASE_URL:-embedded})"
  integration
else
  # CI: the suite against the embedded PostgreSQL (or DATABASE_URL) and again against SYSTEM_DATABASE_URL,
  # side by side: a run keeps about one core busy, the rest of its time is waiting on chains, servers and
  # timers. Each run keeps its own files (TEST_RUN, tests/support/server.ts) and its own devnet and server.
  first=${DATABASE_URL:+database-url}
  first=${first:-embedded}
  step "integration tests, two runs side by side: [$first] ${DATABASE_URL:+DATABASE_URL}${DATABASE_URL:-embedded PostgreSQL} and [system] SYSTEM_DATABASE_URL"
  node scripts/build-cli.mjs >/dev/null # the operator CLI both runs start, built once
  prefixed_run "$first" &
  first_pid=$!
  prefixed_run system DATABASE_URL="$SYSTEM_DATABASE_URL" &
  system_pid=$!
  first_status=0 system_status=0
  wait "$first_pid" || first_status=$?
  wait "$system_pid" || system_status=$?
  echo "integration runs: [$first] exit $first_status, [system] exit $system_status"
  # An explicit exit: under set -e a failed test in `a && b` is ignored (only the list's last command
  # counts), and the run went on to the browser tests and could end 0 with an integration run failed.
  if [ "$first_status" -ne 0 ] || [ "$system_status" -ne 0 ]; then
    echo "integration tests failed" >&2
    exit 1
  fi
fi
step "browser tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test -c tests/playwright.config.ts
