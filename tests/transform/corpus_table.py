"""Regenerate docs/kernel-corpus.md from the kernel corpus.

    PYTHONPATH=. python tests/transform/corpus_table.py > docs/kernel-corpus.md
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from kernel_corpus import CASES  # noqa: E402
from split_harness import launch_of, make_buffers  # noqa: E402
from skmd.transform import analyze_program  # noqa: E402


def rows():
    for case in CASES:
        ka = analyze_program(case.source, case.options).kernels[case.kernel]
        launch = launch_of(case, make_buffers(case, 0))
        total = launch.total_groups
        written = [a for a in ka.args if a.written]
        contig = []
        for a in written:
            if ka.byte_range(a.index, "write", launch, (0, total)) is None:
                contig.append(f"{a.name}: unbounded")
            elif ka.write_dense(a.index, launch, (1, total)):
                contig.append(f"{a.name}: dense")
            else:
                contig.append(f"{a.name}: bounded, holes possible")
        yield (case.name, ", ".join(a.name for a in written) or "-", "; ".join(contig) or "-",
               "yes" if ka.splittable else f"no: {ka.reason}", ka.launch_mode,
               "yes" if ka.merge_kernel else f"no: {ka.merge_reason}",
               f"`{ka.cost_expr}`")


def merge_rows():
    from kernel_corpus import BY_NAME
    from merge_cases import MERGEABLE, REFUSED
    for case in [c for c in MERGEABLE if c.name not in BY_NAME] + [c for c, _ in REFUSED]:
        ka = analyze_program(case.source, case.options).kernels[case.kernel]
        yield case.name, "yes" if ka.merge_kernel else f"no: {ka.merge_reason}"


def main():
    print("# Kernel corpus: what the transformer concludes\n")
    print("Generated from `tests/transform/kernel_corpus.py`; regenerate with\n")
    print("    PYTHONPATH=. python tests/transform/corpus_table.py > docs/kernel-corpus.md\n")
    print("*dense*: every byte of the write range of a row range is written, so outputs merge "
          "by slice copies. Outputs whose per-device write ranges are unknown or overlap are "
          "merged by the kernel's generated *merge kernel* (its stores turned into copies "
          "from the helper's partial buffer, thesis fig. 3.6) where it has one, otherwise by "
          "byte differences. Ranges are for rows [1, total) of the corpus launch.\n")
    print("| kernel | written args | write ranges | splittable | launch mode | merge kernel "
          "| cost f(x) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows():
        print("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |")
    print("\n## Merge kernels\n")
    print("The merge-kernel cases of `tests/transform/merge_cases.py` beyond the corpus: "
          "kernels that must get a merge kernel, and kernels that must not (each holds one "
          "construct whose copy could differ from what the kernel stores).\n")
    print("| kernel | merge kernel |")
    print("|---|---|")
    for name, verdict in merge_rows():
        print(f"| {name} | {verdict.replace('|', chr(92) + '|')} |")


if __name__ == "__main__":
    main()
