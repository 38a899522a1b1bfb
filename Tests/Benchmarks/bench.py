#!/usr/bin/env python3
"""calpager's benchmark: one-shot commands, the line mode, export and import, each against
what the sqlite3 CLI does with the same file, side by side in one run.

    python3 Tests/Benchmarks/bench.py             # full: 10^3, 10^5, 10^6 notes
    python3 Tests/Benchmarks/bench.py --quick     # CI: 10^3 notes, few runs

It builds calpager in release with --static-swift-stdlib, makes databases of notes spread
over a century in random day order (cached in .build/bench), and prints a markdown table:
each figure (median of the runs), its floor, their ratio, and peak RSS. Timings never fail
the run; only a command that exits non-zero does.
"""

import argparse
import json
import os
import platform
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, ".build", "bench")
EPOCH_DAY_1950 = -7305  # 1950-01-01 as days since 1970-01-01
CENTURY_DAYS = 36525
WORDS = (
    "lunch dentist call bank mortgage flowers meeting review plan garden café "
    "naïve 日本 🙂 \"quoted\" back\\slash tab\there report invoice train ticket Ana "
    "birthday yoga run swim read write deploy fix test plan sprint retro"
).split(" ")


def die(message):
    print(f"bench: {message}", file=sys.stderr)
    sys.exit(1)


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def build():
    run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "calpager"],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "calpager")


def ensure_tools():
    missing = [tool for tool in ("sqlite3", "hyperfine") if shutil.which(tool) is None]
    if not os.path.exists("/usr/bin/time"):
        missing.append("time")
    if missing:
        if os.geteuid() != 0:
            die(f"missing {', '.join(missing)}; install them (apt-get install {' '.join(missing)})")
        run(["apt-get", "install", "-y", "-qq", *missing], stdout=subprocess.DEVNULL)


def day_text(number):
    return time.strftime("%Y-%m-%d", time.gmtime(number * 86400))


def iso_ms(milliseconds):
    seconds, millis = divmod(milliseconds, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{millis:03d}Z"


def generate(count):
    """JSON Lines of `count` notes, days uniform over 1950-2049, in random day order."""
    path = os.path.join(CACHE, f"notes-{count}.jsonl")
    if os.path.exists(path):
        return path
    os.makedirs(CACHE, exist_ok=True)
    rng = random.Random(42)
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        for index in range(count):
            day = EPOCH_DAY_1950 + rng.randrange(CENTURY_DAYS)
            body = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(6, 20)))
            if rng.random() < 0.1:
                body += "\nsecond line"
            created = 1_700_000_000_000 + index * 1000
            out.write(json.dumps({
                "uid": f"bench-{index:07d}", "day": day_text(day), "body": body,
                "created": iso_ms(created), "updated": iso_ms(created)}, ensure_ascii=False) + "\n")
    os.replace(path + ".tmp", path)
    return path


def csv_for_sqlite(count, database):
    """The notes as a headerless CSV in the notes table's column order, for sqlite3 .import."""
    path = os.path.join(CACHE, f"notes-{count}.table.csv")
    if not os.path.exists(path):
        connection = sqlite3.connect(database)
        with open(path + ".tmp", "w", encoding="utf-8", newline="") as out:
            import csv
            writer = csv.writer(out)
            for row in connection.execute(
                    "SELECT day, id, uid, body, created, updated FROM notes ORDER BY id"):
                writer.writerow(row)
        connection.close()
        os.replace(path + ".tmp", path)
    return path


def database(calpager, count):
    """A database of `count` notes, imported once and cached; returns a fresh copy's path."""
    cached = os.path.join(CACHE, f"notes-{count}.db")
    if not os.path.exists(cached):
        jsonl = generate(count)
        if os.path.exists(cached + ".tmp"):
            os.remove(cached + ".tmp")
        run([calpager, "--db", cached + ".tmp", "import", jsonl], stdout=subprocess.DEVNULL)
        run([calpager, "--db", cached + ".tmp", "goto", "2000-01-15"], stdout=subprocess.DEVNULL)
        os.replace(cached + ".tmp", cached)
    work = os.path.join(WORK, f"notes-{count}.db")
    shutil.copyfile(cached, work)
    return work


def hyperfine(commands, runs):
    """Median wall seconds of each shell-free command line, measured by hyperfine in one run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        run(["hyperfine", "-N", "--style", "none", "--warmup", "3", "--runs", str(runs),
             "--export-json", report.name, *commands], stdout=subprocess.DEVNULL)
        results = json.load(open(report.name))["results"]
    return [result["median"] for result in results]


def peak_rss(command, stdin=None):
    """Peak RSS in MiB of one run, from GNU time (a child of Python would inherit its RSS)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdin=stdin,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return int(result.stderr.decode().strip().splitlines()[-1]) / 1024


def timed(command, runs, stdin_path=None, prepare=None):
    """Median wall seconds over `runs` runs of a command reading `stdin_path`."""
    samples = []
    for _ in range(runs):
        if prepare:
            prepare()
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.perf_counter()
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
        samples.append(time.perf_counter() - start)
        if stdin_path:
            stdin.close()
    return statistics.median(samples)
