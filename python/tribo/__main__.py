"""``python3 -m tribo plot FILE...`` (with python/ on PYTHONPATH), or ``python3 python/tribo plot
FILE...`` (the folder run as a script, no PYTHONPATH needed): see tribo.cli."""
import os
import sys

if os.environ.get("TRIBO_PLOT_PARENT"):  # spawned by tribo for a picture: die with it, even when it is killed by SIGKILL
    _parent = int(os.environ.pop("TRIBO_PLOT_PARENT"))  # (Linux's PR_SET_PDEATHSIG): an orphan reading a damaged file could
    try:  # spin for ever (tests/fuzz left two)
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):
        pass
    if os.getppid() != _parent:  # tribo died before the prctl
        sys.exit(1)

if not __package__:  # run as a folder: make its parent importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tribo.cli import main  # noqa: E402

sys.exit(main())
