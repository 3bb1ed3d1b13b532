"""Chunk planning and page tables: plain functions, no OpenCL."""
import numpy as np
import pytest

from skmd.vast import chunks, pages
from skmd.vast.chunks import ArgUse, Chunk, ArgWindow

ROW = 1000  # bytes each row reads from arg 0 and writes to arg 1


def rows_range(i, mode, a, b):
    """A streaming kernel: row r reads arg 0 and writes arg 1 at [r*ROW, (r+1)*ROW)."""
    if (i, mode) in ((0, "read"), (1, "write")):
        return (a * ROW, b * ROW)
    return (0, 0)


USES = [ArgUse(0, "b", 100 * ROW, True, False), ArgUse(1, "a", 100 * ROW, False, True)]


def test_chunks_cover_every_row_once_and_fit():
    plan = chunks.plan_chunks(USES, rows_range, 100, budget=15 * ROW, max_alloc=6 * ROW,
                              kernel="k")
    assert [c.first for c in plan.chunks] == list(range(0, 100, 6))
    assert plan.chunks[-1].last == 100
    assert all(c.nbytes <= 15 * ROW and all(w.nbytes <= 6 * ROW for w in c.windows)
               for c in plan.chunks)
    first = plan.chunks[0]
    assert first.in_bytes == first.out_bytes == 6 * ROW


def test_a_row_that_does_not_fit_is_refused_with_the_argument():
    def whole(i, mode, a, b):
        return (0, 100 * ROW) if mode == "read" else (a * ROW, b * ROW)
    with pytest.raises(chunks.Unplannable, match="kernel k: .*argument b .*every work-group"):
        chunks.plan_chunks(USES, whole, 100, budget=50 * ROW, max_alloc=50 * ROW, kernel="k")


def test_unbounded_ranges_are_refused():
    with pytest.raises(chunks.Unplannable, match="argument b .*cannot be bounded"):
        chunks.plan_chunks(USES, lambda i, m, a, b: None, 10, 10**9, 10**9, "k")


def test_sparse_writes_read_their_window_first():
    """Bytes a chunk leaves alone must go back unchanged: they are read in first."""
    use = ArgUse(1, "a", 100 * ROW, False, True, dense_write=False)
    (w,) = chunks.windows_of([use], rows_range, 2, 4, "k")
    assert w.read == w.write == (2 * ROW, 4 * ROW)


def test_paged_arguments_take_no_window_but_their_reserve():
    paged = ArgUse(2, "src", 10**9, True, False, paged=True)
    plan = chunks.plan_chunks(USES + [paged], rows_range, 100, budget=25 * ROW,
                              max_alloc=10**9, kernel="k", reserve={2: 13 * ROW})
    assert all(len(c.windows) == 2 for c in plan.chunks)
    assert plan.chunks[0].rows == 6  # (25 - 13) * ROW of windows: 6 rows of 2 * ROW


def test_rows_reading_what_other_rows_write_are_found():
    a = Chunk(0, 1, (ArgWindow(0, (0, 10), (0, 10)),))
    b = Chunk(1, 2, (ArgWindow(0, (8, 20), (10, 20)),))
    assert chunks.crossing_writes([a, b]) == (0, 0, 1)
    c = Chunk(1, 2, (ArgWindow(0, (10, 20), (10, 20)),))
    assert chunks.crossing_writes([a, c]) is None


def test_overlapping_write_backs_of_sparse_writes_are_found():
    """Each chunk writes back its whole window: overlapping ones would undo writes."""
    a = Chunk(0, 1, (ArgWindow(0, None, (0, 12)),))
    b = Chunk(1, 2, (ArgWindow(0, None, (8, 20)),))
    assert chunks.crossing_writes([a, b]) is None  # dense writes: each byte is its own
    assert chunks.crossing_writes([a, b], frozenset({0})) is not None


def test_page_table_from_marks():
    marks = np.zeros(10, np.uint8)
    marks[[2, 3, 4, 7]] = 1
    t = pages.table_from_marks(marks)
    assert t.frames == 4 and t.runs == ((2, 0, 3), (7, 3, 1))
    assert list(t.table[[2, 3, 4, 7]]) == [0, 1, 2, 3]
    assert (t.table[[0, 1, 5, 6, 8, 9]] == pages.ABSENT).all()


