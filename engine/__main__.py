"""Command line: `python -m engine cards | simulate | play | bench`."""
from __future__ import annotations

from .cli import main

raise SystemExit(main())
