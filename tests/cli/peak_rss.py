#!/usr/bin/python3
"""Runs a latticelab run and fails when it exits non-zero or its peak resident set size (the
kernel's high-water mark, which counts every page the run ever touched) exceeds LIMIT_MIB.
Exits 77 (skipped) when the run went to the CUDA back end: the bound is for CPU runs, and a CUDA
context alone takes about 140 MiB of host memory (41 anonymous, the rest shared library pages).

The figure cannot fall below this script's own RSS (about 10 MiB): the child starts as a copy
of it, and Linux carries that high-water mark across exec.

Usage: peak_rss.py LIMIT_MIB COMMAND [ARG...]
"""
import resource
import subprocess
import sys

SKIPPED = 77


def main():
    limit_mib, command = float(sys.argv[1]), sys.argv[2:]
    run = subprocess.run(command, capture_output=True, text=True, timeout=90)
    # The only child waited for: its high-water mark (KiB on Linux).
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    print("peak RSS %.1f MiB (limit %.0f MiB): %s" % (peak_mib, limit_mib, " ".join(command)))
    if run.returncode != 0:
        print("peak_rss: FAIL: exit code %d\n%s%s" % (run.returncode, run.stdout, run.stderr))
        sys.exit(1)
    if "\nback end   cuda" in "\n" + run.stdout:
        print("peak_rss: skipped: the run used the GPU; the bound is for the CPU back end")
        sys.exit(SKIPPED)
    if peak_mib > limit_mib:
        print("peak_rss: FAIL: %.1f MiB is above the %.0f MiB limit" % (peak_mib, limit_mib))
        sys.exit(1)


if __name__ == "__main__":
    main()
