#!/usr/bin/python3
"""Checks `latticelab thermal-bench --json J --markdown M`: the denominators measured, KERNELS
kernel rows and STEPS step rows ("-" skips a count), and every rate recomputed from the row's
own work and time: MLUPS = sites / s, GB/s = bytes / s, GFLOP/s = flops / s, the fractions
against the run's copy bandwidth and FP64 peak, collide's flops = flops_per_site x sites.

Usage: check_thermal_bench.py J M KERNELS STEPS
"""
import json
import sys


def fail(msg):
    print("check_thermal_bench: FAIL: " + msg)
    sys.exit(1)


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-30)


def check_row(r, b):
    d = b["device"]
    if not r["launchable"]:
        if not r.get("refused"):
            fail("unlaunchable row without a reason: %s" % r)
        return
    s = r["seconds"]
    if s <= 0:
        fail("non-positive time: %s" % r)
    want = {
        "mlups": r["sites"] / s / 1e6,
        "gb_per_s": r["bytes"] / s / 1e9,
        "gflop_per_s": r["flops"] / s / 1e9,
        "fraction_of_copy_bandwidth": r["bytes"] / s / d["copy_bandwidth_bytes_per_s"],
        "fraction_of_fp64_measured": r["flops"] / s / d["fp64_measured_flop_per_s"],
    }
    for key, value in want.items():
        if not close(r[key], value):
            fail("%s of %s block %d: %g, recomputed %g" % (key, r["name"], r["block_size"],
                                                          r[key], value))
    if r["name"] == "collide" and not close(r["flops"], b["flops_per_site"] * r["sites"]):
        fail("collide flops %g != flops_per_site x sites" % r["flops"])
    if not r["functions"] and r["name"] != "pbc":  # pbc is two cudaMemcpy2DAsync
        fail("no CUDA functions listed for %s" % r["name"])


def main():
    jpath, mpath, kernels, steps = sys.argv[1:5]
    with open(jpath) as f:
        b = json.load(f)
    d = b["device"]
    if d["copy_bandwidth_bytes_per_s"] <= 0 or d["fp64_measured_flop_per_s"] <= 0:
        fail("denominators not measured: %s" % d)
    for key, want in (("kernels", kernels), ("steps", steps)):
        if want != "-" and len(b[key]) != int(want):
            fail("%d %s rows, expected %s" % (len(b[key]), key, want))
    for r in b["kernels"] + b["steps"]:
        check_row(r, b)
    with open(mpath) as f:
        text = f.read()
    for heading in ("## Best block size", "## Kernels alone", "## Full steps", "## CUDA functions"):
        if heading not in text:
            fail("markdown lacks '%s'" % heading)
    print("check_thermal_bench: OK (%d kernel rows, %d step rows)"
          % (len(b["kernels"]), len(b["steps"])))


if __name__ == "__main__":
    main()
