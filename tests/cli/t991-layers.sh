#!/usr/bin/env bash
# Layers only point down (doc/architecture.md): laws <- FE <- ROM and joint <- file module <-
# analyses <- pictures <- program; no public header includes a private one. tests/cli/layers.py
# walks the include graph of src/ and include/ and names every include that points up.
set -u
if out=$(/usr/bin/python3 tests/cli/layers.py 2>&1); then
  echo "ok - $out"
else
  echo "not ok - the include graph breaks the layers:"
  echo "$out" | head -40 | sed 's/^/# /'
  exit 1
fi
