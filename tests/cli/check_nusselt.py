#!/usr/bin/python3
"""Checks the outputs of `latticelab run heated_cavity2d --probe nusselt --probe-csv F --json J`:
the CSV has its header and one row per sample; the first is step 0, time 0 and Nu = 1 (the
preset starts from the conduction profile at rest); time is step / (H^2 / kappa), with kappa
= U H / sqrt(Ra Pr) of the preset's buoyancy velocity U = 0.1 and Pr = 0.71, recomputed here;
every Nu is finite and >= 1 (heat flows from hot to cold), and the JSON record's "nusselt" is
the last sample's (the run ends on a sample).

Usage: /usr/bin/python3 check_nusselt.py NU.csv RUN.json ROWS SIZE RA
"""
import csv
import json
import math
import sys

from vti_reader import failer

fail = failer("check_nusselt")


def check_csv(path, rows, size, ra):
    with open(path, newline="") as f:
        table = list(csv.reader(f))
    header = ["step", "time", "nusselt"]
    if not table or table[0] != header:
        fail("header %s, expected %s" % (table[:1], header))
    data = [[float(v) for v in r] for r in table[1:]]
    if len(data) != rows:
        fail("%d rows, expected %d" % (len(data), rows))
    diffusion_time = size * size / (0.1 * size / math.sqrt(ra * 0.71))
    for step, time, nu in data:
        if abs(time - step / diffusion_time) > 1e-5 * max(1e-3, time):
            fail("step %d: time %g, expected step / (H^2 / kappa) = %g"
                 % (step, time, step / diffusion_time))
        if not (math.isfinite(nu) and nu >= 1 - 1e-6):
            fail("step %d: Nu = %r, expected finite and >= 1" % (step, nu))
    if data[0][0] != 0 or abs(data[0][2] - 1) > 1e-6:
        fail("the first sample is not step 0 at Nu = 1 (conduction): %s" % data[0])
    if not all(b[0] > a[0] for a, b in zip(data, data[1:])):
        fail("steps must increase")
    print("nusselt: %s" % ", ".join("%.5g at t = %.3g" % (r[2], r[1]) for r in data))
    return data[-1][2]


def main():
    csv_path, json_path, rows, size, ra = sys.argv[1:6]
    last = check_csv(csv_path, int(rows), int(size), float(ra))
    with open(json_path) as f:
        record = json.load(f)
    nu = record.get("nusselt")
    if not isinstance(nu, float) or abs(nu - last) > 1e-6 * last:
        fail("JSON nusselt %r, expected the last sample's %.7g" % (nu, last))
    print("json: nusselt %.7g" % nu)


if __name__ == "__main__":
    main()
