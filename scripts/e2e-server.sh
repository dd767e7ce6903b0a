#!/usr/bin/env bash
# Serves the built app for the browser tests: fresh local state, migrations, demo data, then wrangler dev.
# Playwright starts this in its own process group and stops the group (workerd included).
set -euo pipefail
cd "$(dirname "$0")/.."
STATE=tests/e2e/.state
rm -rf "$STATE"
npx wrangler d1 migrations apply DB --local --persist-to "$STATE" >/dev/null
SEED_PERSIST_TO="$STATE" node scripts/seed.mjs
exec npx wrangler dev --ip 127.0.0.1 --port "${E2E_PORT:-8788}" --persist-to "$STATE" --env-file tests/e2e/e2e.env --show-interactive-dev-session=false
