"""The link book on its own: probes cached, home free, in-place figures preferred."""
from __future__ import annotations

import math
from types import SimpleNamespace

from skmd.runtime import links
from skmd.runtime.link_book import LinkBook


class _Learned:
    """In-place figures for ``gpu1`` only (what LinkEstimates.correct answers)."""

    def correct(self, label: str, probe: tuple[float, float]) -> tuple[float, float]:
        return (2e9, probe[1]) if label == "gpu1" else probe


def _book(monkeypatch):
    probed = []

    def link_speed(runtime, dev, remeasure=False, mapped=False):
        probed.append(dev.label)
        return {"gpu0": (20e9, 20e9), "gpu1": (8e9, 6e9), "cpu": (30e9, 30e9)}[dev.label]
    monkeypatch.setattr(links, "link_speed", link_speed)
    home, gpu1, cpu = (SimpleNamespace(label=lb, zero_copy=False) for lb in ("gpu0", "gpu1", "cpu"))
    return LinkBook(None, home, [home, gpu1, cpu], _Learned()), probed, (home, gpu1, cpu)


def test_probes_once_and_prefers_what_transfers_measured(monkeypatch) -> None:
    book, probed, (home, gpu1, cpu) = _book(monkeypatch)
    assert book.link(home) == (math.inf, math.inf)
    assert book.home_link() == (20e9, 20e9)
    assert book.link(gpu1) == (2e9, 6e9) and book.probed_link(gpu1) == (8e9, 6e9)
    assert book.link(cpu) == book.probed_link(cpu) == (30e9, 30e9)
    book.link(gpu1)
    book.home_link()
    assert sorted(probed) == ["cpu", "gpu0", "gpu1"], "each device probed once"
    note = book.link_note()
    assert note is not None and "gpu1 2.0/6.0 GB/s (probe 8.0/6.0)" in note
    assert "cpu" not in note
    # a helper's effective link crosses home's link too: never faster than either
    eff = book.helper_links([home, gpu1])["gpu1"]
    assert set(book.helper_links([home, gpu1, cpu])) == {"gpu1", "cpu"}
    assert eff[0] < 2e9 and eff[1] < 6e9


def test_without_learning_the_probe_stands(monkeypatch) -> None:
    book, _, (_, gpu1, _) = _book(monkeypatch)
    book.learn = False  # SKMD_LEARN_LINKS=0, as the runtime hands it in
    assert book.link(gpu1) == (8e9, 6e9)
    assert book.link_note() is None


def test_a_helper_read_back_by_mapping_is_probed_that_way(monkeypatch) -> None:
    """A helper sharing host memory has its results read by mapping its buffers:
    its probe measures that read, home's and other helpers' their driver's."""
    asked = {}

    def link_speed(runtime, dev, remeasure=False, mapped=False):
        asked[dev.label] = mapped
        return (30e9, 30e9)
    monkeypatch.setattr(links, "link_speed", link_speed)
    home, gpu1, cpu = (SimpleNamespace(label=lb, zero_copy=z)
                       for lb, z in (("cpu0", True), ("gpu1", False), ("cpu1", True)))
    book = LinkBook(None, home, [home, gpu1, cpu], _Learned())
    book.home_link()
    book.link(gpu1)
    book.link(cpu)
    assert asked == {"cpu0": False, "gpu1": False, "cpu1": True}


def test_a_home_link_the_store_lacks_is_asked_for_once_per_kind_of_memory(monkeypatch) -> None:
    """A launch prices its uploads with the home link when known; while it is not,
    the store is not read again on every launch, and the probe's figure counts."""
    from skmd.runtime import staging
    asked = []

    class Store:
        def get_link(self, fingerprint, pinned):
            asked.append(pinned)
            return None
    book, _, (home, _, _) = _book(monkeypatch)
    home.fingerprint = "fp"
    book.rt = SimpleNamespace(store=Store())
    pool = SimpleNamespace(pinned=False)
    monkeypatch.setattr(staging, "pool", lambda: pool)
    assert book.home_link_known() is None and book.home_link_known() is None
    assert asked == [False]
    pool.pinned = True  # page-locked copies now: their figure is another row
    assert book.home_link_known() is None and asked == [False, True]
    assert book.home_link() == (20e9, 20e9) and book.home_link_known() == (20e9, 20e9)
