#!/usr/bin/python3
"""Checks the `subdomains` part of a split run's --json record: the tiling, halo bytes moved
every step, and (over MPI ranks) one entry per rank whose nodes add up to the lattice.

Usage: check_subdomains_json.py FILE.json TILES RANKS   (RANKS 0: one process)
"""
import json
import sys


def fail(msg):
    print("check_subdomains_json: FAIL: " + msg)
    sys.exit(1)


def main():
    r = json.load(open(sys.argv[1]))
    tiles, ranks = sys.argv[2], int(sys.argv[3])
    d = r.get("subdomains")
    if d is None:
        fail("no subdomains record")
    if d["tiles"] != tiles:
        fail("tiles %s, expected %s" % (d["tiles"], tiles))
    if not d["halo_bytes_per_step"] > 0 or d["exchanges"] < r["steps"]:
        fail("halo traffic %s over %d steps" % (d, r["steps"]))
    if ranks:
        per = d.get("per_rank", [])
        if len(per) != ranks or d["ranks"] != ranks:
            fail("%d per-rank entries, expected %d" % (len(per), ranks))
        if sum(p["nodes"] for p in per) != r["lattice"]["nodes"]:
            fail("ranks hold %g nodes, the lattice %d" % (sum(p["nodes"] for p in per),
                                                          r["lattice"]["nodes"]))
        if any(not p["mlups"] > 0 for p in per):
            fail("per-rank MLUPS %s" % per)
    print("check_subdomains_json: %s, %g halo bytes per step" % (tiles, d["halo_bytes_per_step"]))


main()
