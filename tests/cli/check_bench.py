#!/usr/bin/python3
"""Checks `latticelab bench --json J --markdown M`: ROWS records with positive MLUPS, the
device and copy bandwidth, and a Markdown table with one line per record; a CPU record's
ratio to the copy bandwidth is the median of its repeats', each against the probe beside it,
and the file's copy bandwidth the median of all the probes; with LATTICES (a
comma list of NXxNYxNZ), the records' lattices are exactly those, in that order of first use;
with THREADS (a comma list), the CPU records' OpenMP thread counts are exactly those.

Usage: check_bench.py J M ROWS [LATTICES [THREADS]]
"""
import json
import sys
from statistics import median


def fail(msg):
    print("check_bench: FAIL: " + msg)
    sys.exit(1)


def check_cpu_ratios(r, repeats):
    """A CPU record sets each repeat against the copy probed beside it: the ratios follow
    the formulas, and the record's fraction is their median."""
    copies, fractions = r["copy_gb_per_s_per_repeat"], r["fraction_of_copy_per_repeat"]
    if len(copies) != repeats or len(fractions) != repeats or min(copies) <= 0:
        fail("per-repeat copy probes or ratios missing in %s" % r)
    l = r["lattice"]
    nodes = l["nx"] * l["ny"] * l["nz"]
    for sec, copy, frac in zip(r["seconds_per_repeat"], copies, fractions):
        want = nodes * r["steps"] / sec * r["bytes_per_node_update"] / (copy * 1e9)
        if abs(frac - want) > 1e-6 * want:
            fail("a repeat's ratio %g, expected bytes/s over its copy probe = %g" % (frac, want))
    if abs(r["fraction_of_copy_bandwidth"] - median(fractions)) > 1e-12:
        fail("fraction_of_copy_bandwidth is not the median of the repeats' ratios")
    if abs(r["copy_bandwidth_gb_per_s"] - median(copies)) > 1e-9 * median(copies):
        fail("copy_bandwidth_gb_per_s is not the median of the repeats' probes")


def main():
    jpath, mpath, rows = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(jpath) as f:
        b = json.load(f)
    if b.get("copy_bandwidth_bytes_per_s", 0) <= 0 or "device" not in b["device"]:
        fail("missing copy bandwidth or device")
    recs = b["records"]
    if len(recs) != rows:
        fail("%d records, expected %d" % (len(recs), rows))
    seen = set()
    for r in recs:
        if r["mlups"] <= 0 or len(r["seconds_per_repeat"]) != b["repeats"]:
            fail("bad record %s" % r)
        l = r["lattice"]
        seen.add(("%dx%dx%d" % (l["nx"], l["ny"], l["nz"]), r["model"]["stencil"],
                  r["model"]["scheme"], r["model"]["layout"], r.get("openmp_threads")))
        if "openmp_threads" in r:
            check_cpu_ratios(r, b["repeats"])
    probes = [c for r in recs for c in r.get("copy_gb_per_s_per_repeat", [])]
    if probes and (abs(b["copy_bandwidth_bytes_per_s"] / (1e9 * median(probes)) - 1) > 1e-9
                   or b["copy_gb_per_s_range"] != [min(probes), max(probes)]):
        fail("the file's copy bandwidth is not the median and range of the CPU's probes")
    if len(seen) != rows:
        fail("records repeat a model on one lattice: %s" % sorted(seen))
    if len(sys.argv) > 4:
        order = []
        for r in recs:
            l = "%(nx)dx%(ny)dx%(nz)d" % r["lattice"]
            if l not in order:
                order.append(l)
        if order != sys.argv[4].split(","):
            fail("lattices %s, expected %s" % (order, sys.argv[4]))
    with open(mpath) as f:
        table = [l for l in f if l.startswith("| ") and "MLUPS" not in l]
    if len(table) != rows:
        fail("%d table rows, expected %d" % (len(table), rows))
    if len(sys.argv) > 5:
        counts = sorted({r.get("openmp_threads", 0) for r in recs})
        if counts != sorted(int(t) for t in sys.argv[5].split(",")):
            fail("OpenMP thread counts %s, expected %s" % (counts, sys.argv[5]))
    if len(sys.argv) > 4 and not all(l.split(" | ")[0].lstrip("| ").replace(" ", "")
                                      in sys.argv[4].split(",") for l in table):
        fail("a table row names a lattice that was not asked for")
    print("check_bench: OK (%d rows)" % rows)


if __name__ == "__main__":
    main()
