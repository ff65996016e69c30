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
step "integration tests (HTTP against the production build, real PostgreSQL: ${DATABASE_URL:+DATABASE_URL}${DATABASE_URL:-embedded})"
npx vitest run --config tests/vitest.config.ts --project integration
step "browser tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test -c tests/playwright.config.ts
