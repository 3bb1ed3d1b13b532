"""The 'after' and 'exit' phases of unseen programs (a probe), as the unseen bench
measures them, under variants of skmd run, in turns:
python exitphase.py ROUNDS PROG... ; prints per program and variant the medians (ms)."""
import json, os, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
PROGS = os.path.join(os.getcwd(), "skmd/bench/unseen/programs")
VARIANTS = {
    "plain": ({"PYOPENCL_CTX": os.environ.get("PLAIN_CTX", "0:0")}, False),
    "skmd": ({}, True),
    "skmd gpu0 alone": ({"SKMD_DEVICES": os.environ.get("ALONE", "gpu0")}, True),
    "skmd no run log": ({"SKMD_LOG": "0"}, True),
    "plain, os._exit": ({"PYOPENCL_CTX": os.environ.get("PLAIN_CTX", "0:0"), "OSEXIT": "1"}, False),
    "skmd, os._exit": ({"OSEXIT": "1"}, True),
}


def once(prog: str, extra: dict, skmd: bool) -> dict:
    fd, log = tempfile.mkstemp(suffix=".json"); os.close(fd)
    store = tempfile.mkdtemp()
    env = {**os.environ, **extra, "UNSEEN_LAUNCH_LOG": log, "SKMD_PROFILE_DIR": store}
    size = os.environ.get("SIZE", "paper")
    if extra.get("OSEXIT"):
        cmd = [sys.executable, f"{HERE}/osexit.py"] + (["--skmd"] if skmd else []) + [f"{PROGS}/{prog}.py", size]
    else:
        cmd = [sys.executable] + (["-m", "skmd", "run"] if skmd else []) + [f"{PROGS}/{prog}.py", size]
    t0 = time.time()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    gone = time.time()
    st = json.load(open(log))["stamps"]
    os.unlink(log)
    subprocess.run(["rm", "-rf", store])
    return {"process": gone - t0, "after": st["exit"] - st.get("last", st["exit"]),
            "exit": gone - st["exit"]}


rounds, progs = int(sys.argv[1]), sys.argv[2:]
for prog in progs:
    res = {v: [] for v in VARIANTS}
    for r in range(rounds):
        names = list(VARIANTS) if r % 2 else list(VARIANTS)[::-1]
        for v in names:
            res[v].append(once(prog, *VARIANTS[v]))
    for v, runs in res.items():
        med = {k: statistics.median(x[k] for x in runs) * 1e3 for k in ("after", "exit", "process")}
        print(f"{prog:12s} {v:16s} after {med['after']:7.1f}  exit {med['exit']:6.1f}  process {med['process']:7.1f}  "
              "exits " + " ".join(f"{x['exit'] * 1e3:.0f}" for x in runs), flush=True)
