"""``python3 -m tribo plot FILE...``: see tribo.cli."""
import sys

from tribo.cli import main

sys.exit(main())
