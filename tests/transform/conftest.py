import os

# several PoCL CPU devices in one platform; must precede the first pyopencl import
os.environ.setdefault("POCL_DEVICES", "pthread pthread pthread")
os.environ.setdefault("POCL_MAX_PTHREAD_COUNT", "1")
