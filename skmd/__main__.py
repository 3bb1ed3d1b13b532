"""``python -m skmd ...`` is the ``skmd`` command."""
import sys

from skmd.cli import main

sys.exit(main())
