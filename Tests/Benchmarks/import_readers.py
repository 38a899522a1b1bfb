#!/usr/bin/env python3
"""Readers during a large import: how long the import's commit holds readers off, how long
`calpager show` and `calpager list` take meanwhile, and whether any of them fails.

    python3 Tests/Benchmarks/import_readers.py --binary .build/release/calpager
    python3 Tests/Benchmarks/import_readers.py --binary B --count 100000 --runs 3

Each run imports the benchmark's notes (bench.py's generate(): 10^6 notes of 8-20 words,
219 MB of JSON Lines, cached in .build/bench) into a database holding one note, under
/usr/bin/time -v (elapsed time, peak RSS), while

- two reader loops run `calpager show` and `calpager list 2024-05` one after another, each
  timed from its start to its exit, its exit status and stderr recorded;
- a probe (Python's sqlite3, busy timeout 0) reads the notes table every millisecond: it is
  refused only while the writer holds the pending or exclusive lock, that is while it
  commits (or, had it spilled its cache, from the spill on). The longest refused stretch is
  the commit's duration as a reader meets it.

It prints one line per run and a summary: the import's time, notes/s and peak RSS, the
longest stretch readers were locked out, the readers' median, p99 and maximum latency, and
how many failed. Figures only: nothing here fails on a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (the benchmark's data generator, shared)


def remove_database(path: str) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def one_run(binary: str, jsonl: str, work: str, busy_ms: str | None) -> dict:
    database = os.path.join(work, "readers.db")
    remove_database(database)
    environment = {**os.environ, "TZ": "UTC"}
    if busy_ms is not None:
        environment["CALPAGER_BUSY_TIMEOUT_MS"] = busy_ms
    subprocess.run([binary, "--db", database, "add", "--day", "2024-05-01", "Before the import"],
                   check=True, stdout=subprocess.DEVNULL, env=environment)
    stop = threading.Event()
    readers: list[tuple[str, float, int, str]] = []  # (command, seconds, status, stderr)
    locked: list[float] = []  # the probe's refused stretches, in seconds

    def reader(arguments: list[str]) -> None:
        while not stop.is_set():
            start = time.monotonic()
            result = subprocess.run([binary, "--db", database, *arguments], env=environment,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            readers.append((arguments[0], time.monotonic() - start, result.returncode,
                            result.stderr.strip()))

    def probe() -> None:
        connection = sqlite3.connect(database, timeout=0, isolation_level=None)
        since: float | None = None
        while not stop.is_set():
            try:
                connection.execute("SELECT count(*) FROM notes WHERE day = 19844").fetchone()
                if since is not None:
                    locked.append(time.monotonic() - since)
                    since = None
            except sqlite3.OperationalError:
                since = since if since is not None else time.monotonic()
            time.sleep(0.001)
        if since is not None:
            locked.append(time.monotonic() - since)
        connection.close()

    threads = [threading.Thread(target=reader, args=(["show"],)),
               threading.Thread(target=reader, args=(["list", "2024-05"],)),
               threading.Thread(target=probe)]
    for thread in threads:
        thread.start()
    start = time.monotonic()
    imported = subprocess.run(["/usr/bin/time", "-v", binary, "--db", database, "import", jsonl],
                              env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    seconds = time.monotonic() - start
    # Readers that started before the end, finished: their figures count.
    time.sleep(0.2)
    stop.set()
    for thread in threads:
        thread.join()
    if imported.returncode != 0:
        sys.exit(f"import_readers: the import failed: {imported.stderr.strip()[-500:]}")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", imported.stderr)
    latencies = [seconds for _, seconds, _, _ in readers]
    failures = [(command, error) for command, _, status, error in readers if status != 0]
    return {"seconds": seconds, "rss_mb": int(rss.group(1)) / 1024 if rss else 0.0,
            "locked_max": max(locked, default=0.0), "locked_total": sum(locked),
            "readers": len(readers), "median": statistics.median(latencies) if latencies else 0,
            "p99": percentile(latencies, 0.99), "max": max(latencies, default=0.0),
            "failures": failures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the calpager to measure (a release build)")
    parser.add_argument("--count", type=int, default=1_000_000, help="notes imported")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--busy-timeout-ms", default=None,
                        help="CALPAGER_BUSY_TIMEOUT_MS for the readers and the import (default: calpager's)")
    options = parser.parse_args()
    jsonl = bench.generate(options.count)
    work = tempfile.mkdtemp(prefix="calpager-import-readers-")
    results = []
    for index in range(options.runs):
        result = one_run(os.path.abspath(options.binary), jsonl, work, options.busy_timeout_ms)
        results.append(result)
        print(f"run {index + 1}: import {result['seconds']:.1f} s "
              f"({options.count / result['seconds']:,.0f} notes/s), peak RSS {result['rss_mb']:.0f} MB; "
              f"readers locked out at most {result['locked_max'] * 1000:.0f} ms "
              f"({result['locked_total'] * 1000:.0f} ms in all); {result['readers']} readers: "
              f"median {result['median'] * 1000:.0f} ms, p99 {result['p99'] * 1000:.0f} ms, "
              f"max {result['max'] * 1000:.0f} ms, {len(result['failures'])} failed", flush=True)
        for command, error in result["failures"][:5]:
            print(f"    {command}: {error}")
    if options.runs > 1:
        print(f"median of {options.runs}: import "
              f"{statistics.median(r['seconds'] for r in results):.1f} s, locked out at most "
              f"{statistics.median(r['locked_max'] for r in results) * 1000:.0f} ms, reader max "
              f"{statistics.median(r['max'] for r in results) * 1000:.0f} ms, failures "
              f"{sum(len(r['failures']) for r in results)}")
    remove_database(os.path.join(work, "readers.db"))
    os.rmdir(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
