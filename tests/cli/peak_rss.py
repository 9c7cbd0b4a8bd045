#!/usr/bin/python3
"""Runs a command and fails when it exits non-zero or its peak resident set size (the kernel's
high-water mark, which counts every page the run ever touched) exceeds LIMIT_MIB.

Usage: peak_rss.py LIMIT_MIB COMMAND [ARG...]
"""
import resource
import subprocess
import sys


def main():
    limit_mib, command = float(sys.argv[1]), sys.argv[2:]
    run = subprocess.run(command, capture_output=True, text=True, timeout=90)
    # The only child waited for so far: its high-water mark (KiB on Linux).
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    print("peak RSS %.1f MiB (limit %.0f MiB): %s" % (peak_mib, limit_mib, " ".join(command)))
    if run.returncode != 0:
        print("peak_rss: FAIL: exit code %d\n%s%s" % (run.returncode, run.stdout, run.stderr))
        sys.exit(1)
    if peak_mib > limit_mib:
        print("peak_rss: FAIL: %.1f MiB is above the %.0f MiB limit" % (peak_mib, limit_mib))
        sys.exit(1)


if __name__ == "__main__":
    main()
