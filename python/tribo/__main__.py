"""``python3 -m tribo plot FILE...`` (with python/ on PYTHONPATH), or ``python3 python/tribo plot
FILE...`` (the folder run as a script, no PYTHONPATH needed): see tribo.cli."""
import os
import sys

if not __package__:  # run as a folder: make its parent importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tribo.cli import main  # noqa: E402

sys.exit(main())
