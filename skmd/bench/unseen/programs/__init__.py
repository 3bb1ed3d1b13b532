"""The unseen suite's programs: stand-alone scripts (a package only so that they install)."""
