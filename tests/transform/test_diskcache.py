import contextlib
import os

from skmd.transform import analyses, analyze, analyze_program, diskcache


@contextlib.contextmanager
def _cache_in(folder):
    """Analyses kept under ``folder``, as SKMD_PROFILE_DIR makes the runtime say."""
    before = diskcache.use_folder(str(folder))
    try:
        yield
    finally:
        diskcache.use_folder(before)

SRC = "__kernel void k(__global float *a) { a[get_global_id(0)] *= 2.0f; }"


def test_second_process_reads_the_analysis_from_disk(tmp_path, monkeypatch):
    with _cache_in(tmp_path):
        analyses._CACHE.clear()
        first = analyze_program(SRC + "\n// disk cache test")
        assert list((tmp_path / "analysis").glob("*.pickle"))
        analyses._CACHE.clear()  # as in a new process

        def no_parse(*a, **k):
            raise AssertionError("parsed again although cached on disk")
        monkeypatch.setattr(analyze, "_analyze", no_parse)
        second = analyze_program(SRC + "\n// disk cache test")
    assert second.kernels["k"].splittable == first.kernels["k"].splittable
    assert second.partition_source == first.partition_source


def test_unreadable_cache_file_is_ignored(tmp_path):
    with _cache_in(tmp_path):
        analyses._CACHE.clear()
        analyze_program(SRC + "\n// corrupt")
        for p in (tmp_path / "analysis").glob("*.pickle"):
            p.write_bytes(b"not a pickle")
        analyses._CACHE.clear()
        again = analyze_program(SRC + "\n// corrupt")
    assert again.kernels["k"].splittable


def test_merge_kernel_is_part_of_the_cached_analysis(tmp_path, monkeypatch):
    src = ("__kernel void s(__global const int *ix, __global float *o) "
           "{ int i = get_global_id(0); o[ix[i]] = (float)i; }\n// merge cache test")
    with _cache_in(tmp_path):
        analyses._CACHE.clear()
        first = analyze_program(src)
        analyses._CACHE.clear()
        monkeypatch.setattr(analyze, "_analyze", lambda *a, **k: 1 / 0)
        second = analyze_program(src)
    assert first.kernels["s"].merge_kernel and second.kernels["s"].merge_kernel
    assert second.kernels["s"].merge_parts == (1,)
    assert second.merge_source == first.merge_source and "skmd_part_1" in second.merge_source


def test_the_code_digest_changes_when_an_analysing_file_changes(tmp_path, monkeypatch):
    """Cached analyses are keyed by the analysing code's files (names, sizes, times):
    a changed file must not find the analyses the old code made."""
    for name, text in (("a.py", "x = 1\n"), ("b.py", "y = 2\n")):
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(diskcache, "__file__", str(tmp_path / "diskcache.py"))

    def digest():
        monkeypatch.setattr(diskcache, "_CODE_DIGEST", None)
        return diskcache.code_digest()
    before = digest()
    assert digest() == before
    (tmp_path / "b.py").write_text("y = 3\n")  # same size: its time differs
    os.utime(tmp_path / "b.py", ns=(1, 1))
    assert digest() != before
