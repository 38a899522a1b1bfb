#!/usr/bin/env python3
"""calpager's pages with the user's calendars, against the same commands with none and
against khal 0.14 on the same vdirs, side by side in one run.

    python3 Tests/Benchmarks/bench.py --sections calendars      (a section of bench.py)
    python3 Tests/Benchmarks/calendars_bench.py [--runs N] [--notes N] [--no-build]

The calendars are `CalendarsBenchmark DIR --write-only`'s: 10^4 event files in three vdirs of
3,333, a fifth recurring (daily, weekly with an exception, monthly by weekday, yearly; most
ending), in UTC, Europe/Berlin, America/New_York and floating time, over 2020-2027. They sit
beside bench.py's database of 10^6 notes, with the selection on 2024-05-15 (a typical day: 15
events). Everything runs with TZ=Europe/Berlin; khal gets the same zone and the same vdirs.

Rows:
- `show`, `show --by week`, `show --by month`, `next` with the three calendars (the index
  warm) against the same command with no calendars (an empty config folder): hyperfine -N,
  the two alternating round by round, medians.
- `goto 2150-01-01`, the first page in a year no page has shown: each run from a copy of the
  warm index, so the year's months are expanded in it.
- The first index (`calpager calendars` with no index) against khal's first `khal list` on
  the same day (its cache deleted: khal builds it).
- A command after one file of a folder of 3,333 was replaced by rename (as vdirsyncer
  writes), against `find` listing and stat-ing that folder: the floor of noticing a change.
- The day view, `calpager show`, against `khal list 2024-05-15 2024-05-15` with its cache
  built.
- A key press in `browse` with the calendars (browse_keys.py): median and p95.
"""

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import json

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (the build, the notes database and the report, cached in .build/bench)

DAY = "2024-05-15"
DAY_NUMBER = 19858  # 2024-05-15 as days since 1970-01-01
ZONE = "Europe/Berlin"
KHAL_VERSION = "0.14.0"

KHAL_CONFIG = """[calendars]
{calendars}
[locale]
local_timezone = {zone}
default_timezone = {zone}
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
[sqlite]
path = {cache}
"""


