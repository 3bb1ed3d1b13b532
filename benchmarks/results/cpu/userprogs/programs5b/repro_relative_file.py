# Prints what a program learns about its own location. Run with a RELATIVE script path.
import os, sys, warnings
print("__file__ =", __file__)
print("argv0    =", sys.argv[0])
print("path0    =", sys.path[0])
here = os.path.dirname(__file__)
os.chdir("/")
print("sibling readable after chdir:", os.path.exists(os.path.join(here, "repro_relative_file.py")))
warnings.warn("where am I")
