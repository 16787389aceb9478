#!/usr/bin/env python3
"""The fleet job's test (.ci/run runs it): synthesizes a fleet, runs scrolltrace_fleet.py with
spark-submit in local[1] and local[2], and checks what it wrote against `scrolltrace replay` run
directly on the same traces — every row, the distributions, the worst traces and the fleet diff.
Prints the two wall times and the speed-up. Exits 1 on any mismatch.

Usage: integrations/spark/check_fleet.py [--count N]   (from the repository's root; needs
`scripts/setup`'s release build, Java 17 and pyspark: integrations/spark/run-local installs them)
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import scrolltrace_fleet as job  # noqa: E402

BASELINE, CANDIDATE = "cardfeed@1", "cardfeed@2"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"MISMATCH: {message}")


def direct_rows(binary, fleet, engine):
    """`scrolltrace replay` on the fleet folder: rows by trace path."""
    result = subprocess.run(
        [binary, "replay", fleet, "--engine", engine, "--format", "ndjson", "--keep-going"],
        capture_output=True, text=True)
    check(result.returncode == 1, f"direct replay through {engine} exits {result.returncode}, expected 1 (some traces fail)")
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return {os.path.abspath(row["trace"]): row for row in rows}


def percentile(values, p):
    """Spark's percentile_approx at full accuracy: the smallest value with at least p of the values
    at or below it."""
    ordered = sorted(values)
    return ordered[max(math.ceil(p * len(ordered)) - 1, 0)]


def run_job(binary, fleet, out, master):
    """Runs the job; its wall time and the replay stage's, as its summary states it."""
    started = time.monotonic()
    result = subprocess.run(
        ["spark-submit", "--master", master, "--conf", "spark.ui.showConsoleProgress=false",
         os.path.join(HERE, "scrolltrace_fleet.py"), "--scrolltrace", binary, "--traces", f"{fleet}/*.sctrace",
         "--engine", CANDIDATE, "--baseline-engine", BASELINE, "--out", out, "--partitions", "8"],
        check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = time.monotonic() - started
    stage = re.search(r"replay stage ([0-9.]+) s", result.stdout)
    check(stage is not None and result.stdout.startswith("# scrolltrace fleet"), f"{master}: the job printed no summary")
    return wall, float(stage.group(1)) if stage else float("nan")


def local_path(uri):
    return uri[len("file:"):] if uri.startswith("file:") else uri


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    binary = os.path.join(ROOT, ".build/release/scrolltrace")
    work = tempfile.mkdtemp(prefix="scrolltrace-fleet-")
    fleet = os.path.join(work, "fleet")
    subprocess.run([sys.executable, os.path.join(HERE, "make_fleet.py"), "--scrolltrace", binary, "--out", fleet,
                    "--count", str(args.count)], check=True)
    traces = sorted(os.path.join(fleet, name) for name in os.listdir(fleet) if name.endswith(".sctrace"))
    expected = {engine: direct_rows(binary, fleet, engine) for engine in (BASELINE, CANDIDATE)}
    catalog = job.metric_catalog(binary)

    times, stages = {}, {}
    for master in ("local[1]", "local[2]"):
        times[master], stages[master] = run_job(binary, fleet, os.path.join(work, master.replace("[", "-").replace("]", "")), master)
        print(f"{master}: {len(traces)} files through 2 engines: job {times[master]:.1f} s, replay stage {stages[master]:.1f} s")

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master("local[1]").appName("check fleet").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    for master in times:
        out = os.path.join(work, master.replace("[", "-").replace("]", ""))
        rows = [r.asDict() for r in spark.read.parquet(f"{out}/summaries.parquet").collect()]
        check(len(rows) == 2 * len(traces), f"{master}: {len(rows)} rows for {len(traces)} files × 2 engines")
        for row in rows:
            want = expected[row["engine"]].get(local_path(row["trace"]))
            if want is None:
                check(False, f"{master}: a row for {row['trace']} that the direct replay has not")
                continue
            check(row["status"] == want["status"], f"{master}: {row['trace']} {row['engine']} is {row['status']}, directly {want['status']}")
            for key, value in want.items():
                if key in ("trace", "reason"):
                    continue
                got = row.get(job.column(key))
                check(got == value, f"{master}: {row['trace']} {row['engine']} {key} = {got!r}, directly {value!r}")
            if want["status"] == "failed":
                check(os.path.basename(row["trace"]) in row["reason"] and want["reason"].split(": ", 1)[1] in row["reason"],
                      f"{master}: {row['trace']} failed with “{row['reason']}”, directly “{want['reason']}”")

        # Distributions per engine.
        distributions = {r["engine"]: r.asDict() for r in spark.read.parquet(f"{out}/distributions.parquet").collect()
                         if r["grouping"] == "engine"}
        for engine, by_trace in expected.items():
            replayed = [r for r in by_trace.values() if r["status"] == "replayed"]
            got = distributions[engine]
            check(got["traces"] == len(replayed), f"{master}: {engine} distribution over {got['traces']} traces, directly {len(replayed)}")
            for key in job.DISTRIBUTION_METRICS:
                values = [r[key] for r in replayed if r[key] is not None]
                name = job.column(key)
                check(got[f"{name}__max"] == max(values), f"{master}: {engine} {key} max")
                check(abs(got[f"{name}__mean"] - sum(values) / len(values)) < 1e-9 * max(1, abs(got[f"{name}__mean"])),
                      f"{master}: {engine} {key} mean")
                for p in job.PERCENTILES:
                    column = f"{name}__p{int(round(p * 100))}"
                    check(got[column] == percentile(values, p), f"{master}: {engine} {key} p{p}: {got[column]} vs {percentile(values, p)}")

        # The worst traces by hitch ratio.
        worst = [r.asDict() for r in spark.read.parquet(f"{out}/worst.parquet").orderBy("engine", "rank").collect()]
        for engine, by_trace in expected.items():
            replayed = [r for r in by_trace.values() if r["status"] == "replayed"]
            ranked = sorted(replayed, key=lambda r: tuple(-r[k] for k in job.WORST_ORDER) + (r["contentHash"],))[: job.WORST]
            got = [local_path(r["trace"]) for r in worst if r["engine"] == engine]
            check(got == [os.path.abspath(r["trace"]) for r in ranked], f"{master}: {engine} worst traces")

        # The fleet diff: shares of paired traces that regressed and improved, and the median change.
        diff = {r["metric"]: r.asDict() for r in spark.read.parquet(f"{out}/diff.parquet").collect()}
        base = {t: r for t, r in expected[BASELINE].items() if r["status"] == "replayed"}
        cand = {t: r for t, r in expected[CANDIDATE].items() if r["status"] == "replayed"}
        pairs = [(base[t], cand[t]) for t in base if t in cand and base[t]["contentHash"] == cand[t]["contentHash"]]
        for key, direction in catalog.items():
            both = [(b[key], c[key]) for b, c in pairs if b.get(key) is not None and c.get(key) is not None]
            got = diff[key]
            check(got["pairs"] == len(both), f"{master}: diff {key} pairs {got['pairs']} vs {len(both)}")
            if not both:
                continue
            changes = [c - b for b, c in both]
            if direction != "informational":
                worse = sum(1 for d in changes if (d > 0 if direction == "lowerIsBetter" else d < 0))
                check(abs(got["regressed"] - worse / len(both)) < 1e-12, f"{master}: diff {key} regressed share")
            check(got["medianChange"] == percentile(changes, 0.5), f"{master}: diff {key} median change")
        regressed = {k: v["regressed"] for k, v in diff.items() if v["regressed"]}
        print(f"{master}: checked {len(rows)} rows, {len(distributions)} engine distributions, the worst traces and "
              f"{len(diff)} diff metrics ({len(pairs)} pairs; regressed: "
              + (", ".join(f"{k} {v * 100:.0f} %" for k, v in sorted(regressed.items())) or "none") + ")")
    # A clean fleet (no failure, one engine) and a broken one (nothing replays) still summarise.
    clean = os.path.join(work, "clean")
    broken = os.path.join(work, "broken")
    os.makedirs(clean)
    os.makedirs(broken)
    for name in os.listdir(fleet):
        target = broken if not name.startswith("field-") else clean if name < "field-0020" else None
        if target:
            os.link(os.path.join(fleet, name), os.path.join(target, name))
    for folder, replayed, failed in ((clean, 20, 0), (broken, 0, len(traces) - args.count)):
        result = subprocess.run(
            ["spark-submit", "--master", "local[1]", os.path.join(HERE, "scrolltrace_fleet.py"), "--scrolltrace", binary,
             "--traces", f"{folder}/*.sctrace", "--engine", CANDIDATE, "--out", folder + "-out"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        row = f"| `{CANDIDATE}` | {replayed + failed} | {replayed} | 0 | {failed} |"
        check(result.returncode == 0 and row in result.stdout, f"{os.path.basename(folder)} fleet: exit {result.returncode}, no row {row}")
        if result.returncode == 0:
            rows = spark.read.parquet(f"{folder}-out/summaries.parquet").count()
            check(rows == replayed + failed, f"{os.path.basename(folder)} fleet: {rows} rows")
    # A glob that matches nothing is the submitter's mistake: one line, a failed job.
    result = subprocess.run(
        ["spark-submit", "--master", "local[1]", os.path.join(HERE, "scrolltrace_fleet.py"), "--scrolltrace", binary,
         "--traces", f"{work}/none/*.sctrace", "--engine", CANDIDATE, "--out", f"{work}/none-out"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # spark-submit's Python runner merges the job's standard error into its standard output.
    check(result.returncode != 0 and f"scrolltrace fleet: cannot list {work}/none/*.sctrace: " in result.stdout + result.stderr,
          f"an empty glob: exit {result.returncode}")
    print(f"a clean fleet (20 traces, no failure) and a broken one ({len(traces) - args.count} bad files, nothing replays) "
          "summarise; a glob that matches nothing fails in one line")
    spark.stop()

    hours = sum(r["duration_ms"] for r in expected[CANDIDATE].values() if r["status"] == "replayed") / 3.6e6
    frames = sum(r["frames"] for r in expected[CANDIDATE].values() if r["status"] == "replayed")
    print(f"fleet: {len(traces)} files, {hours:.1f} h of traces, {frames:,} frames per engine; {os.cpu_count()} cores")
    print(f"speed-up local[1] → local[2]: replay stage {stages['local[1]'] / stages['local[2]']:.2f}× "
          f"({stages['local[1]']:.1f} s → {stages['local[2]']:.1f} s), whole job {times['local[1]'] / times['local[2]']:.2f}× "
          f"({times['local[1]']:.1f} s → {times['local[2]']:.1f} s, Spark's start-up and summaries included)")
    if failures:
        print(f"check_fleet: {len(failures)} mismatches", file=sys.stderr)
        return 1
    subprocess.run(["rm", "-rf", work])
    print("check_fleet: the Spark job agrees with scrolltrace replay on every trace")
    return 0


if __name__ == "__main__":
    sys.exit(main())
