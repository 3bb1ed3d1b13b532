from _z import *
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
n = NF
a = cla.to_device(queue, filled(n, 16)); b = cla.to_device(queue, filled(n, 17))
def r0():
    RES["get"] = a.get(); RES["slice"] = a[1000:-1000].get()
    h = np.empty(5000, np.float32); a[n-7000:n-2000].get(ary=h); RES["tailget"] = h
    a2 = a.copy(); a2[5:105] = cla.to_device(queue, np.arange(100, dtype=np.float32)); RES["setslice"] = a2.get()
def r1():
    c = a + b; RES["add"] = c.get()
    d = 2 * a - b * 0.5; RES["lin"] = d.get()
    s = a[1000:-1000]; RES["slice"] = s.get()
    e = a[1000:-1000] + b[2000:]  [:n - 2000]; RES["sliceadd"] = e.get()
def r2():
    k = ElementwiseKernel(ctx, "float *x, const float *y, float z", "x[i] = x[i] * z + y[i]", "saxpy")
    x = a.copy(); k(x, b, np.float32(1.5)); RES["ew"] = x.get()
    x2 = a[500:-500].copy(); k(x2, b[1000:], np.float32(2.5)) if False else k(x2, b[:n-1000], np.float32(2.5)); RES["ew_slice"] = x2.get()
def r3():
    RES["sum"] = np.array(cla.sum(a).get()); RES["dot"] = np.array(cla.dot(a, b).get())
guard("r0", r0); guard("r1", r1); guard("r2", r2); guard("r3", r3); save()
