#!/usr/bin/env bash
# make demo: the main job, end to end, on a model tribo makes itself. tribo writes the Abaqus deck
# of a bolted lap-joint beam like the Brake-Reuss beam, reduces it (Craig-Bampton with the joint
# interface kept, then condensed to the interface DOFs plus 20 modes), preloads the bolts,
# computes the linearized modes and traces the backbone (frequency and damping against amplitude)
# of the first bending mode with elastic dry friction (RQNMA, then EPMC by harmonic balance, drawn
# together in compare.png), writing HDF5 files and pictures.
# Runs from the repository (make demo) or from an installation (PREFIX/share/tribo/scripts/demo.sh,
# with PREFIX/bin/tribo); the files go to $TRIBO_DEMO_OUT (default out/demo under the current folder).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/mpiexec.sh"
if [ -x "$here/bin/tribo" ]; then tribo=$here/bin/tribo
elif [ -x "$here/../../bin/tribo" ]; then tribo=$(cd "$here/../../bin" && pwd)/tribo
else tribo=$(command -v tribo) || { echo "demo: no tribo program found (build it with make, or put it on PATH)" >&2; exit 1; }; fi
out=${TRIBO_DEMO_OUT:-out/demo}
np=${TRIBO_NP:-$(( NPROC < 2 ? 1 : 2 ))}
cfg=$here/configs/demo.yaml
run() { echo; echo "== $*"; "$@"; }
mkdir -p "$out"
t0=$(date +%s)
run "$tribo" mesh -mesh_type lapbeam -output "$out/lapbeam.inp"
run "${MPIEXEC[@]}" -n "$np" "$tribo" rom -deck "$out/lapbeam.inp" -output "$out/rom.h5" -rom_condense_modes 20
run "${MPIEXEC[@]}" -n "$np" "$tribo" prestress -rom "$out/rom.h5" -options_file "$cfg" -output "$out/prestress.h5"
run "${MPIEXEC[@]}" -n "$np" "$tribo" modal -rom "$out/rom.h5" -options_file "$cfg" -output "$out/modal.h5"
run "${MPIEXEC[@]}" -n "$np" "$tribo" backbone -rom "$out/rom.h5" -options_file "$cfg" -output "$out/backbone.h5"
t1=$(date +%s)
# the same backbone in the frequency domain: EPMC (harmonic balance, continuation in the amplitude
# from -backbone_qmin to -backbone_qmax), then both in one picture (the legend names the method)
run "${MPIEXEC[@]}" -n "$np" "$tribo" backbone -rom "$out/rom.h5" -options_file "$cfg" -nma_type epmc \
  -hb_harmonics "${TRIBO_DEMO_HARMONICS:-0,1,2,3}" -hb_nt 128 -output "$out/epmc.h5"
t2=$(date +%s)
run "$tribo" plot "$out/backbone.h5" "$out/epmc.h5" -output "$out/compare.png"
echo
echo "demo done in $(( $(date +%s) - t0 )) s on $np rank(s) (RQNMA and before $(( t1 - t0 )) s, EPMC $(( t2 - t1 )) s); files in $out:"
ls -1 "$out" | sed 's/^/  /'
