import sys, pickle, io
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

CODE = r'''
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void sq(__global const float *a, __global float *b, float c) { int i = get_global_id(0); b[i] = a[i] * a[i] + c; }
""").build()
a = cla.to_device(q, np.linspace(0, 1, 200003).astype(np.float32))
b = cla.empty_like(a)
prg.sq(q, a.shape, None, a.data, b.data, np.float32(ROUND))
out = b.get()
s = (a * b).get()
'''
res = {}
outs = []
for ROUND in range(2):
    g = {"cl": cl, "cla": cla, "np": np, "ROUND": ROUND}
    exec(CODE, g)
    outs.append((g["out"], g["s"]))
    # keep the first round's objects alive until the second round ran
    if ROUND == 0:
        keep = g
res["r0"] = outs[0][0]; res["r1"] = outs[1][0]; res["s0"] = outs[0][1]; res["s1"] = outs[1][1]
# exec in the same namespace twice: objects replaced while the old ones are still referenced by nothing
g = {"cl": cl, "cla": cla, "np": np, "ROUND": 5}
exec(CODE, g); first = g["out"].copy()
g["ROUND"] = 6
exec(CODE, g); res["same_ns"] = np.stack([first, g["out"]])
# pickle results of .get() and of a whole Array's host copy
bio = io.BytesIO()
pickle.dump({"a": g["a"].get(), "b": g["b"].get()[::7], "meta": (g["a"].dtype.str, g["a"].shape)}, bio)
bio.seek(0)
back = pickle.load(bio)
res["pick_a"] = back["a"]; res["pick_b"] = back["b"]; res["pick_meta"] = np.array([back["meta"][0], str(back["meta"][1])])
# unpickled array sent back to the device and used
d = cla.to_device(g["q"], back["a"])
res["repush"] = (d * 3 - 1).get()
# pickling a pyopencl Array itself is not supported: catch
try:
    pickle.dumps(g["a"])
    res["pickle_array"] = np.array(["ok"])
except Exception as e:
    res["pickle_array"] = np.array([type(e).__name__])
keep = None
np.savez(sys.argv[1], **res)
print("done", len(res))
