#!/usr/bin/python3
"""Checks what `latticelab lab` wrote: for each STUDY, DIR/STUDY.csv, .json, .md and its PNG plots
(valid, not blank: check_png.py), a header with device, date, commit and a copy bandwidth, the
CSV's columns and rows matching the JSON's, and the Markdown naming the paper.

Usage: check_lab.py CHECK_PNG DIR STUDY...
"""
import csv
import json
import os
import subprocess
import sys


def fail(msg):
    print("check_lab: FAIL: " + msg)
    sys.exit(1)


def main():
    check_png, folder, studies = sys.argv[1], sys.argv[2], sys.argv[3:]
    for study in studies:
        base = os.path.join(folder, study)
        for ext in (".csv", ".json", ".md"):
            if not os.path.isfile(base + ext):
                fail("%s%s is missing" % (base, ext))
        record = json.load(open(base + ".json"))
        header = record["header"]
        for key in ("device", "date", "commit", "copy_bandwidth_gb_per_s"):
            if key not in header:
                fail("%s.json: header has no %s" % (study, key))
        if not header["copy_bandwidth_gb_per_s"] > 0:
            fail("%s.json: copy bandwidth %r" % (study, header["copy_bandwidth_gb_per_s"]))
        rows = list(csv.reader(open(base + ".csv")))
        if rows[0] != record["columns"]:
            fail("%s.csv: columns %r differ from the JSON's %r" % (study, rows[0], record["columns"]))
        if len(rows) - 1 != len(record["rows"]) or len(rows) < 2:
            fail("%s.csv: %d rows, the JSON has %d" % (study, len(rows) - 1, len(record["rows"])))
        md = open(base + ".md").read()
        if record["paper"] not in md or header["commit"] not in md:
            fail("%s.md: does not name the paper and the commit" % study)
        if not record.get("plots"):
            fail("%s.json: no plots" % study)
        for png in record["plots"]:
            path = os.path.join(folder, png)
            if png not in md:
                fail("%s.md does not show %s" % (study, png))
            r = subprocess.run([sys.executable, check_png, path, "960", "600", "plot"])
            if r.returncode != 0:
                fail("%s: %s is not a valid plot" % (study, png))
        index = open(os.path.join(folder, "index.md")).read()
        if "](%s.md)" % study not in index:
            fail("index.md does not link %s.md" % study)
        print("check_lab: %s OK (%d rows, %d plots)" % (study, len(rows) - 1, len(record["plots"])))


if __name__ == "__main__":
    main()
