"""Checks scripts/targets' output (--cpu-only --quick): one judged row per CPU stencil, each
with a positive figure, its threshold, and the copy bandwidth measured in the same run; the
Markdown table names both.
    python3 check_targets.py targets.json targets.md"""
import json
import math
import sys

data = json.load(open(sys.argv[1]))
md = open(sys.argv[2]).read()
names = sorted(t["target"] for t in data["targets"])
if names != ["cpu d2q9", "cpu d3q19"]:
    sys.exit(f"targets: expected the two CPU targets, got {names}")
for t in data["targets"]:
    if not (math.isfinite(t["value"]) and t["value"] > 0 and t["copy_gb_per_s"] > 0):
        sys.exit(f"targets: {t['target']}: figure {t['value']} or copy {t['copy_gb_per_s']} not positive")
    if t["threshold"] != 50 or t["met"] != (t["value"] >= 50):
        sys.exit(f"targets: {t['target']}: threshold {t['threshold']}, met {t['met']} disagree")
    if t["what"] not in md:
        sys.exit(f"targets: the Markdown lacks the row '{t['what']}'")
print("targets: OK", [(t["target"], round(t["value"], 1)) for t in data["targets"]])
