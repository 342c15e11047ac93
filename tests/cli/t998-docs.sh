#!/usr/bin/env bash
# timeout: 900
# The docs test (rule 6, issue 30): every command of the ```sh blocks of README.md and doc/*.md runs as written, in the
# order of its document, in a scratch folder beside which bin/, configs/, examples/ and ../shared sit as beside a checkout,
# and writes the files it names (tests/docs/rundocs.py says what is skipped and why: make demo/test, which CI runs itself;
# ../shared/data when absent; SLURM submissions without sbatch; blocks marked long).
set -u
source tests/cli/lib.sh
pychecks docs "$TMPDIR_TEST/docs" <<'PYEOF'
import runpy, sys
sys.argv = ["tests/docs/rundocs.py"] + sys.argv[1:]
runpy.run_path("tests/docs/rundocs.py", run_name="__main__")
PYEOF
finish
