#!/usr/bin/python3
"""Checks a `latticelab scale-bench --json` record: strong and weak rows for every count asked,
1-D slabs among them, the halo bytes of a split lattice nonzero (and zero for one domain), a
bandwidth for each exchanging transport, and the communication model's rows.

Usage: check_scale_bench.py FILE.json MARKDOWN.md COUNT...
"""
import json
import sys


def fail(msg):
    print("check_scale_bench: FAIL: " + msg)
    sys.exit(1)


def main():
    with open(sys.argv[1]) as f:
        r = json.load(f)
    md = open(sys.argv[2]).read()
    counts = [int(c) for c in sys.argv[3:]]
    for key in ("device", "backend", "copy_bandwidth_gb_per_s", "date", "gpus", "rows", "halo",
                "communication_model", "timelines"):
        if key not in r:
            fail("missing " + key)
    for table in ("strong", "weak"):
        rows = [x for x in r["rows"] if x["table"] == table and x["tiling"] == "1-D"]
        if sorted(x["subdomains"] for x in rows) != counts:
            fail("%s rows for %s, expected %s" % (table, [x["subdomains"] for x in rows], counts))
        for x in rows:
            if not x["mlups"] > 0 or not 0 < x["efficiency"] < 5:
                fail("%s row %s" % (table, x))
            split = x["subdomains"] > 1
            if (x["halo_bytes_per_step"] > 0) != split:
                fail("%s row with %d subdomains moved %g halo bytes per step"
                     % (table, x["subdomains"], x["halo_bytes_per_step"]))
    moving = [h for h in r["halo"] if not h["transport"].startswith("none")]
    if not moving or any(h["halo_bytes_per_step"] <= 0 for h in moving):
        fail("halo transports %s" % r["halo"])
    if len(r["communication_model"]["rows"]) != len(counts):
        fail("communication model rows %s" % r["communication_model"]["rows"])
    # One traced step per timeline: every tile updates, and the halos move after.
    for t in r["timelines"]:
        updates = [s for s in t["spans"] if s["what"] == "update"]
        moves = [s for s in t["spans"] if s["what"] != "update"]
        if not updates or not moves or any(s["end_us"] < s["begin_us"] for s in t["spans"]):
            fail("timeline %s" % t)
    for heading in ("## strong", "## weak", "## Halo exchange", "## Communication model",
                    "## Timeline of one step"):
        if heading not in md:
            fail("markdown lacks " + heading)
    print("check_scale_bench: %d rows, %d transports" % (len(r["rows"]), len(r["halo"])))


main()
