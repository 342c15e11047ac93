# Sourced by the scripts: MPIEXEC as an array that works as root and without a terminal.
MPIEXEC=(mpiexec --oversubscribe)
if [ "$(id -u)" = 0 ]; then MPIEXEC+=(--allow-run-as-root); fi
export OMPI_MCA_rmaps_base_oversubscribe=1
NPROC=$(nproc 2>/dev/null || echo 2)
