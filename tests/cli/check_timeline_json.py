#!/usr/bin/python3
"""Checks the timeline that `latticelab run --timeline` adds to a split run's --json record:
one traced step after the recorded ones (the record's counters taken before it), an update and
a halo exchange for every rank (under mpirun each lane named after its rank and its tile), spans
that end after they begin, each rank's summary recomputed from its own spans, and the worst
rank's at the top.

Usage: check_timeline_json.py FILE.json RANKS   (RANKS 0: one process)
"""
import json
import sys


def fail(msg):
    print("check_timeline_json: FAIL: " + msg)
    sys.exit(1)


UPDATES = ("update", "border", "interior")


def summary(spans):
    """What the summary of these spans (one clock) must say: the step's end, and the part of
    the exchange (every span that is not an update) past the last update."""
    updates = [s for s in spans if s["what"] in UPDATES]
    exchange = [s for s in spans if s["what"] not in UPDATES]
    if not updates or not exchange:
        fail("%d update and %d exchange spans in %s" % (len(updates), len(exchange), spans))
    updates_end = max(s["end_us"] for s in updates)
    ex_begin = min(s["begin_us"] for s in exchange)
    ex_end = max(s["end_us"] for s in exchange)
    return {"step_us": max(s["end_us"] for s in spans), "exchange_us": ex_end - ex_begin,
            "exposed_exchange_us": min(max(ex_end - updates_end, 0), ex_end - ex_begin)}


def close(a, b):
    return abs(a - b) <= 1e-3 * max(1.0, abs(b))


def main():
    r = json.load(open(sys.argv[1]))
    ranks = int(sys.argv[2])
    d = r.get("subdomains", {})
    t = d.get("timeline")
    if t is None:
        fail("no subdomains.timeline")
    if t["step"] != r["time_step"] + 1:
        fail("traced step %d, the record's last step %d" % (t["step"], r["time_step"]))
    if d["exchanges"] != r["time_step"]:
        fail("%d exchanges in the record of %d steps: counted after the traced step?"
             % (d["exchanges"], r["time_step"]))
    spans = t["spans"]
    if any(not 0 <= s["begin_us"] <= s["end_us"] for s in spans):
        fail("a span ends before it begins: %s" % spans)
    groups = {k: [s for s in spans if s["lane"].startswith("rank %d: " % k)]
              for k in range(ranks)} if ranks else {0: spans}
    if sum(len(g) for g in groups.values()) != len(spans):
        fail("spans of no rank among %d: %s" % (ranks, spans))
    if len(t["per_rank"]) != len(groups):
        fail("%d per-rank summaries for %d ranks" % (len(t["per_rank"]), len(groups)))
    for k, mine in groups.items():
        if ranks and not any(s["lane"].startswith("rank %d: tile %d" % (k, k)) for s in mine):
            fail("rank %d's lanes name no tile %d: %s" % (k, k, mine))
        want, got = summary(mine), t["per_rank"][k]
        for key, value in want.items():
            if not close(got[key], value):
                fail("rank %d: %s %g, its spans say %g" % (k, key, got[key], value))
    for key in ("step_us", "exchange_us", "exposed_exchange_us"):
        if not close(t[key], max(p[key] for p in t["per_rank"])):
            fail("%s %g is not the worst rank's" % (key, t[key]))
    print("check_timeline_json: %d spans, step %.1f us, exchange %.1f us (%.1f exposed)"
          % (len(spans), t["step_us"], t["exchange_us"], t["exposed_exchange_us"]))


main()
