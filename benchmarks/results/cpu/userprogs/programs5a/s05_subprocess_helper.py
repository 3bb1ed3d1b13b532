# runs a small pyopencl helper script with sys.executable (written to a temp folder),
# passes it data through a file and env, collects its stdout and output, both before
# and after the parent uses OpenCL itself.
import sys, os, subprocess, tempfile, textwrap
import numpy as np
import pyopencl as cl

HELPER = textwrap.dedent('''
    import sys, os
    import numpy as np
    import pyopencl as cl
    a = np.load(sys.argv[1])
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void k(__global int *a, int m) { int i = get_global_id(0); a[i] = a[i] * m + 1; }").build()
    b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    prg.k(q, a.shape, None, b, np.int32(int(os.environ["HELPER_MULT"])))
    cl.enqueue_copy(q, a, b)
    np.save(sys.argv[2], a)
    print("helper sum", int(a.sum(dtype=np.int64)), "ctx", os.environ.get("PYOPENCL_CTX"))
    sys.exit(int(os.environ.get("HELPER_RC", "0")))
''')

res = {}
tmp = tempfile.mkdtemp(prefix="s05-")
hp = os.path.join(tmp, "helper.py")
with open(hp, "w") as f:
    f.write(HELPER)
a = (np.arange(250000, dtype=np.int32) * 13) % 777
np.save(os.path.join(tmp, "in.npy"), a)

def call(mult, rc="0", ctxsel=None):
    env = dict(os.environ, HELPER_MULT=str(mult), HELPER_RC=rc)
    if ctxsel is not None:
        env["PYOPENCL_CTX"] = ctxsel
    p = subprocess.run([sys.executable, hp, os.path.join(tmp, "in.npy"), os.path.join(tmp, "o.npy")],
                       env=env, capture_output=True, text=True, timeout=90)
    return p.returncode, p.stdout.strip(), p.stderr.strip()[-200:], np.load(os.path.join(tmp, "o.npy"))

rc, so, se, o = call(3)
print("first", rc, so); res["first"] = o
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void d(__global int *a) { int i = get_global_id(0); a[i] = a[i] - 2 * i; }").build()
b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
prg.d(q, a.shape, None, b)   # left running while the helper runs
rc, so, se, o = call(5, rc="4", ctxsel="0:1")
print("second", rc, so); res["second"] = o
h = np.empty_like(a); cl.enqueue_copy(q, h, b); res["parent"] = h
# a helper that fails: its stderr's last line
p = subprocess.run([sys.executable, "-c", "import pyopencl as cl; cl.Program(cl.create_some_context(interactive=False), 'kernel void x( {').build()"],
                   capture_output=True, text=True, timeout=90)
print("bad helper rc", p.returncode, p.stderr.strip().splitlines()[-1][:60] if p.stderr.strip() else "")
np.savez(sys.argv[1], **res)
print("done")
