#!/usr/bin/env bash
# `npm install`, tried up to three times, each try bounded in time.
# package-lock.json names every tarball's address, so a clean install downloads 1,600 tarballs and
# nothing else. On a starved machine it was still slow (1,376 of them in 52 minutes here, npm
# CPU-bound on TLS and unpacking), so the first try may run 35 minutes. A try that runs out of time, or loses the registry
# mid-way, is stopped with its child processes (`timeout` signals its own process group); the next
# try starts from what was already downloaded (`--prefer-offline` uses the cache without asking the
# registry again).
set -uo pipefail
cd "$(dirname "$0")/.."
for attempt in 1 2 3; do
  limit=$([ "$attempt" = 1 ] && echo 35m || echo 15m)
  if timeout --kill-after=30s "$limit" npm install --no-audit --no-fund --prefer-offline; then
    exit 0
  fi
  echo "install: try $attempt of 3 failed or ran out of time ($limit)" >&2
  sleep 15
done
echo "install: npm install did not finish in three tries; the npm registry may be unreachable" >&2
exit 1
