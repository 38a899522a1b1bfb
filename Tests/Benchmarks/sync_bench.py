#!/usr/bin/env python3
"""The sync benchmark: `calpager sync` with a vdir, side by side with what it is measured
against, on the benchmark's databases (10^4 and 10^5 notes; or as the `sync` section of
bench.py).

    python3 Tests/Benchmarks/sync_bench.py --binary PATH --sizes 10000,100000 --runs 5

- **First sync** (a database that never synced, an empty folder: every note written as a
  file) against `vdirwrite.c`, a C loop writing the same files to the same disk: open, write,
  close, rename, no fsync. Target: within 2x. Also against the same loop ending in one
  syncfs(2), the flush calpager makes before its database records the files.
- **Nothing to do**: `calpager sync` again, against the `vdirsyncer sync` that follows it on
  the same vdir (a filesystem pair of the vdir and a mirror folder, so no server's time is in
  it). Target: at most a tenth of vdirsyncer's time.
- **One changed file**: one item rewritten in the vdir as vdirsyncer would (a temporary file
  renamed over it), then `calpager sync` finds and merges it. strace counts the vdir's files
  the sync opened: it must read the changed one and no other.
- Peak RSS of each (GNU time); target under 32 MiB at 10^5 notes.

Runs alternate between a command and its floor, each from the same state (made by an untimed
step, which also flushes the disk with sync(2) so that one run's writes are not paid by the
next); figures are medians. calpager runs with no configuration (no sync-command), so only its
own work is timed.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import sysconfig
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def find_vdirsyncer(bench):
    """vdirsyncer from PyPI (Tests/Scripts/requirements.txt): on PATH, or where pip put it."""
    found = shutil.which("vdirsyncer")
    candidate = os.path.join(sysconfig.get_path("scripts"), "vdirsyncer")
    if found is None and os.path.exists(candidate):
        found = candidate
    if found is None:
        bench.die("vdirsyncer is not installed: pip install -r Tests/Scripts/requirements.txt")
    return found


def build_floor(bench):
    """Compiles vdirwrite.c into the benchmark's cache (again when the source is newer)."""
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if compiler is None:
        bench.die("no C compiler for vdirwrite.c")
    output = os.path.join(bench.CACHE, "vdirwrite")
    source = os.path.join(HERE, "vdirwrite.c")
    if not os.path.exists(output) or os.path.getmtime(output) < os.path.getmtime(source):
        os.makedirs(bench.CACHE, exist_ok=True)
        bench.run([compiler, "-O2", "-o", output, source])
    return output


def alternate(bench, entries, runs):
    """Times commands alternately, each after its own untimed `prepare()`; every run goes
    through GNU time for its peak RSS. `entries` are (argv, prepare, env). Returns
    [(median seconds, peak RSS MiB)]."""
    samples = [[] for _ in entries]
    peaks = [0.0 for _ in entries]
    for _ in range(runs):
        for index, (command, prepare, env) in enumerate(entries):
            prepare()
            os.sync()
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], env=env,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
            if result.returncode != 0:
                bench.die(f"failed ({result.returncode}): {' '.join(command)}\n"
                          + result.stderr.decode(errors="replace")[-2000:])
            samples[index].append(elapsed)
            rss = int(result.stderr.decode().strip().splitlines()[-1]) / 1024
            peaks[index] = max(peaks[index], rss)
    return [(statistics.median(times), peak) for times, peak in zip(samples, peaks)]


# Trees a run is done with are moved here and removed only after the section's measured runs
# (`empty_trash`): on ext4 a file created within about 30 s of many deletions in the same
# block group makes the inode allocator step over each recently deleted inode
# (`recently_deleted` in `find_inode_bit`), so deleting 10^5 files right before a run made
# that run's creations cost many times more, and by how much depended on the order of the
# runs (a first sync at 10^5 took 7 s, or 55 s right after the previous vdir was deleted).
TRASH = []


def remove_tree(path):
    """Moves `path` out of the way (to be removed by `empty_trash`)."""
    if os.path.exists(path):
        parked = f"{path}.trash-{len(TRASH)}"
        os.rename(path, parked)
        TRASH.append(parked)


def empty_trash():
    """Removes the trees `remove_tree` moved away (newest first: a tree moved away with the
    folder holding it is gone with that folder)."""
    while TRASH:
        parked = TRASH.pop()
        if os.path.exists(parked):
            shutil.rmtree(parked)


