#!/usr/bin/env bash
# make demo: the main job on the built-in model. tribo generates a bolted lap-joint beam,
# preloads the bolts, computes the linearized modes and traces the backbone (frequency and
# damping against amplitude) of the first bending mode with elastic dry friction (RQNMA).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpiexec.sh
out=${TRIBO_DEMO_OUT:-out/demo}
np=${TRIBO_NP:-$(( NPROC < 2 ? 1 : 2 ))}
mkdir -p "$out"
echo "== tribo model: built-in lap-joint beam -> $out/rom.h5"
bin/tribo model -model_type lapframe -output "$out/rom.h5"
echo
echo "== tribo backbone on $np MPI rank(s), options from configs/demo.yaml"
"${MPIEXEC[@]}" -n "$np" bin/tribo backbone -rom "$out/rom.h5" -options_file configs/demo.yaml -output "$out/backbone.h5"
echo
echo "== tribo info $out/backbone.h5"
bin/tribo info -input "$out/backbone.h5" | head -12
echo
echo "demo done: $out/backbone.h5 (HDF5: /meta /prestress /modal /backbone/mode1) and $out/backbone.png"
