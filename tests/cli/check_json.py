#!/usr/bin/python3
"""Checks a `latticelab run --json` performance record.

Usage: check_json.py FILE NX NY NZ STEPS BYTES_PER_NODE_UPDATE [KEY=VALUE ...]
KEY=VALUE pairs are checked against the record's resolved scenario keys.
"""
import json
import sys


def fail(msg):
    print("check_json: FAIL: " + msg)
    sys.exit(1)


def main():
    path = sys.argv[1]
    nx, ny, nz, steps = (int(v) for v in sys.argv[2:6])
    bpn = float(sys.argv[6])
    with open(path) as f:
        r = json.load(f)
    for key in ("mlups", "bytes_per_s", "gb_per_s", "copy_bandwidth_bytes_per_s",
                "fraction_of_copy_bandwidth", "bytes_per_node_update", "device", "backend",
                "backend_note", "launch", "launch_report", "model", "lattice", "steps",
                "seconds"):
        if key not in r:
            fail("missing " + key)
    lat = r["lattice"]
    if (lat["nx"], lat["ny"], lat["nz"], lat["nodes"]) != (nx, ny, nz, nx * ny * nz):
        fail("lattice %s, expected %d x %d x %d" % (lat, nx, ny, nz))
    # Updated nodes exclude solid ones; the bulk kernel's exclude those next to a wall too.
    if not 0 < lat.get("bulk_nodes", -1) <= lat.get("updated_nodes", -1) <= lat["nodes"]:
        fail("lattice %s: want 0 < bulk_nodes <= updated_nodes <= nodes" % lat)
    if r["steps"] != steps or r["time_step"] != steps:
        fail("steps %s / time_step %s, expected %d" % (r["steps"], r["time_step"], steps))
    if r["bytes_per_node_update"] != bpn:
        fail("bytes_per_node_update %s, expected %s" % (r["bytes_per_node_update"], bpn))
    if not (r["seconds"] > 0 and r["mlups"] > 0 and r["copy_bandwidth_bytes_per_s"] > 0):
        fail("non-positive timing")
    # The record's figures must follow the formulas of the performance accounting.
    mlups = nx * ny * nz * steps / r["seconds"] / 1e6
    if abs(r["mlups"] - mlups) > 1e-6 * mlups:
        fail("mlups %g, expected nodes * steps / seconds / 1e6 = %g" % (r["mlups"], mlups))
    if abs(r["bytes_per_s"] - r["mlups"] * 1e6 * bpn) > 1e-6 * r["bytes_per_s"]:
        fail("bytes_per_s does not equal mlups * 1e6 * bytes_per_node_update")
    ratio = r["bytes_per_s"] / r["copy_bandwidth_bytes_per_s"]
    if abs(r["fraction_of_copy_bandwidth"] - ratio) > 1e-9 + 1e-6 * ratio:
        fail("fraction_of_copy_bandwidth does not equal bytes_per_s / copy bandwidth")
    if r["backend"] not in ("cpu", "cuda") or not r["backend_note"]:
        fail("backend/backend_note missing")
    for pair in sys.argv[7:]:
        k, v = pair.split("=", 1)
        if r["keys"].get(k) != v:
            fail("key %s = %r, expected %r" % (k, r["keys"].get(k), v))
    print("check_json: OK (%.2f MLUPS, %s)" % (r["mlups"], r["backend_note"]))


if __name__ == "__main__":
    main()
