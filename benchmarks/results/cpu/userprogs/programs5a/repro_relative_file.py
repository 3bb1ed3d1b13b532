# run with a relative path: python repro_relative_file.py
import os, sys, warnings
import pyopencl as cl
here = os.path.dirname(__file__)
print("__file__ absolute:", os.path.isabs(__file__))
os.chdir("/")
print("data dir found after chdir:", os.path.isdir(os.path.join(here, ".")) and os.path.exists(os.path.join(here, "repro_relative_file.py")))
warnings.warn("look here")
