from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx

from report_fixtures import matmul, reduce_whole, vadd
from skmd.report.breakdown import breakdown
from skmd.report.lanes import label_spans, layout, nice_step
from skmd.records import LaunchRecord
from skmd.report.timeline_pictures import dag_png, timeline_html, timeline_png

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def many_launches(n: int) -> list[LaunchRecord]:
    out, t = [], 0.0
    for i in range(n):
        r = vadd("big", i, t) if i % 7 else reduce_whole("big", i, t)
        out.append(r)
        t = max(p.end for p in r.pieces) + 1e-5
    return out


def test_layout_rows_and_time_zero(records: list[LaunchRecord]) -> None:
    lay = layout(records)
    assert lay.rows == ["gpu0", "gpu1", "cpu", "host"]
    assert min(b.start_ms for b in lay.bars) == 0.0
    # the span runs to the end of the last launch's call (a split blocks the host)
    assert abs(lay.span_ms - breakdown(records).wall_s * 1e3) < 1e-9
    assert sum(b.device == "host" and b.kind == "call" for b in lay.bars) == len(records)
    assert [s for s, _ in lay.launch_marks] == [0, 1, 2]


def test_label_spans_join_bursts() -> None:
    lay = layout(many_launches(70))
    gpu1 = [b for b in lay.bars if b.device == "gpu1"]
    # wide enough for a label each: every launch keeps its own
    assert len(label_spans(gpu1, lay.span_ms, min_label_ms=0.5)) == 60
    # too narrow: gpu1 only runs vadd, so its bursts join into far fewer labels
    spans = label_spans(gpu1, lay.span_ms, min_label_ms=5.0)
    assert len(spans) < 5
    assert any("×" in text for _, _, text in spans)
    assert sum(int(t.split("×")[1]) if "×" in t else 1 for _, _, t in spans) == 60


def test_nice_step() -> None:
    assert nice_step(10.0) == 2.0
    assert nice_step(5000.0) == 1000.0
    assert nice_step(0.0) == 1.0


def test_timeline_png(tmp_path: Path, records: list[LaunchRecord]) -> None:
    p = tmp_path / "t.png"
    assert timeline_png(records, p) == str(p)
    data = p.read_bytes()
    assert data[:8] == PNG_MAGIC and len(data) > 5000


def test_timeline_png_dense_and_empty(tmp_path: Path) -> None:
    p = tmp_path / "dense.png"
    timeline_png(many_launches(1500), p)
    assert p.read_bytes()[:8] == PNG_MAGIC
    r = vadd()
    r.pieces = []
    q = tmp_path / "empty.png"
    timeline_png([r], q)
    assert q.read_bytes()[:8] == PNG_MAGIC


def test_timeline_html(tmp_path: Path, records: list[LaunchRecord]) -> None:
    p = tmp_path / "t.html"
    timeline_html(records, p)
    html = p.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "</svg>" in html
    svg = html[html.index("<svg"):html.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)  # well-formed, so any browser draws it
    assert root.tag.endswith("svg")
    # self-contained: nothing fetched
    assert not re.search(r"(src|href)\s*=\s*[\"']?https?:", html)
    assert "<script" not in html
    # one rect per piece, hover titles name launch, kind and device
    # and one more per launch call in the host's lane
    assert html.count("<title>#") == sum(len(r.pieces) + 1 for r in records)
    assert "#1 reduce — kernel on gpu0" in html
    assert "4.0 MiB" in html  # transfer size in the h2d title
    # the tables under the picture
    assert "global atomics" in html and "3 launches, 2 split" in html


def test_timeline_html_many(tmp_path: Path) -> None:
    p = tmp_path / "many.html"
    rs = many_launches(600)
    timeline_html(rs, p)
    html = p.read_text(encoding="utf-8")
    assert "more launches not listed" in html
    assert "vadd ×" in html  # bursts labelled once, not per launch
    assert html.count("<title>#") == sum(len(r.pieces) + 1 for r in rs)


class Cmd:
    def __init__(self, name: str, kind: str) -> None:
        self.name, self.kind = name, kind


def test_dag_png(tmp_path: Path) -> None:
    g = nx.DiGraph()
    for name in ("AX", "XA", "sum"):
        g.add_node(name, command=Cmd(name, "kernel"), device="gpu0")
    g.add_node("read", command=Cmd("read X", "read"))
    g.add_edges_from([("source", "AX", {"buffer": "X"}), ("source", "XA"),
                      ("AX", "sum"), ("XA", "sum"), ("sum", "read"), ("read", "sink")])
    p = tmp_path / "dag.png"
    dag_png(g, p)
    data = p.read_bytes()
    assert data[:8] == PNG_MAGIC and len(data) > 5000


def test_dag_png_tolerates_cycle(tmp_path: Path) -> None:
    g = nx.DiGraph([("a", "b"), ("b", "a")])
    p = tmp_path / "cyc.png"
    dag_png(g, p)
    assert p.read_bytes()[:8] == PNG_MAGIC


def test_alternating_kernels_get_one_mixed_label() -> None:
    rs, t = [], 0.0
    for i in range(40):
        r = vadd("alt", i, t) if i % 2 else reduce_whole("alt", i, t)
        rs.append(r)
        t = max(p.end for p in r.pieces) + 1e-5
    lay = layout(rs)
    gpu0 = [b for b in lay.bars if b.device == "gpu0"]
    spans = label_spans(gpu0, lay.span_ms, min_label_ms=10.0)
    assert len(spans) == 1
    assert spans[0][2] in ("reduce+vadd ×40", "vadd+reduce ×40")
    # wide enough: each launch keeps its own name
    assert len(label_spans(gpu0, lay.span_ms, min_label_ms=0.1)) == 40
