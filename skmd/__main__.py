"""``python -m skmd ...`` is the ``skmd`` command."""
import sys

from skmd.cli import main

# (a program's uncaught KeyboardInterrupt leaves main() raised: python then ends the
# process by SIGINT after its normal exit, as for the program run plainly)
sys.exit(main())
