#!/usr/bin/env python3
"""scrolltrace on Apache Spark: a fleet of trace files replayed on the executors and summarised.

    spark-submit [--master URL] scrolltrace_fleet.py --scrolltrace BIN --traces GLOB --engine E \\
        [--baseline-engine B] --out DIR [--partitions N] [--recover] [--max-frames N] [--max-items N]

Every path Spark reads works for --traces and --out: local folders, hdfs://, s3a:// with the
cluster's own Hadoop settings. The job

1. ships the scrolltrace binary to the executors (SparkContext.addFile, as `--files` does; an
   executor finds it with SparkFiles.get);
2. reads the traces as (path, bytes) with binaryFiles, writes each partition's traces to a local
   scratch folder and runs `scrolltrace replay FOLDER --engine E --format ndjson --keep-going` on it
   (once per engine), so one process replays a whole partition;
3. turns the rows (docs/fleet.md: one flat JSON object per trace) into a DataFrame — a damaged or
   foreign file is a row with status "failed" and its error, never a failed job;
4. writes Parquet (summaries, distributions, worst traces and, with two engines, the fleet diff)
   and a markdown summary to DIR, and prints the summary.

The binary must run on the executors: build it on (or for) their platform, with
`swift build -c release --static-swift-stdlib` when they have no Swift runtime (libzstd is the one
shared library it then needs).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

# The summary stream this job reads (Report.summarySchema in the tool; docs/fleet.md).
SUMMARY_SCHEMA = "scrolltrace-trace-summary"
SUMMARY_SCHEMA_VERSION = 1
# The metrics whose distributions the summary shows: hitch ratio, jumps, glitches, views created.
DISTRIBUTION_METRICS = [
    "frameCost.hitchTimeRatio",
    "offsetJumps.count",
    "boundaryGlitches.count",
    "work.viewsCreated",
]
PERCENTILES = [0.5, 0.9, 0.99]
WORST = 10
# The worst traces: by hitch ratio, then jumps, glitches and views created (ties by content hash).
WORST_ORDER = ["frameCost.hitchTimeRatio", "offsetJumps.count", "boundaryGlitches.count", "work.viewsCreated"]


def column(key):
    """A summary key as a column name: dots become underscores (`frameCost_hitchTimeRatio`)."""
    return key.replace(".", "_")


def run_replay(binary, folder, engine, options):
    """Replays every trace in `folder` through `engine`: (rows, None), or (None, error line) when
    the tool refused the run as a whole (exit 2: every trace failed alone, or a bad option)."""
    out = os.path.join(folder, f"rows-{engine.replace('@', '-')}.ndjson")
    result = subprocess.run(
        [binary, "replay", folder, "--engine", engine, "--format", "ndjson", "--keep-going", "-o", out] + options,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode in (0, 1) and os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        os.remove(out)
        return rows, None
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    return None, (lines[-1] if lines else f"scrolltrace exited {result.returncode}")


def replay_partition(records, binary_name, engines, options):
    """The executors' work: one partition's (path, bytes) records through every engine."""
    from pyspark import SparkFiles

    binary = SparkFiles.get(binary_name)
    if not os.access(binary, os.X_OK):
        os.chmod(binary, 0o755)
    with tempfile.TemporaryDirectory(prefix="scrolltrace-") as scratch:
        origin = {}
        for number, (path, data) in enumerate(records):
            local = os.path.join(scratch, f"{number:07d}.sctrace")
            with open(local, "wb") as f:
                f.write(data)
            origin[local] = path
        if not origin:
            return
        for engine in engines:
            rows, refused = run_replay(binary, scratch, engine, options)
            if rows is None:
                # The tool refused the partition as a whole; replay one by one, so a file it
                # refuses alone becomes its own failed row.
                rows = []
                for local in sorted(origin):
                    single = tempfile.mkdtemp(dir=scratch)
                    os.link(local, os.path.join(single, os.path.basename(local)))
                    one, error = run_replay(binary, single, engine, options)
                    shutil.rmtree(single)
                    if one is None:
                        one = [{"schema": SUMMARY_SCHEMA, "schemaVersion": SUMMARY_SCHEMA_VERSION, "status": "failed",
                                "trace": local, "engine": engine, "reason": error}]
                    for row in one:
                        row["trace"] = local
                    rows += one
            for row in rows:
                local = row.get("trace", "")
                local = local if local in origin else os.path.join(scratch, os.path.basename(local))
                row["trace"] = origin.get(local, row.get("trace"))
                reason = row.get("reason")
                if reason:
                    row["reason"] = reason.replace(local, row["trace"])
                yield json.dumps(row, sort_keys=True)


def metric_catalog(binary):
    """The tool's metric catalog: key → direction (`lowerIsBetter`, `higherIsBetter`,
    `informational`), from `scrolltrace metrics --json`; host timings left out."""
    out = subprocess.run([binary, "metrics", "--json"], check=True, capture_output=True, text=True).stdout
    catalog = {}
    for line in out.splitlines():
        metric = json.loads(line)
        if not metric["hostTiming"]:
            catalog[metric["key"]] = metric["direction"]
    return catalog


def fmt(value, digits=2):
    """A number for the markdown summary; – when there is none."""
    if value is None:
        return "–"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.{digits}f}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scrolltrace", required=True, help="the scrolltrace binary on the driver (shipped to the executors)")
    parser.add_argument("--traces", required=True, help="a glob of trace files Spark can read (local, hdfs://, s3a://)")
    parser.add_argument("--engine", required=True, help="the engine to replay (the candidate when --baseline-engine is given)")
    parser.add_argument("--baseline-engine", help="a second engine: the fleet diff compares --engine against it")
    parser.add_argument("--out", required=True, help="the output folder (Parquet and summary.md)")
    parser.add_argument("--partitions", type=int, default=0, help="partitions of the trace list (default: Spark's parallelism × 4)")
    parser.add_argument("--recover", action="store_true", help="read damaged traces with --recover (their intact chunks replay)")
    parser.add_argument("--max-frames", type=int, help="scrolltrace's --max-frames for very long traces")
    parser.add_argument("--max-items", type=int, help="scrolltrace's --max-items for scenes that show very many items a frame")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession, functions as F

    spark = SparkSession.builder.appName("scrolltrace fleet").getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    started = time.monotonic()

    binary = os.path.abspath(args.scrolltrace)
    catalog = metric_catalog(binary)
    sc.addFile(binary)
    binary_name = os.path.basename(binary)
    engines = [args.engine] + ([args.baseline_engine] if args.baseline_engine else [])
    options = (["--recover"] if args.recover else []) + (["--max-frames", str(args.max_frames)] if args.max_frames else []) + (
        ["--max-items", str(args.max_items)] if args.max_items else [])

    partitions = args.partitions or sc.defaultParallelism * 4
    files = sc.binaryFiles(args.traces, minPartitions=partitions)
    try:
        pieces = files.getNumPartitions()
    except Exception as error:  # Hadoop's "Input path does not match", a missing bucket…
        java = getattr(error, "java_exception", None)
        message = (java.getMessage() if java is not None else None) or str(error).strip().splitlines()[0]
        raise SystemExit(f"scrolltrace fleet: cannot list {args.traces}: {message}")
    # binaryFiles packs files by size, so a fleet of small traces can land in one partition, though
    # a trace of a few kilobytes is minutes of replay: spread them over the partitions asked for.
    if pieces < partitions:
        files = files.repartition(partitions)
    rows = files.mapPartitions(lambda records: replay_partition(records, binary_name, engines, options)).cache()
    # Reading the rows' schema runs the replays (and caches the rows): the replay stage.
    replay_started = time.monotonic()
    raw = spark.read.json(rows)
    replay_seconds = time.monotonic() - replay_started
    summaries = raw.toDF(*[column(c) for c in raw.columns])
    versions = {r[0] for r in summaries.select("schemaVersion").distinct().collect()}
    if versions - {SUMMARY_SCHEMA_VERSION}:
        raise SystemExit(f"scrolltrace wrote summary schema version(s) {sorted(versions)}; this job reads {SUMMARY_SCHEMA_VERSION}")
    # A clean fleet has no `reason`, a broken one no metrics: every column the summary reads exists.
    expected = {"reason": "string", "contentHash": "string", "duration_ms": "double"}
    expected.update({column(key): "double" for key in catalog})
    for name, kind in expected.items():
        if name not in summaries.columns:
            summaries = summaries.withColumn(name, F.lit(None).cast(kind))
    summaries = summaries.cache()

    out = args.out.rstrip("/")
    summaries.write.mode("overwrite").partitionBy("engine").parquet(f"{out}/summaries.parquet")

    replayed = summaries.filter(F.col("status") == "replayed")
    group_keys = [c for c in ["device_name", "metadata_appVersion"] if c in summaries.columns]
    lines = [f"# scrolltrace fleet: {', '.join(f'`{e}`' for e in engines)}", ""]

    counts = {(r["engine"], r["status"]): r["count"] for r in summaries.groupBy("engine", "status").count().collect()}
    lines += ["| engine | traces | replayed | skipped | failed |", "|---|--:|--:|--:|--:|"]
    for engine in engines:
        c = {s: counts.get((engine, s), 0) for s in ("replayed", "skipped", "failed")}
        lines.append(f"| `{engine}` | {sum(c.values())} | {c['replayed']} | {c['skipped']} | {c['failed']} |")

    # Distributions per engine, then per engine and device, and per engine and app version.
    distribution_frames = []
    for by in [[]] + [[key] for key in group_keys]:
        aggregates = [F.count(F.lit(1)).alias("traces")]
        for key in DISTRIBUTION_METRICS:
            name = column(key)
            if name not in summaries.columns:
                continue
            aggregates += [F.mean(name).alias(f"{name}__mean"), F.max(name).alias(f"{name}__max")]
            aggregates += [
                F.percentile_approx(name, p, 1_000_000).alias(f"{name}__p{int(round(p * 100))}") for p in PERCENTILES
            ]
        table = replayed.groupBy("engine", *by).agg(*aggregates).orderBy("engine", *by)
        grouping = "engine" + "".join(f", {b}" for b in by)
        distribution_frames.append(table.withColumn("grouping", F.lit(grouping)))
        lines += ["", f"## Distributions by {grouping.replace('_', ' ')}", ""]
        header = ["engine"] + by + ["traces"] + [f"{k} p50 / p90 / p99 / max" for k in DISTRIBUTION_METRICS]
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for r in table.collect():
            cells = [f"`{r['engine']}`"] + [str(r[b]) for b in by] + [str(r["traces"])]
            for key in DISTRIBUTION_METRICS:
                name = column(key)
                cells.append(" / ".join(fmt(r[f"{name}__{s}"]) for s in ("p50", "p90", "p99", "max")))
            lines.append("| " + " | ".join(cells) + " |")
    distributions = distribution_frames[0]
    for frame in distribution_frames[1:]:
        distributions = distributions.unionByName(frame, allowMissingColumns=True)
    distributions.write.mode("overwrite").parquet(f"{out}/distributions.parquet")

    # The worst traces per engine.
    from pyspark.sql.window import Window

    order = [F.desc_nulls_last(column(key)) for key in WORST_ORDER] + [F.asc("contentHash")]
    worst_columns = ["engine", "trace", "contentHash"] + [column(key) for key in WORST_ORDER] + group_keys
    ranked = replayed.select(*worst_columns).withColumn("rank", F.row_number().over(Window.partitionBy("engine").orderBy(*order)))
    worst = ranked.filter(F.col("rank") <= WORST).orderBy("engine", "rank")
    worst.write.mode("overwrite").parquet(f"{out}/worst.parquet")
    lines += ["", f"## The {WORST} worst traces (by hitch ratio, then jumps, glitches and views created)", "",
              "| engine | rank | hitch ratio (ms/s) | jumps | glitches | views created | content hash | trace |",
              "|---|--:|--:|--:|--:|--:|---|---|"]
    for r in worst.collect():
        cells = " | ".join(fmt(r[column(key)]) for key in WORST_ORDER)
        lines.append(f"| `{r['engine']}` | {r['rank']} | {cells} | `{r['contentHash']}` | `{r['trace']}` |")

    failed = summaries.filter(F.col("status") == "failed").select("engine", "trace", "reason").orderBy("engine", "trace")
    failures = failed.collect()
    if failures:
        lines += ["", f"## Traces that could not be replayed ({len(failures)})", ""]
        for r in failures[:50]:
            lines.append(f"- `{r['engine']}` `{r['trace']}`: {r['reason']}")
        if len(failures) > 50:
            lines.append(f"- … and {len(failures) - 50} more (summaries.parquet, status = failed)")

    if args.baseline_engine:
        base = replayed.filter(F.col("engine") == args.baseline_engine).alias("b")
        cand = replayed.filter(F.col("engine") == args.engine).alias("c")
        paired = base.join(cand, on=["trace", "contentHash"], how="inner")
        rows_out = []
        aggregates = [F.count(F.lit(1)).alias("pairs")]
        keys = [k for k in catalog if column(k) in summaries.columns]
        for key in keys:
            name = column(key)
            b, c = F.col(f"b.{name}"), F.col(f"c.{name}")
            change = c - b
            worse = change > 0 if catalog[key] == "lowerIsBetter" else change < 0
            better = change < 0 if catalog[key] == "lowerIsBetter" else change > 0
            both = b.isNotNull() & c.isNotNull()
            aggregates += [
                F.sum(F.when(both, 1).otherwise(0)).alias(f"{name}__n"),
                F.sum(F.when(both & worse, 1).otherwise(0)).alias(f"{name}__worse"),
                F.sum(F.when(both & better, 1).otherwise(0)).alias(f"{name}__better"),
                F.percentile_approx(F.when(both, change), 0.5, 1_000_000).alias(f"{name}__median"),
                F.mean(F.when(both, change)).alias(f"{name}__mean"),
            ]
        result = paired.agg(*aggregates).collect()[0]
        for key in keys:
            name = column(key)
            n = result[f"{name}__n"] or 0
            informational = catalog[key] == "informational"
            rows_out.append({
                "metric": key,
                "direction": catalog[key],
                "pairs": n,
                "regressed": None if informational else (result[f"{name}__worse"] / n if n else None),
                "improved": None if informational else (result[f"{name}__better"] / n if n else None),
                "medianChange": None if result[f"{name}__median"] is None else float(result[f"{name}__median"]),
                "meanChange": None if result[f"{name}__mean"] is None else float(result[f"{name}__mean"]),
            })
        diff = spark.createDataFrame(
            rows_out, "metric string, direction string, pairs long, regressed double, improved double, medianChange double, meanChange double")
        diff.write.mode("overwrite").parquet(f"{out}/diff.parquet")
        lines += ["", f"## Fleet diff: `{args.baseline_engine}` → `{args.engine}` ({result['pairs']} traces paired by path and content hash)", "",
                  "| metric | direction | regressed | improved | median change | mean change |", "|---|---|--:|--:|--:|--:|"]
        for r in rows_out:
            share = lambda v: "–" if v is None else f"{v * 100:.1f} %"
            lines.append(f"| `{r['metric']}` | {r['direction']} | {share(r['regressed'])} | {share(r['improved'])} | "
                         f"{fmt(r['medianChange'], 3)} | {fmt(r['meanChange'], 3)} |")

    elapsed = time.monotonic() - started
    lines += ["", f"On {sc.master}: replay stage {replay_seconds:.1f} s, whole job {elapsed:.1f} s "
              f"({partitions} partitions; host time, varies between runs and machines)."]
    summary = "\n".join(lines) + "\n"
    # The markdown goes beside the Parquet, through Hadoop's file system so hdfs:// and s3a:// work.
    jvm = sc._jvm
    path = jvm.org.apache.hadoop.fs.Path(f"{out}/summary.md")
    fs = path.getFileSystem(sc._jsc.hadoopConfiguration())
    stream = fs.create(path, True)
    stream.write(bytearray(summary.encode("utf-8")))
    stream.close()
    print(summary, end="")
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