def test_frames_hold_the_touched_pages_in_order():
    P = pages.PAGE_BYTES
    host = (np.arange(5 * P + 100) % 251).astype(np.uint8)  # last page partial
    marks = np.zeros(pages.page_count(host.size), np.uint8)
    marks[[1, 2, 5]] = 1
    t = pages.table_from_marks(marks)
    out = np.zeros(t.frame_bytes, np.uint8)
    pages.pack_frames(t, host.size, lambda lo, dst: dst.__setitem__(slice(None), host[lo:lo + dst.size]), out)
    assert np.array_equal(out[:2 * P], host[P:3 * P])
    assert np.array_equal(out[2 * P:2 * P + 100], host[5 * P:])
    assert pages.element_fits(4) and pages.element_fits(16) and not pages.element_fits(12)


@pytest.mark.parametrize("P", [pages.PAGE_BYTES, pages.MIN_PAGE])
def test_frames_gathered_at_once_are_the_frames_packed_run_by_run(P):
    """A chunk of scattered pages is gathered per piece in one step; it must hold the
    bytes the run-by-run copy gives, over pieces whose edges cut pages and a partial
    last page, the tail past the buffer left as it was; in pages of ``P`` bytes."""
    rng = np.random.default_rng(7)
    host = rng.integers(0, 256, 9 * P + 300, dtype=np.uint8)
    cuts = [0, 3 * P, 3 * P + 1000, 7 * P, host.size]  # a piece of 1000 bytes cuts a page
    pieces = [host[a:b] for a, b in zip(cuts, cuts[1:])]
    starts = np.array(cuts)
    for trial in range(20):
        marks = (rng.random(pages.page_count(host.size, P)) < 0.5).astype(np.uint8)
        marks[-1] = trial % 2  # the partial last page, touched or not
        t = pages.table_from_marks(marks, P)
        want = np.full(t.frame_bytes, 9, np.uint8)
        got = want.copy()
        pages.pack_frames(t, host.size,
                          lambda lo, dst: dst.__setitem__(slice(None), host[lo:lo + dst.size]),
                          want)
        pages.gather_frames(t, pieces, starts, host.size, got)
        assert np.array_equal(got, want), trial


def test_only_reads_far_apart_of_one_parameter_are_sent_to_the_page_table():
    uses = [ArgUse(0, "in", 1 << 30, True, False), ArgUse(1, "near", 1 << 30, True, False),
            ArgUse(2, "out", 1 << 30, True, True), ArgUse(3, "twice", 1 << 30, True, False),
            ArgUse(4, "odd", 1 << 30, True, False)]
    spread = {0: (1 << 29, 2048), 1: (4096, 4096), 2: (1 << 29, 2048), 3: (1 << 29, 2048),
              4: (1 << 29, 2048)}
    got = chunks.far_apart(uses, spread.get, lambda i: i != 4, shared={3})
    assert got == {0}
    # a hull only a little wider than what is read keeps its window
    assert chunks.far_apart(uses[:1], {0: (5 * 4096, 4096)}.get, lambda i: True, set()) == set()


def test_read_spread_is_the_hull_and_the_bytes_the_accesses_cover():
    from skmd.transform.analyses import analyze_program
    from skmd.transform.launch import Launch
    ka = analyze_program("""
    __kernel void f(__global float *o, __global const float *a, int h) {
      int i = get_global_id(0);
      o[i] = a[i] + a[i + 1] + a[i + h];
    }""").kernels["f"]
    launch = Launch((1024,), (64,), {2: 512}, {0: 4096, 1: 8192})
    # rows of 64: [0, 65) and [512, 576) floats
    assert ka.read_spread(1, launch, (0, 1)) == (576 * 4, 129 * 4)


def test_pages_are_as_small_as_the_table_allows():
    mib = 1 << 20
    assert pages.page_bytes_for(320 * mib, 4) == 512  # at most 2^20 pages
    assert pages.page_bytes_for(8 * mib, 4) == pages.MIN_PAGE
    assert pages.page_bytes_for(8 * mib, 1024) == 1024  # an element never straddles pages
    assert pages.page_bytes_for(30 << 30, 4) == pages.PAGE_BYTES  # the largest, at most
    # the table and its marks (five bytes a page) take an eighth of a chunk's budget at most
    page = pages.page_bytes_for(32 * mib, 4, budget=mib)
    assert 5 * pages.page_count(32 * mib, page) <= mib // 8
    assert 5 * pages.page_count(32 * mib, page // 2) > mib // 8

