#!/usr/bin/env bash
# Formats the package's Swift files with the toolchain's swift-format and .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format --in-place --recursive --configuration .swift-format Sources Tests Examples Benchmarks/Sources 2>/dev/null \
  || swift format --in-place --recursive --configuration .swift-format Sources Tests Examples
