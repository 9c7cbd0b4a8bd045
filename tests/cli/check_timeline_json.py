#!/usr/bin/python3
"""Checks the timeline that `latticelab run --timeline` adds to a split run's --json record:
one traced step after the recorded ones, an update and a halo exchange for every subdomain
(every rank's, under mpirun, each lane named after its rank), spans that end after they begin,
and a summary consistent with them (the exchange past the last update is part of the exchange).

Usage: check_timeline_json.py FILE.json RANKS   (RANKS 0: one process)
"""
import json
import sys


def fail(msg):
    print("check_timeline_json: FAIL: " + msg)
    sys.exit(1)


def main():
    r = json.load(open(sys.argv[1]))
    ranks = int(sys.argv[2])
    t = r.get("subdomains", {}).get("timeline")
    if t is None:
        fail("no subdomains.timeline")
    if t["step"] != r["time_step"] + 1:
        fail("traced step %d, the record's last step %d" % (t["step"], r["time_step"]))
    spans = t["spans"]
    if any(not 0 <= s["begin_us"] <= s["end_us"] for s in spans):
        fail("a span ends before it begins: %s" % spans)
    updates = [s for s in spans if s["what"] in ("update", "border", "interior")]
    exchanges = [s for s in spans if s not in updates]
    if not updates or not exchanges:
        fail("%d update and %d exchange spans" % (len(updates), len(exchanges)))
    for k in range(ranks):
        mine = [s for s in spans if s["lane"].startswith("rank %d: " % k)]
        if not any(s in updates for s in mine) or not any(s in exchanges for s in mine):
            fail("rank %d has no update or no exchange span: %s" % (k, mine))
    if not ranks and any(s["lane"].startswith("rank") for s in spans):
        fail("rank lanes in one process")
    if not t["step_us"] >= max(s["end_us"] for s in spans) - 1e-6:
        fail("step_us %g before the last span's end" % t["step_us"])
    if not 0 <= t["exposed_exchange_us"] <= t["exchange_us"] + 1e-6:
        fail("exposed %g of an exchange of %g us" % (t["exposed_exchange_us"], t["exchange_us"]))
    print("check_timeline_json: %d spans, step %.1f us, exchange %.1f us (%.1f exposed)"
          % (len(spans), t["step_us"], t["exchange_us"], t["exposed_exchange_us"]))


main()
