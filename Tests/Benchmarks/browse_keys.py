#!/usr/bin/env python3
"""How long `calpager browse` takes from a key press to the frame it draws, through a pty.

    python3 Tests/Benchmarks/browse_keys.py --binary PATH --sizes 1000000 --presses 400
    (or as the `browse` section of bench.py)

calpager runs in a pseudo-terminal of 80x24 on a copy of the benchmark's database. Each key
is written to the terminal, and the time is taken when the frame it causes has arrived whole
(every frame is written at once and ends with the status bar). Steps inside the menu's window
(h, l) make no query; a week (j, k) may leave the window; a month (PgDn, PgUp) always
builds a new one; n and N look for the nearest day with notes. The target is a frame: 16 ms.
"""

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import termios
import time

FRAME_END = "? keys · q quit".encode()
FRAME_START = b"\x1b[?25l"
TARGET_MS = 16.0

KEYS = [
    ("step inside the window (h, l)", [b"l", b"h"]),
    ("a week (j, k)", [b"j", b"k"]),
    ("a month (PgDn, PgUp)", [b"\x1b[6~", b"\x1b[5~"]),
    ("a day with notes (n, N)", [b"n", b"N"]),
]


class Pager:
    """calpager browse on a pty of `columns` by `rows`."""

    def __init__(self, binary, database, columns=80, rows=24, environment=None):
        # In UTC unless the caller's environment says otherwise (the calendars' zone).
        environment = dict(environment or dict(os.environ, TZ="UTC"), TERM="xterm-256color",
                           NO_COLOR="1", LC_ALL="C.UTF-8")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.execve(binary, [binary, "--db", database, "browse"], environment)
        self.pending = b""
        self.wait_for_frame(timeout=30)

    def wait_for_frame(self, timeout=5.0):
        """Reads until a whole frame has arrived; returns when it did (monotonic seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            start = self.pending.rfind(FRAME_START)
            if start >= 0 and self.pending.find(FRAME_END, start) >= 0:
                self.pending = b""
                return time.monotonic()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no whole frame arrived: " + repr(self.pending[-400:]))
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                self.pending += os.read(self.fd, 65536)

    def press(self, key):
        """Presses `key`; returns the seconds until its frame arrived whole."""
        start = time.monotonic()
        os.write(self.fd, key)
        return self.wait_for_frame() - start

    def quit(self):
        os.write(self.fd, b"q")
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        if status != 0:
            raise RuntimeError(f"browse ended with status {status}")


def measure(binary, database, presses, environment=None):
    """The latencies of each kind of key, in seconds: {name: [seconds, ...]}; `environment`
    is calpager's (by default this one's, in UTC)."""
    # A database just copied is dirty in the page cache: the first commit's fsync would write
    # all of it.
    os.sync()
    pager = Pager(binary, database, environment=environment)
    latencies = {}
    try:
        for name, keys in KEYS:
            # Presses to warm up, then the measured ones, alternating the two keys.
            for index in range(10):
                pager.press(keys[index % 2])
            latencies[name] = [pager.press(keys[index % 2]) for index in range(presses)]
    finally:
        pager.quit()
    return latencies


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def section(binary, databases, results, presses, label, ms):
    """bench.py's `browse` section: one row per kind of key and database size."""
    for database in databases:
        database.copy_fresh()
        for name, values in measure(binary, database.path, presses).items():
            median = statistics.median(values)
            p95 = percentile(values, 0.95)
            results.add(
                name=f"browse key: {name}", notes=label(database.count),
                figure=f"{ms(median)} (p95 {ms(p95)})", floor="a frame: 16 ms",
                ratio=f"{median * 1000 / TARGET_MS:.2f}", growth="", rss="", floor_rss="",
                targets="under a frame", verdict="met" if p95 * 1000 < TARGET_MS else "**missed**")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the calpager to measure")
    parser.add_argument("--sizes", default="1000000", help="comma-separated note counts")
    parser.add_argument("--presses", type=int, default=400, help="presses per kind of key")
    arguments = parser.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench  # the databases, cached in .build/bench

    os.environ.update(bench.ENVIRONMENT)
    os.makedirs(bench.WORK, exist_ok=True)
    print("| key | notes | median | p95 | max |\n|---|---|---|---|---|")
    for count in [int(size) for size in arguments.sizes.split(",")]:
        database = bench.Database(arguments.binary, count, False)
        for name, values in measure(arguments.binary, database.path, arguments.presses).items():
            print(f"| {name} | {bench.size_label(count)} | {bench.ms(statistics.median(values))} "
                  f"| {bench.ms(percentile(values, 0.95))} | {bench.ms(max(values))} |",
                  flush=True)


if __name__ == "__main__":
    main()
