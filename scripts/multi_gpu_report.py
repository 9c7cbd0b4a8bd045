#!/usr/bin/env python3
"""multi-gpu-bench's report: the scale-bench tables over GPUs (in-process peer copies) and the
mpirun runs (NCCL between ranks), each with its efficiency against one GPU of the same run.
Usage: multi_gpu_report.py OUT RUNS_DIR  (Markdown on stdout)"""
import glob
import json
import os
import re
import sys


def scale_tables(out):
    lines = []
    for path in sorted(glob.glob(os.path.join(out, "multi-*.json"))):
        r = json.load(open(path))
        lines.append("\n## In process, peer copies: %s %s %s stored as %s\n" % (
            r["model"]["stencil"], r["model"]["scheme"], r["model"]["precision"],
            r["model"].get("storage", r["model"]["precision"])))
        lines.append("- device: %s, copy bandwidth %.1f GB/s (one GPU, same run)\n" % (
            r["device"], r["copy_bandwidth_gb_per_s"]))
        lines.append("| table | GPUs | lattice | MLUPS | efficiency |\n|---|---:|---|---:|---:|")
        for row in r["rows"]:
            lines.append("| %s | %d | %s | %.0f | %.1f %% |" % (
                row["table"], len(row.get("gpus", [0])), "x".join(map(str, row["lattice"])),
                row["mlups"], 100 * row["efficiency"]))
        for h in r.get("gpu_halo", []):
            lines.append("\n- halo between GPUs %s by %s: %.2f MB/step in %.1f us (%.1f GB/s, "
                         "%.1f GB/s a GPU), %.1f us after the updates" % (
                             h["gpus"], h["transport"], h["halo_bytes_per_step"] / 1e6,
                             h["exchange_us"], h["bandwidth_bytes_per_s"] / 1e9,
                             h.get("per_gpu_bandwidth_bytes_per_s", 0) / 1e9,
                             h["exposed_exchange_us"]))
        model = r.get("gpu_communication_model", {})
        if model.get("rows"):
            lines.append("\n%s, one GPU's halo bandwidth %.1f GB/s:\n" % (
                model["equations"], model["per_gpu_halo_bandwidth_bytes_per_s"] / 1e9))
            lines.append("| GPUs | T_P us | T_C us | border share | Eq. 16 | Eq. 19 | measured |")
            lines.append("|---:|---:|---:|---:|---:|---:|---:|")
            for m in model["rows"]:
                lines.append("| %d | %.1f | %.1f | %.2f %% | %.1f %% | %.1f %% | %.1f %% |" % (
                    m["gpus"], 1e6 * m["t_p_seconds"], 1e6 * m["t_c_seconds"],
                    100 * m["border_share"], 100 * m["eq16_efficiency"],
                    100 * m["eq19_efficiency"], 100 * m["measured_efficiency"]))
        md = path[:-len(".json")] + ".md"
        if os.path.exists(md) and "## Timeline" in open(md).read():
            lines.append("\n#" + open(md).read().split("## Timeline", 1)[1].join(["# Timeline", ""]))
    return lines


def mpi_tables(runs):
    found = {}
    for path in glob.glob(os.path.join(runs, "*.json")):
        m = re.match(r"(weak|strong)-(\d+)\.json", os.path.basename(path))
        if m:
            found[(m.group(1), int(m.group(2)))] = json.load(open(path))
    lines = ["\n## MPI ranks, one GPU each: cavity3d D3Q19 FP32 A-A BGK\n",
             "Halo GB/s: a rank's halo bytes over its exchange time (NCCL: from the exchange's "
             "CUDA events), the slowest rank.\n",
             "| table | ranks | lattice | MLUPS | efficiency | halo by | exchange GPU s | halo GB/s |",
             "|---|---:|---|---:|---:|---|---:|---:|"]
    for kind in ("weak", "strong"):
        one = found.get((kind, 1), {}).get("mlups", 0)
        for n in sorted(k[1] for k in found if k[0] == kind):
            r = found[(kind, n)]
            sub = r.get("subdomains", {})
            ranks = sub.get("per_rank", [])
            exchanges = sub.get("exchanges", 0)
            rates = [p.get("halo_bytes_sent_per_step", 0) * exchanges / p["exchange_seconds"]
                     for p in ranks if exchanges and p.get("exchange_seconds", 0) > 0]
            lines.append("| %s | %d | %s | %.0f | %.1f %% | %s | %.3g | %s |" % (
                kind, n, "%(nx)dx%(ny)dx%(nz)d" % r["lattice"], r["mlups"],
                100 * r["mlups"] / (n * one) if one else 0, sub.get("transport", "one domain"),
                max((p.get("exchange_seconds", 0) for p in ranks), default=0),
                "%.1f" % (min(rates) / 1e9) if rates else "-"))
    for kind in ("weak", "strong"):
        for n in sorted(k[1] for k in found if k[0] == kind):
            lines += traced_step(found[(kind, n)], "%s, %d ranks" % (kind, n))
    return lines


def traced_step(run, name):
    """The step that `run --timeline` traced after the measured ones: every rank's spans."""
    t = run.get("subdomains", {}).get("timeline")
    if not t:
        return []
    lines = ["\n### The traced step (run --timeline), %s: step %.1f us, exchange %.1f us, "
             "%.1f us of it after the last update\n" % (name, t["step_us"], t["exchange_us"],
                                                       t["exposed_exchange_us"]),
             "Each rank's clock starts at its own first mark; the heading's figures are the "
             "worst rank's, each from its own spans.\n",
             "| lane | what | begin us | end us |", "|---|---|---:|---:|"]
    for sp in t["spans"]:
        lines.append("| %s | %s | %.1f | %.1f |" % (sp["lane"], sp["what"], sp["begin_us"],
                                                    sp["end_us"]))
    return lines


def d2q37_table(runs):
    rows = []
    for path in sorted(glob.glob(os.path.join(runs, "d2q37-*.json"))):
        r = json.load(open(path))
        sub = r.get("subdomains", {})
        rows.append((sub.get("tiles", "1x1x1"), len(sub.get("devices", [0])), r))
    if not rows:
        return []
    one = next((r["mlups"] for t, g, r in rows if t == "1x1x1"), 0)
    lines = ["\n## D2Q37 Rayleigh-Taylor (rt2d, FP64), in process\n",
             "| tiles | GPUs | lattice | MLUPS | efficiency | halo by |",
             "|---|---:|---|---:|---:|---|"]
    for tiles, n, r in rows:
        lines.append("| %s | %d | %dx%d | %.0f | %.1f %% | %s |" % (
            tiles, n, r["lattice"]["nx"], r["lattice"]["ny"], r["mlups"],
            100 * r["mlups"] / (n * one) if one else 0,
            r.get("subdomains", {}).get("transport", "one domain")))
    return lines


def render_table(out):
    path = os.path.join(out, "render-multi.md")
    if not os.path.exists(path):
        return []
    return ["\n## The visualiser's solver thread on every GPU (render-bench)\n",
            open(path).read()]


def main():
    out, runs = sys.argv[1], sys.argv[2]
    print("# Multi-GPU scaling (issue 13)")
    print("\nEfficiency: MLUPS on N GPUs / (N x MLUPS on one GPU), measured in the same run.")
    for line in scale_tables(out) + mpi_tables(runs) + d2q37_table(runs) + render_table(out):
        print(line)


if __name__ == "__main__":
    main()