def files_opened(bench, command, env, folder):
    """The names of the `.ics` files in `folder` that `command` opened (strace, openat).

    strace -y prints the path of each descriptor an open returns, whether the file was named
    by its whole path or relative to the folder's descriptor (openat(dirfd, "NAME.ics"))."""
    log = os.path.join(bench.WORK, "sync-strace.log")
    bench.run(["strace", "-f", "-qq", "-y", "-e", "trace=open,openat,openat2", "-o", log,
               *command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    opened = set()
    pattern = re.compile(r"= \d+<" + re.escape(os.path.realpath(folder)) + r"/([^/>]+\.ics)>$")
    with open(log, encoding="utf-8", errors="replace") as trace:
        for line in trace:
            match = pattern.search(line.rstrip("\n"))
            if match:
                opened.add(match.group(1))
    os.remove(log)
    return opened


class SyncBench:
    """The folders and commands of one database size."""

    def __init__(self, bench, calpager, database, vdirsyncer, floor):
        self.bench = bench
        self.calpager = calpager
        self.database = database
        self.count = database.count
        self.folder = os.path.join(bench.WORK, f"sync-{database.count}")
        remove_tree(self.folder)
        os.makedirs(self.folder)
        self.db = os.path.join(self.folder, "notes.db")
        self.vdir = os.path.join(self.folder, "vdir")
        self.floor_dir = os.path.join(self.folder, "floor")
        self.pack = os.path.join(self.folder, "vdir.pack")
        self.vdirsyncer = vdirsyncer
        self.floor = floor
        # No configuration, so no sync-command: only calpager's own work is timed.
        os.makedirs(os.path.join(self.folder, "config"))
        self.env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.folder, "config"))
        self.sync = [calpager, "--db", self.db, "sync", self.vdir]

    def fresh(self):
        """A database that never synced, and no vdir."""
        self.bench.remove_database(self.db)
        shutil.copyfile(self.database.cached, self.db)
        remove_tree(self.vdir)

    def summary(self):
        """One `calpager --json sync`, its summary checked to be JSON."""
        result = subprocess.run([self.calpager, "--json", *self.sync[1:]], env=self.env,
                                capture_output=True)
        if result.returncode != 0:
            self.bench.die(f"calpager sync failed: {result.stderr.decode(errors='replace')}")
        return json.loads(result.stdout)

    def write_pack(self):
        """The vdir's files, packed for vdirwrite."""
        names = sorted(name for name in os.listdir(self.vdir) if name.endswith(".ics"))
        if len(names) != self.count:
            self.bench.die(f"the first sync wrote {len(names)} files for {self.count} notes")
        with open(self.pack, "wb") as out:
            for name in names:
                with open(os.path.join(self.vdir, name), "rb") as item:
                    data = item.read()
                out.write(f"{name}\n{len(data)}\n".encode() + data)
        return names

    def first_sync(self, runs):
        self.fresh()
        summary = self.summary()
        if summary.get("sent") != self.count:
            self.bench.die(f"the first sync of {self.count} notes reported {summary}")
        names = self.write_pack()

        def clear_floor():
            remove_tree(self.floor_dir)

        measured = alternate(self.bench, [
            (self.sync, self.fresh, self.env),
            ([self.floor, self.pack, self.floor_dir], clear_floor, self.env),
            ([self.floor, self.pack, self.floor_dir, "--syncfs"], clear_floor, self.env)], runs)
        written = sorted(os.listdir(self.floor_dir))
        if written != names:
            self.bench.die("vdirwrite did not write the same files")
        remove_tree(self.floor_dir)
        # Leave a synced database and vdir for the next measurements.
        self.fresh()
        self.summary()
        return measured

    def vdirsyncer_config(self):
        """A filesystem pair of the vdir and a mirror, synced once (untimed)."""
        mirror = os.path.join(self.folder, "mirror")
        config = os.path.join(self.folder, "vdirsyncer.conf")
        with open(config, "w") as out:
            out.write(f'[general]\nstatus_path = "{self.folder}/vdirsyncer-status/"\n\n'
                      '[pair bench]\na = "bench_vdir"\nb = "bench_mirror"\ncollections = null\n'
                      'conflict_resolution = null\n\n'
                      f'[storage bench_vdir]\ntype = "filesystem"\npath = "{self.vdir}/"\n'
                      'fileext = ".ics"\n\n'
                      f'[storage bench_mirror]\ntype = "filesystem"\npath = "{mirror}/"\n'
                      'fileext = ".ics"\n')
        os.makedirs(mirror)
        env = dict(self.env, VDIRSYNCER_CONFIG=config)
        self.bench.note(f"vdirsyncer: copying {self.count} items to a mirror (untimed)")
        self.bench.run([self.vdirsyncer, "discover", "bench"], env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        self.bench.run([self.vdirsyncer, "sync", "bench"], env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return env

    def nothing_to_do(self, runs):
        env = self.vdirsyncer_config()
        summary = self.summary()
        if any(summary.get(key) for key in ("sent", "received", "updated", "removed")):
            self.bench.die(f"a sync with nothing to do reported {summary}")
        opened = files_opened(self.bench, self.sync, self.env, self.vdir)
        measured = alternate(self.bench, [
            (self.sync, lambda: None, self.env),
            ([self.vdirsyncer, "sync", "bench"], lambda: None, env)], runs)
        return measured, opened

    def one_change(self, runs):
        """One file changed behind calpager's back, as vdirsyncer writes (rename over it)."""
        name = sorted(os.listdir(self.vdir))[self.count // 2]
        path = os.path.join(self.vdir, name)
        with open(path, "rb") as item:
            original = item.read()
        if b"\nSUMMARY:" not in original.replace(b"\r\n", b"\n"):
            self.bench.die(f"{name} has no SUMMARY line to change")
        turn = [0]

        def change():
            turn[0] += 1
            data = re.sub(rb"(\nSUMMARY:)", rb"\1changed %d " % turn[0], original, count=1)
            with open(path + ".part", "wb") as out:
                out.write(data)
            os.replace(path + ".part", path)

        change()
        summary = self.summary()
        if summary.get("updated", 0) + summary.get("received", 0) != 1:
            self.bench.die(f"one changed file gave {summary}")
        change()
        opened = files_opened(self.bench, self.sync, self.env, self.vdir)
        measured = alternate(self.bench, [(self.sync, change, self.env)], runs)
        return measured[0], opened, name


def section(bench, calpager, counts, results, runs, fresh=False):
    """bench.py's `sync` section: rows for each size in `counts`."""
    vdirsyncer = find_vdirsyncer(bench)
    floor = build_floor(bench)
    label, ms, mib, verdict = bench.size_label, bench.ms, bench.mib, bench.verdict
    for count in counts:
        database = bench.Database(calpager, count, fresh)
        run = SyncBench(bench, calpager, database, vdirsyncer, floor)
        (own, rss), (low, floor_rss), (flushed, flushed_rss) = run.first_sync(runs)
        results.add(
            section="sync", name="`sync`, first (every note written) vs a C loop writing the "
            "same files (open, write, close, rename)", notes=label(count), figure=ms(own),
            floor=ms(low), ratio=f"{own / low:.2f}×", growth="—", rss=mib(rss),
            floor_rss=mib(floor_rss), targets="≤2× floor, ≤32 MiB",
            verdict=verdict(own / low <= 2 and rss <= 32),
            raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss})
        # The same loop ending in the one syncfs calpager makes before its commit: what the
        # crash safety costs on this disk (which syncfs shares with every other writer).
        results.add(
            section="sync", name="`sync`, first, vs the C loop and one syncfs",
            notes=label(count), figure=ms(own), floor=ms(flushed), ratio=f"{own / flushed:.2f}×",
            growth="—", rss=mib(rss), floor_rss=mib(flushed_rss), targets="(information)",
            verdict="", raw={"own": own, "floor": flushed, "rss": rss,
                             "floor_rss": flushed_rss})

        ((own, rss), (low, floor_rss)), opened = run.nothing_to_do(runs)
        results.add(
            section="sync", name="`sync` with nothing to do vs the `vdirsyncer sync` that "
            "follows", notes=label(count), figure=f"{ms(own)} ({len(opened)} files read)",
            floor=ms(low), ratio=f"{own / low:.2f}×", growth="—", rss=mib(rss),
            floor_rss=mib(floor_rss), targets="≤0.1× vdirsyncer, no file read, ≤32 MiB",
            verdict=verdict(own / low <= 0.1 and not opened and rss <= 32),
            raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss,
                 "opened": sorted(opened)})

        (own, rss), opened, name = run.one_change(runs)
        results.add(
            section="sync", name="`sync` of one file changed in the vdir", notes=label(count),
            figure=f"{ms(own)} ({len(opened)} of {count:,} files read)",
            floor="—", ratio="—", growth="—", rss=mib(rss), floor_rss="—",
            targets="reads only the changed file, ≤32 MiB",
            verdict=verdict(opened == {name} and rss <= 32),
            raw={"own": own, "rss": rss, "opened": sorted(opened)})
        remove_tree(run.folder)
    empty_trash()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the calpager to measure")
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated note counts")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command")
    arguments = parser.parse_args()
    sys.path.insert(0, HERE)
    import bench  # the databases, cached in .build/bench, and the table

    os.environ.update(bench.ENVIRONMENT)
    os.makedirs(bench.WORK, exist_ok=True)
    results = bench.Results()
    section(bench, arguments.binary, [int(size) for size in arguments.sizes.split(",")],
            results, arguments.runs)
    for row in results.rows:
        print(f"| {row['name']} | {row['notes']} | {row['figure']} | {row['floor']} | "
              f"{row['ratio']} | {row['rss']} | {row['floor_rss']} | {row['targets']} | "
              f"{row['verdict']} |")


if __name__ == "__main__":
    main()
