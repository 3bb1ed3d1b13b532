#!/usr/bin/env python
"""driver.py prog.py [way ...]: runs a program plainly and under skmd each way, twice on
one profile store (first and second run), and compares its .npz outputs bit for bit
(keys starting with ``tol_`` within 1e-4), its exit code, stdout and stderr.

    cd benchmarks/results/cpu/userprogs/programs
    for p in p*.py; do python ../driver.py $p default even mkmd mkmd_even verify \
        mkmd_even0 linear0 coarse; done

Outputs and stores go under $USERPROGS_OUT (a temporary folder by default); skmd is
imported from this checkout.
"""
import os, sys, subprocess, json, time, shutil, tempfile
import numpy as np

PY = sys.executable
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
OUT = os.environ.get("USERPROGS_OUT") or tempfile.mkdtemp(prefix="userprogs-")
BASE = dict(os.environ, PYTHONPATH=ROOT, POCL_DEVICES="pthread pthread pthread")
WAYS = {
    "default": {},
    "even": {"SKMD_POLICY": "even", "SKMD_BACKGROUND": "0"},
    "mkmd": {"SKMD_MODE": "mkmd"},
    "mkmd_even": {"SKMD_MODE": "mkmd", "SKMD_POLICY": "even", "SKMD_BACKGROUND": "0"},
    "verify": {"SKMD_POLICY": "even", "SKMD_BACKGROUND": "0", "SKMD_VERIFY": "1"},
    "mkmd_even0": {"SKMD_MODE": "mkmd", "SKMD_POLICY": "even", "SKMD_BACKGROUND": "0", "SKMD_MIN_SPLIT_US": "0"},
    "linear0": {"SKMD_POLICY": "linear", "SKMD_BACKGROUND": "0", "SKMD_MIN_SPLIT_US": "0"},
    "vast": {"SKMD_HOST_BACKED_MIN": "1000000", "SKMD_BACKGROUND": "0"},
    "vast_even": {"SKMD_HOST_BACKED_MIN": "1000000", "SKMD_POLICY": "even", "SKMD_BACKGROUND": "0"},
    "coarse": {"SKMD_MODE": "coarse", "SKMD_BACKGROUND": "0", "SKMD_MIN_SPLIT_US": "0"},
}
MAIN_WAYS = ["default", "even", "mkmd", "mkmd_even", "verify"]
RES = os.path.join(OUT, "results")

def run(prog, way, runno, tag=""):
    name = os.path.splitext(os.path.basename(prog))[0]
    d = os.path.join(RES, name); os.makedirs(d, exist_ok=True)
    out = os.path.join(d, f"{way}{tag}_{runno}.npz")
    if os.path.exists(out): os.remove(out)
    env = dict(BASE)
    if way == "plain":
        cmd = ["timeout", "120", PY, prog, out]
    else:
        env.update(WAYS[way])
        env["SKMD_PROFILE_DIR"] = os.path.join(os.path.join(OUT, "stores"), f"{name}_{way}{tag}")
        cmd = ["timeout", "120", PY, "-m", "skmd", "run", prog, out]
    t = time.time()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=os.path.dirname(os.path.abspath(prog)))
    dt = time.time() - t
    with open(os.path.join(d, f"{way}{tag}_{runno}.log"), "w") as f:
        f.write(f"rc={p.returncode} t={dt:.1f}\n--stdout--\n{p.stdout}\n--stderr--\n{p.stderr}")
    return p, out, dt

def load(path):
    if not os.path.exists(path): return None
    z = np.load(path, allow_pickle=False)
    return {k: z[k] for k in z.files}

def compare(a, b):
    diffs = []
    if a is None or b is None:
        return ["missing npz"]
    for k in sorted(set(a) | set(b)):
        if k not in a or k not in b:
            diffs.append(f"key {k} missing in {'plain' if k not in a else 'skmd'}"); continue
        x, y = a[k], b[k]
        if x.dtype != y.dtype or x.shape != y.shape:
            diffs.append(f"{k}: dtype/shape {x.dtype}{x.shape} vs {y.dtype}{y.shape}"); continue
        if k.startswith("tol_"):
            if not np.allclose(x, y, rtol=1e-4, atol=1e-4):
                diffs.append(f"{k}: not close (max abs diff {np.max(np.abs(x-y))})")
            continue
        if x.tobytes() != y.tobytes():
            xb = np.frombuffer(x.tobytes(), np.uint8); yb = np.frombuffer(y.tobytes(), np.uint8)
            idx = np.nonzero(xb != yb)[0]
            fx, fy = x.reshape(-1), y.reshape(-1)
            ne = np.nonzero(fx.view(np.uint8).reshape(fx.size, -1).any(1) != 0)[0] if False else None
            if x.dtype.kind in "fiub" and x.size:
                eidx = np.nonzero(fx.view(f"u{x.dtype.itemsize}") != fy.view(f"u{x.dtype.itemsize}"))[0] if x.dtype.itemsize in (1,2,4,8) else idx
                diffs.append(f"{k}: {len(eidx)} of {x.size} elements differ; first idx {eidx[:8].tolist()} plain {fx[eidx[:4]].tolist()} skmd {fy[eidx[:4]].tolist()}")
            else:
                diffs.append(f"{k}: {len(idx)} bytes differ; first byte {idx[:5].tolist()} plain={x!r:.200} skmd={y!r:.200}")
    return diffs

def main():
    prog = os.path.abspath(sys.argv[1])
    ways = sys.argv[2:] or MAIN_WAYS
    name = os.path.splitext(os.path.basename(prog))[0]
    for w in ways:
        shutil.rmtree(os.path.join(os.path.join(OUT, "stores"), f"{name}_{w}"), ignore_errors=True)
    p, out, dt = run(prog, "plain", 1)
    ref = load(out)
    summary = {"prog": name, "plain": {"rc": p.returncode, "t": round(dt,1), "stderr": p.stderr[-300:]}}
    print(f"== {name}: plain rc={p.returncode} {dt:.1f}s keys={len(ref or {})}")
    if p.stderr.strip(): print("   plain stderr:", p.stderr.strip()[-300:])
    for w in ways:
        for r in (1, 2):
            q, out, dt = run(prog, w, r)
            res = load(out)
            diffs = compare(ref, res)
            issues = []
            if q.returncode != p.returncode: issues.append(f"rc {q.returncode} vs plain {p.returncode}")
            if q.stdout != p.stdout: issues.append("stdout differs")
            if q.stderr.strip() != p.stderr.strip(): issues.append("stderr: " + q.stderr.strip()[-400:])
            status = "OK" if not diffs and not issues else "FAIL"
            print(f"   {w:10s} run{r}: {status} rc={q.returncode} {dt:.1f}s")
            for d_ in diffs: print("      DIFF", d_)
            for i in issues: print("      ISSUE", i)
    for ew in [w for w in ways if w in ("even", "mkmd_even0", "linear0")][:1]:
        env = dict(BASE, SKMD_PROFILE_DIR=os.path.join(os.path.join(OUT, "stores"), f"{name}_{ew}"))
        e = subprocess.run([PY, "-m", "skmd", "explain", "--by-kernel"], env=env, capture_output=True, text=True)
        lines = e.stdout.splitlines()
        for l in lines:
            if (" launches, " in l and not l.startswith("run ")) or l.strip().startswith(("R", "not split")):
                print("   [even]", l.strip())
        print("   [even]", [l for l in lines if l.startswith("run ") and "launches" in l][-1:] )
if __name__ == "__main__":
    main()
