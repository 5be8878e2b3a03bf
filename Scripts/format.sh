#!/usr/bin/env bash
# Formats the package's Swift files with the toolchain's swift-format and .swift-format, then
# lints them strictly. `--check` only lints (CI): it changes nothing and fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Examples Benchmarks/Sources)
if [ "${1:-}" != "--check" ]; then
  swift format --in-place --recursive --configuration .swift-format "${paths[@]}"
fi
swift format lint --strict --recursive --configuration .swift-format "${paths[@]}"
