# the ways users pick devices: PYOPENCL_CTX set by the program ('0', '0:1', ':', '0:0'),
# dev_type ALL/CPU, a GPU request that falls back to CPU, a PLATFORM property, a device
# chosen by name; each context runs the same kernel.  Only results go to the output;
# the device count is printed (skmd may present devices differently).
import sys, os
import numpy as np
import pyopencl as cl

SRC = "__kernel void f(__global int *a, int s) { int i = get_global_id(0); a[i] = (i * 7 + s) % 1009; }"
n = 150000
res = {}
ndev = []
def use(ctx, tag):
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SRC).build()
    b = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, n * 4)
    prg.f(q, (n,), None, b, np.int32(len(res)))
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
    res[tag] = h
    ndev.append(len(ctx.devices))

for sel in ("0", "0:0", ":"):
    os.environ["PYOPENCL_CTX"] = sel
    try:
        use(cl.create_some_context(interactive=False), "ctx_" + sel.replace(":", "c"))
        print("PYOPENCL_CTX", repr(sel), "ok")
    except Exception as e:
        print("PYOPENCL_CTX", repr(sel), type(e).__name__)
os.environ["PYOPENCL_CTX"] = "0:1"
try:
    use(cl.create_some_context(interactive=False), "ctx_0c1")
    print("PYOPENCL_CTX '0:1' ok")
except Exception as e:
    print("PYOPENCL_CTX '0:1'", type(e).__name__)
del os.environ["PYOPENCL_CTX"]
use(cl.Context(dev_type=cl.device_type.ALL), "all")
use(cl.Context(dev_type=cl.device_type.CPU), "cpu")
try:
    ctx = cl.Context(dev_type=cl.device_type.GPU)
    print("gpu context")
except cl.Error as e:
    print("no GPU:", e.code)
    ctx = cl.Context(dev_type=cl.device_type.DEFAULT)
use(ctx, "fallback")
p = cl.get_platforms()[0]
use(cl.Context(properties=[(cl.context_properties.PLATFORM, p)]), "platprop")
use(cl.Context(dev_type=cl.device_type.ALL, properties=[(cl.context_properties.PLATFORM, p)]), "platprop_all")
cpu = [d for d in p.get_devices() if "pthread" in d.name or d.type & cl.device_type.CPU]
use(cl.Context([cpu[0]]), "byname")
d = cpu[0]
print("type CPU:", bool(d.type & cl.device_type.CPU), "available:", d.available,
      "little endian:", d.endian_little, "version starts OpenCL:", d.version.startswith("OpenCL"))
print("platform:", p.name)
np.savez(sys.argv[1], **res)
print("device counts:", ndev)
print("done")
