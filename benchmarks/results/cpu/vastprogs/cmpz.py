import sys, numpy as np, json, os
a = np.load(sys.argv[1]); b = np.load(sys.argv[2])
ok = True
for k in sorted(set(a.files) | set(b.files)):
    if k not in a.files or k not in b.files:
        print("  KEY MISSING", k, "in", "plain" if k not in a.files else "skmd", (b[k] if k in b.files else a[k]) if k.endswith("__err") else ""); ok = False; continue
    x, y = a[k], b[k]
    if x.shape != y.shape or not np.array_equal(x.view(np.uint8) if x.dtype != object and x.dtype.kind!='U' else x, y.view(np.uint8) if y.dtype.kind!='U' else y):
        ok = False
        if x.shape == y.shape and x.dtype.kind != 'U':
            d = np.nonzero(x.reshape(-1).view(np.uint8) != y.reshape(-1).view(np.uint8))[0] // x.dtype.itemsize
            d = np.unique(d)
            print(f"  DIFF {k}: {d.size} of {x.size} elems differ, first {d[:8]} last {d[-3:]}; plain {x.reshape(-1)[d[:4]]} skmd {y.reshape(-1)[d[:4]]}")
        else:
            print("  DIFF", k, x.shape, y.shape, x if x.dtype.kind=='U' else '', y if y.dtype.kind=='U' else '')
print("SAME" if ok else "FAULT")
c = sys.argv[2] + ".chunks"
if os.path.exists(c): print("  chunks:", json.load(open(c)))