def calendars_folder(no_build):
    """The three vdirs, written once by CalendarsBenchmark (release) into .build/bench."""
    folder = os.path.join(bench.CACHE, "calendars")
    if all(os.path.isdir(os.path.join(folder, f"calendar{index}")) for index in range(3)):
        return folder
    binary = os.path.join(bench.ROOT, ".build", "release", "CalendarsBenchmark")
    if not no_build or not os.path.exists(binary):
        bench.note("building CalendarsBenchmark (release)")
        result = subprocess.run(
            ["swift", "build", "-c", "release", "--product", "CalendarsBenchmark"],
            cwd=bench.ROOT, env=dict(os.environ, CALPAGER_BENCH_CALENDARS="1"),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            bench.die("the CalendarsBenchmark build failed:\n" + result.stdout[-4000:])
    os.makedirs(folder, exist_ok=True)
    bench.run([binary, folder, "--write-only"], stdout=subprocess.DEVNULL)
    return folder


def find_khal():
    """khal 0.14: the tests' peers' venv if it has it, else a venv of its own in .build/bench."""
    for candidate in (os.path.join(bench.ROOT, ".build", "test-peers", "venv", "bin", "khal"),
                      os.path.join(bench.CACHE, "khal-venv", "bin", "khal")):
        if os.path.exists(candidate):
            return candidate
    venv = os.path.join(bench.CACHE, "khal-venv")
    bench.note(f"making a venv with khal {KHAL_VERSION}")
    bench.run([sys.executable, "-m", "venv", venv], stdout=subprocess.DEVNULL)
    bench.run([os.path.join(venv, "bin", "pip"), "install", "-q", f"khal=={KHAL_VERSION}"],
              stdout=subprocess.DEVNULL)
    return os.path.join(venv, "bin", "khal")


class Setup:
    """The environments of the two kinds of run, and the work copies they share."""

    def __init__(self, calpager, database, folder):
        self.calpager = calpager
        self.database = database
        self.folders = [os.path.join(folder, f"calendar{index}") for index in range(3)]
        work = os.path.join(bench.WORK, "calendars")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        config = os.path.join(work, "config")
        os.makedirs(os.path.join(config, "calpager"))
        with open(os.path.join(config, "calpager", "config"), "w") as out:
            for index, path in enumerate(self.folders):
                out.write(f"calendar.calendar{index} = {path}\n")
        empty = os.path.join(work, "empty-config")
        os.makedirs(empty)
        self.cache = os.path.join(work, "cache")
        self.index = os.path.join(self.cache, "calpager", "events.db")
        base = dict(os.environ, TZ=ZONE, HOME=work)
        self.with_calendars = dict(base, XDG_CONFIG_HOME=config, XDG_CACHE_HOME=self.cache)
        self.without = dict(base, XDG_CONFIG_HOME=empty, XDG_CACHE_HOME=self.cache)
        self.khal_cache = os.path.join(work, "khal.db")
        self.khal_config = os.path.join(work, "khal.conf")
        with open(self.khal_config, "w") as out:
            out.write(KHAL_CONFIG.format(
                calendars="\n".join(f"[[calendar{index}]]\npath = {path}\ntype = calendar"
                                    for index, path in enumerate(self.folders)),
                zone=ZONE, cache=self.khal_cache))
        self.khal_environment = dict(base, XDG_DATA_HOME=os.path.join(work, "khal-data"))

    def command(self, *arguments):
        return [self.calpager, "--db", self.database.path, *arguments]

    def reset(self):
        """SQL putting the work copy back as it was, with the selection on DAY."""
        database = self.database
        return ["sqlite3", "-bail", database.path,
                f"DELETE FROM notes WHERE id >= {database.next_id}; "
                f"DELETE FROM actions WHERE id > {database.last_action}; "
                f"UPDATE state SET selected_day = {DAY_NUMBER}, "
                f"next_note_id = {database.next_id};"]


def alternating(variants, runs, rounds=5, prepare=None, warmup=2):
    """Median wall seconds of each (argv, environment), by hyperfine -N: every round runs each
    variant in turn, so the machine's drift falls on all alike. `prepare` (argv) runs untimed
    before each run."""
    rounds = max(1, min(rounds, runs))
    samples = [[] for _ in variants]
    for round_index in range(rounds):
        count = runs // rounds + (1 if round_index < runs % rounds else 0)
        if count == 0:
            continue
        for index, (command, environment) in enumerate(variants):
            with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as report:
                report_path = report.name
            arguments = ["hyperfine", "-N", "--style", "none", "--warmup", str(warmup),
                         "--runs", str(count), "--export-json", report_path]
            if prepare:
                arguments += ["--prepare", shlex.join(prepare)]
            arguments.append(shlex.join(command))
            result = subprocess.run(arguments, env=environment, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True)
            if result.returncode != 0:
                bench.die("hyperfine failed:\n" + result.stderr[-4000:])
            with open(report_path) as handle:
                samples[index].extend(json.load(handle)["results"][0]["times"])
            os.remove(report_path)
    return [statistics.median(times) for times in samples]


def timed_runs(command, environment, runs, prepare):
    """Median seconds of `runs` runs of a long command, each after `prepare()` (untimed)."""
    times = []
    for _ in range(runs):
        prepare()
        start = time.perf_counter()
        result = subprocess.run(command, env=environment, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            bench.die(f"failed: {shlex.join(command)}\n"
                      + result.stderr.decode(errors="replace")[-2000:])
    return statistics.median(times)


def section(bench_module, calpager, notes, results, runs, no_build=False):
    """bench.py's `calendars` section."""
    ms, verdict = bench.ms, bench.verdict
    folder = calendars_folder(no_build)
    database = bench.Database(calpager, notes, False)
    setup = Setup(calpager, database, folder)
    label = f"10^4 events, {bench.size_label(notes)} notes"

    # The first index, calpager's and khal's, from nothing (a few runs: khal's takes long).
    khal = find_khal()
    first_runs = max(1, min(3, runs // 5))

    def no_index():
        for path in (setup.index, setup.index + "-journal"):
            if os.path.exists(path):
                os.remove(path)

    def no_khal_cache():
        if os.path.exists(setup.khal_cache):
            os.remove(setup.khal_cache)

    own = timed_runs(setup.command("calendars"), setup.with_calendars, first_runs, no_index)
    khal_list = [khal, "-c", setup.khal_config, "list", DAY, DAY]
    theirs = timed_runs(khal_list, setup.khal_environment, first_runs, no_khal_cache)
    results.add(
        section="calendars", name="first index of the calendars: `calendars` vs khal's first "
        "`khal list` (it builds its cache)", notes=label, figure=ms(own), floor=ms(theirs),
        ratio=f"{own / theirs:.3f}×", growth="—", rss="", floor_rss="", targets="≤2 s",
        verdict=verdict(own <= 2), raw={"own": own, "khal": theirs})

    # The pages, the index warm (every month they show already expanded).
    bench.run(setup.reset(), stdout=subprocess.DEVNULL)
    for arguments in (["show"], ["show", "--by", "week"], ["show", "--by", "month"]):
        subprocess.run(setup.command(*arguments), env=setup.with_calendars,
                       stdout=subprocess.DEVNULL, check=True)
    for arguments in (["show"], ["show", "--by", "week"], ["show", "--by", "month"], ["next"]):
        with_calendars, without = alternating(
            [(setup.command(*arguments), setup.with_calendars),
             (setup.command(*arguments), setup.without)], runs, prepare=setup.reset())
        ratio = with_calendars / without
        results.add(
            section="calendars", name=f"`{' '.join(arguments)}` with the calendars vs with none",
            notes=label, figure=ms(with_calendars), floor=ms(without), ratio=f"{ratio:.2f}×",
            growth="—", rss="", floor_rss="", targets="≤1.25×", verdict=verdict(ratio <= 1.25),
            raw={"own": with_calendars, "floor": without})

    # The first page in an unseen year: from a copy of the warm index, each run.
    warm = os.path.join(bench.WORK, "calendars", "warm-events.db")
    shutil.copyfile(setup.index, warm)
    restore = ["sh", "-c", shlex.join(setup.reset()) + " && cp " + shlex.quote(warm) + " "
               + shlex.quote(setup.index)]
    unseen, unseen_without = alternating(
        [(setup.command("goto", "2150-01-01"), setup.with_calendars),
         (setup.command("goto", "2150-01-01"), setup.without)], runs, prepare=restore)
    results.add(
        section="calendars", name="`goto 2150-01-01`, a year no page has shown, vs with none",
        notes=label, figure=ms(unseen), floor=ms(unseen_without),
        ratio=f"{unseen / unseen_without:.2f}×", growth="—", rss="", floor_rss="",
        targets="≤20 ms", verdict=verdict(unseen <= 0.020),
        raw={"own": unseen, "floor": unseen_without})

    # One file replaced by rename in a folder of 3,333, then a page.
    changed_folder = setup.folders[1]
    replace = os.path.join(bench.WORK, "calendars", "replace.sh")
    with open(replace, "w") as out:
        out.write("#!/bin/sh\nset -e\n" + shlex.join(setup.reset()) + " >/dev/null\n"
                  f"f={shlex.quote(changed_folder)}\n"
                  "sed \"s/^SUMMARY:.*/SUMMARY:Changed $$/\" \"$f/event-1.ics\" > \"$f/.tmp\"\n"
                  "mv \"$f/.tmp\" \"$f/event-1.ics\"\n")
    os.chmod(replace, 0o755)
    after_change, listing = alternating(
        [(setup.command("show"), setup.with_calendars),
         (["find", changed_folder, "-maxdepth", "1", "-printf", "%s %T@ %i\n"],
          setup.with_calendars)], runs, prepare=[replace])
    results.add(
        section="calendars", name="`show` after one file replaced in a folder of 3,333 vs "
        "`find` listing and stat-ing that folder", notes=label, figure=ms(after_change),
        floor=ms(listing), ratio=f"{after_change / listing:.2f}×", growth="—", rss="",
        floor_rss="", targets="≤20 ms", verdict=verdict(after_change <= 0.020),
        raw={"own": after_change, "floor": listing})

    # The day view against khal's, both caches built: as many runs and warm-ups as the rows
    # above (with a third of them, the ratio moved by a quarter between runs of the script).
    subprocess.run(khal_list, env=setup.khal_environment, stdout=subprocess.DEVNULL, check=True)
    day_view, khal_day = alternating(
        [(setup.command("show"), setup.with_calendars), (khal_list, setup.khal_environment)],
        runs, prepare=setup.reset())
    results.add(
        section="calendars", name=f"day view: `show` vs `khal list {DAY} {DAY}` (its cache "
        "built)", notes=label, figure=ms(day_view), floor=ms(khal_day),
        ratio=f"{khal_day / day_view:.0f}× faster", growth="—", rss="", floor_rss="",
        targets="≥100× faster", verdict=verdict(khal_day / day_view >= 100),
        raw={"own": day_view, "khal": khal_day})

    # A key press in browse with the calendars.
    import browse_keys
    bench.run(setup.reset(), stdout=subprocess.DEVNULL)
    presses = max(50, runs * 10)
    for name, values in browse_keys.measure(calpager, database.path, presses,
                                            environment=setup.with_calendars).items():
        median = statistics.median(values)
        p95 = browse_keys.percentile(values, 0.95)
        results.add(
            section="calendars", name=f"browse key with the calendars: {name}", notes=label,
            figure=f"{ms(median)} (p95 {ms(p95)})", floor="—", ratio="", growth="", rss="",
            floor_rss="", targets="p95 <1 ms", verdict=verdict(p95 < 0.001),
            raw={"median": median, "p95": p95})


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="runs per page figure")
    parser.add_argument("--notes", type=int, default=1_000_000, help="notes in the database")
    parser.add_argument("--no-build", action="store_true", help="use the existing builds")
    arguments = parser.parse_args()
    os.environ.update(bench.ENVIRONMENT)
    os.makedirs(bench.WORK, exist_ok=True)
    bench.ensure_tools()
    calpager = bench.build(arguments.no_build, list(bench.RELEASE_FLAGS))
    results = bench.Results()
    section(bench, calpager, arguments.notes, results, arguments.runs, arguments.no_build)
    print("| measurement | data | calpager | against | ratio | target | verdict |")
    print("|---|---|---|---|---|---|---|")
    for row in results.rows:
        print(f"| {row['name']} | {row['notes']} | {row['figure']} | {row['floor']} | "
              f"{row['ratio']} | {row['targets']} | {row['verdict']} |")


if __name__ == "__main__":
    main()
