#!/usr/bin/python3
"""Checks `latticelab bench --json J --markdown M`: ROWS records with positive MLUPS, the
device and copy bandwidth, and a Markdown table with one line per record.

Usage: check_bench.py J M ROWS
"""
import json
import sys


def fail(msg):
    print("check_bench: FAIL: " + msg)
    sys.exit(1)


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
        seen.add((r["model"]["scheme"], r["model"]["layout"]))
    if len(seen) != rows:
        fail("records repeat a model: %s" % sorted(seen))
    with open(mpath) as f:
        table = [l for l in f if l.startswith("| ") and "MLUPS" not in l]
    if len(table) != rows:
        fail("%d table rows, expected %d" % (len(table), rows))
    print("check_bench: OK (%d rows)" % rows)


if __name__ == "__main__":
    main()
