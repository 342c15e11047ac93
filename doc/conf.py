# Sphinx configuration of tribo's documentation (make doc: HTML in build/doc/html). The pages are the Markdown files of
# doc/, read by MyST (Debian's python3-sphinx and python3-myst-parser); warnings are errors (tests/cli/t997).
project = "tribo"
author = "the tribo developers"
copyright = "the tribo developers"
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
myst_heading_anchors = 3  # links to sections (#surface-scans-tribo-surface) resolve, as on GitHub
myst_enable_extensions = ["dollarmath"]
html_theme = "alabaster"
html_title = "tribo"
html_static_path = []
