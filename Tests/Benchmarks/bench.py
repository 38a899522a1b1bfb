#!/usr/bin/env python3
"""calpager's benchmark: one-shot commands, the line mode, export and import, each against
what the sqlite3 CLI does with the same file, side by side in one run.

    python3 Tests/Benchmarks/bench.py             # full: 10^3, 10^5, 10^6 notes (about 30 min)
    python3 Tests/Benchmarks/bench.py --quick     # CI (.ci/bench): 10^3 notes, few runs
    python3 Tests/Benchmarks/bench.py --sizes 1000,100000 --sections oneshot,shell
    python3 Tests/Benchmarks/bench.py --sizes 1000000 --sections browse  # keys in browse
    python3 Tests/Benchmarks/bench.py --sections sync --sync-sizes 10000,100000  # calpager sync
    python3 Tests/Benchmarks/bench.py --xswiftc=-static-executable   # a variant build

It builds calpager in release with --static-swift-stdlib, makes databases of notes spread
over a century in random day order (cached in .build/bench), and prints a markdown table:
each figure (the median of the runs), its floor, their ratio, and peak RSS (GNU time %M; a
child forked from Python would inherit Python's RSS high-water mark). The table is also
written to .build/bench/results.md, the raw figures to .build/bench/results.json.

The floor of a command is the sqlite3 CLI opening the same file and running the same
statements: the benchmark records what calpager ran through a sqlite3_trace_v2 shim
(sqltrace.c, LD_PRELOAD) and replays it with `sqlite3 -bail DB '.read SCRIPT'`, so the floor
follows the code. Statements run by triggers and FTS5's own statements are left out of the
replay: SQLite runs them again itself.

Timings never fail the run; only a command that exits non-zero, or an export whose content
differs from what sqlite3 reads from the same rows, does.
"""

import argparse
import csv
import datetime
import hashlib
import json
import os
import platform
import random
import shlex
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(ROOT, ".build", "bench")
WORK = os.path.join(CACHE, "work")
DATA_VERSION = "2"  # bump when generate() changes, so cached data is rebuilt
EPOCH_DAY_1950 = -7305  # 1950-01-01 as days since 1970-01-01
CENTURY_DAYS = 36525
SELECTED_DAY = 10971  # 2000-01-15, the selection every one-shot run starts from
RARE_WORD = "zanzibar"  # in exactly RARE_HITS notes at every size
RARE_HITS = 20
COMMON_WORD = "dentist"  # in about a third of the notes
WORDS = (
    "lunch dentist call bank mortgage flowers meeting review plan garden café "
    "naïve 日本 🙂 \"quoted\" back\\slash tab\there report invoice train ticket Ana "
    "birthday yoga run swim read write deploy fix test plan sprint retro"
).split(" ")
ENVIRONMENT = {"COLUMNS": "100", "TZ": "UTC", "NO_COLOR": "1", "LC_ALL": "C.UTF-8"}


def die(message):
    print(f"bench: {message}", file=sys.stderr)
    sys.exit(1)


def note(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def remove_database(path):
    """Removes a database file and whatever journal or WAL files it left."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


# MARK: - Tools and build

def ensure_tools(extra=()):
    missing = [tool for tool in ("sqlite3", "hyperfine", *extra) if shutil.which(tool) is None]
    if not os.path.exists("/usr/bin/time"):
        missing.append("time")
    if not missing:
        return
    if os.geteuid() != 0:
        die(f"missing {', '.join(missing)}; install them (apt-get install {' '.join(missing)})")
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = ["apt-get", "install", "-y", "-qq", *missing]
    if subprocess.run(install, env=environment, stdout=subprocess.DEVNULL).returncode != 0:
        run(["apt-get", "update", "-qq"], env=environment, stdout=subprocess.DEVNULL)
        run(install, env=environment, stdout=subprocess.DEVNULL)


# The README's release build adds these to --static-swift-stdlib: a fully static executable
# starts in half the time (no dynamic loader, no relocations), and cross-module optimisation
# lets the generic paging model specialise in the command line's module.
RELEASE_FLAGS = ["-static-executable", "-cross-module-optimization"]


def build(skip, swiftc_flags):
    """The release build with --static-swift-stdlib (README); extra -Xswiftc flags, for trying
    a variant (-static-executable, -cross-module-optimization), build in a scratch path of
    their own so the documented build is left alone."""
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "calpager"]
    scratch = os.path.join(ROOT, ".build")
    if swiftc_flags:
        scratch = os.path.join(CACHE, "build-" + hashlib.sha1(
            " ".join(swiftc_flags).encode()).hexdigest()[:8])
        command += ["--scratch-path", scratch]
        for flag in swiftc_flags:
            command += ["-Xswiftc", flag]
    binary = os.path.join(scratch, "release", "calpager")
    if not skip:
        note("building calpager: " + " ".join(command[1:]))
        result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            die("the build failed:\n" + result.stdout[-4000:])
    if not os.path.exists(binary):
        die(f"no {binary}")
    return binary


def build_shim():
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if compiler is None:
        die("no C compiler for the trace shim")
    output = os.path.join(CACHE, "sqltrace.so")
    source = os.path.join(HERE, "sqltrace.c")
    if not os.path.exists(output) or os.path.getmtime(output) < os.path.getmtime(source):
        os.makedirs(CACHE, exist_ok=True)
        run([compiler, "-shared", "-fPIC", "-O2", "-o", output, source, "-ldl"])
    return output


def machine():
    cpu = "unknown CPU"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
        if line.startswith("cpu MHz"):
            cpu += f" ({float(line.split(':', 1)[1]):.0f} MHz)"
            break
    memory = 0
    for line in open("/proc/meminfo"):
        if line.startswith("MemTotal"):
            memory = int(line.split()[1]) // (1024 * 1024)
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    swift = swift.splitlines()[0] if swift else "swift ?"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    sqlite_version = subprocess.run(["sqlite3", "--version"], capture_output=True,
                                    text=True).stdout.split()[0]
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu, "cores": os.cpu_count(), "memory": f"{memory} GiB",
        "kernel": platform.release(), "sqlite": sqlite_version,
        "swift": swift.replace("Swift version ", ""), "commit": commit,
        "hyperfine": subprocess.run(["hyperfine", "--version"], capture_output=True,
                                    text=True).stdout.strip(),
    }


def cpu_pressure():
    """The share of the last 60 s in which some runnable task waited for a CPU."""
    try:
        for line in open("/proc/pressure/cpu"):
            if line.startswith("some"):
                return float(line.split()[2].split("=")[1])
    except OSError:
        pass
    return None


# MARK: - Data

def day_text(number):
    return (datetime.date(1970, 1, 1) + datetime.timedelta(days=number)).isoformat()


def iso_ms(milliseconds):
    seconds, millis = divmod(milliseconds, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{millis:03d}Z"


def generate(count):
    """JSON Lines of `count` notes, days uniform over 1950-2049, in random day order.

    The first notes are the same at every size. RARE_WORD is in exactly RARE_HITS notes, so
    `search RARE_WORD` has the same answer size at every size; COMMON_WORD is in about a third.
    """
    path = os.path.join(CACHE, f"notes-{count}-v{DATA_VERSION}.jsonl")
    if os.path.exists(path):
        return path
    note(f"generating {count} notes")
    os.makedirs(CACHE, exist_ok=True)
    rng = random.Random(42)
    rare_every = max(1, count // RARE_HITS)
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        for index in range(count):
            day = EPOCH_DAY_1950 + rng.randrange(CENTURY_DAYS)
            words = [rng.choice(WORDS) for _ in range(rng.randrange(6, 20))]
            if index % rare_every == rare_every // 2:
                words.insert(rng.randrange(len(words)), RARE_WORD)
            body = " ".join(words)
            if rng.random() < 0.1:
                body += "\nsecond line"
            created = 1_700_000_000_000 + index * 1000
            out.write(json.dumps({
                "uid": f"bench-{index:07d}", "day": day_text(day), "body": body,
                "created": iso_ms(created), "updated": iso_ms(created)},
                ensure_ascii=False) + "\n")
    os.replace(path + ".tmp", path)
    return path


def schema_key():
    digest = hashlib.sha1()
    migrations = os.path.join(ROOT, "Migrations")
    for name in sorted(os.listdir(migrations)):
        digest.update(name.encode())
        digest.update(open(os.path.join(migrations, name), "rb").read())
    return digest.hexdigest()[:8]


class Database:
    """A cached database of `count` notes (imported once by calpager) and a work copy."""

    def __init__(self, calpager, count, fresh):
        self.count = count
        key = f"{count}-v{DATA_VERSION}-{schema_key()}"
        self.cached = os.path.join(CACHE, f"notes-{key}.db")
        if fresh and os.path.exists(self.cached):
            os.remove(self.cached)
        if not os.path.exists(self.cached):
            jsonl = generate(count)
            note(f"importing {count} notes into {os.path.basename(self.cached)}")
            temporary = self.cached + ".tmp"
            remove_database(temporary)
            run([calpager, "--db", temporary, "import", jsonl], stdout=subprocess.DEVNULL)
            run([calpager, "--db", temporary, "goto", day_text(SELECTED_DAY)],
                stdout=subprocess.DEVNULL)
            os.replace(temporary, self.cached)
        self.path = os.path.join(WORK, f"notes-{count}.db")
        self.copy_fresh()
        connection = sqlite3.connect(self.path)
        self.next_id, = connection.execute("SELECT next_note_id FROM state").fetchone()
        self.last_action, = connection.execute("SELECT coalesce(max(id), 0) FROM actions").fetchone()
        connection.close()

    def copy_fresh(self):
        remove_database(self.path)
        shutil.copyfile(self.cached, self.path)

    def reset_sql(self):
        """SQL that puts the work copy back as the cache left it after a one-shot command."""
        return (f"DELETE FROM notes WHERE id >= {self.next_id}; "
                f"DELETE FROM actions WHERE id > {self.last_action}; "
                f"UPDATE state SET selected_day = {SELECTED_DAY}, next_note_id = {self.next_id};")

    def reset_command(self):
        return ["sqlite3", "-bail", self.path, self.reset_sql()]


def empty_database(calpager):
    """A migrated calpager database with no notes (the import target)."""
    path = os.path.join(CACHE, f"empty-{schema_key()}.db")
    if not os.path.exists(path):
        run([calpager, "--db", path + ".tmp", "config", "list"], stdout=subprocess.DEVNULL)
        os.replace(path + ".tmp", path)
    return path


def table_csv(database):
    """The notes as a headerless CSV in the notes table's column order, for sqlite3 .import."""
    path = os.path.join(CACHE, f"notes-{database.count}-v{DATA_VERSION}.table.csv")
    if not os.path.exists(path):
        connection = sqlite3.connect(database.cached)
        with open(path + ".tmp", "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            for row in connection.execute(
                    "SELECT day, id, uid, body, created, updated FROM notes ORDER BY id"):
                writer.writerow(row)
        connection.close()
        os.replace(path + ".tmp", path)
    return path


# MARK: - Tracing and timing

class Tracer:
    def __init__(self, shim, binary, traced_binary):
        self.shim = shim
        # A statically linked variant cannot be traced (there is no libsqlite3 to interpose):
        # its statements are those of the dynamically linked build of the same code.
        self.binary = binary
        self.traced_binary = traced_binary

    def statements(self, command, stdin_path=None):
        """Runs `command` once under the trace shim; returns the top-level statements it ran."""
        command = [self.traced_binary if part == self.binary else part for part in command]
        with tempfile.NamedTemporaryFile(dir=WORK, suffix=".trace", delete=False) as handle:
            trace = handle.name
        environment = dict(os.environ, LD_PRELOAD=self.shim, CALPAGER_SQL_TRACE=trace)
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            run(command, stdin=stdin, stdout=subprocess.DEVNULL, env=environment)
        finally:
            if stdin_path:
                stdin.close()
        with open(trace, "rb") as handle:
            records = handle.read().decode("utf-8", errors="surrogateescape").split("\x1e")
        os.remove(trace)
        statements = [record for record in records
                      if record.strip() and not record.startswith("--")
                      and "'main'." not in record]
        if not statements:
            die(f"no SQL traced for {shlex.join(command)} (is libsqlite3 linked dynamically?)")
        return statements

    def script(self, name, command, stdin_path=None):
        statements = self.statements(command, stdin_path)
        path = os.path.join(WORK, f"{name}.sql")
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as out:
            for statement in statements:
                out.write(statement.rstrip().rstrip(";") + ";\n")
        return path


def floor_command(database_path, script):
    return ["sqlite3", "-bail", "-batch", database_path, f".read {script}"]


def hyperfine(commands, runs, prepares=None, warmup=3, rounds=3):
    """Median wall seconds of each command (argv lists), measured by hyperfine -N.

    The runs are split over `rounds` hyperfine runs that each go through every command, so a
    burst of load on the machine (or a slow fsync) falls on all of them alike."""
    rounds = max(1, min(rounds, runs // 3))
    samples = [[] for _ in commands]
    for round_index in range(rounds):
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as report:
            report_path = report.name
        count = runs // rounds + (1 if round_index < runs % rounds else 0)
        arguments = ["hyperfine", "-N", "--style", "none", "--warmup", str(warmup),
                     "--runs", str(count), "--export-json", report_path]
        for prepare in prepares or []:
            arguments += ["--prepare", shlex.join(prepare)]
        arguments += [shlex.join(command) for command in commands]
        result = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        if result.returncode != 0:
            die("hyperfine failed:\n" + result.stderr[-4000:])
        with open(report_path) as handle:
            results = json.load(handle)["results"]
        os.remove(report_path)
        for index, result in enumerate(results):
            samples[index].extend(result["times"])
    return [statistics.median(times) for times in samples]


def peak_rss(command, prepare):
    """Peak RSS in MiB of one run (after running `prepare`, untimed), from GNU time."""
    return interleaved([(command, None)], 1,
                       prepare=lambda: run(prepare, stdout=subprocess.DEVNULL))[0][1]


def interleaved(commands, runs, prepare=None):
    """Times long-running commands, alternating between them run by run (so drift in the
    machine's load hits them alike). Each entry is (argv, stdin_path or None). Every run goes
    through GNU time for its peak RSS. Returns [(median seconds, max peak RSS MiB)]."""
    samples = [[] for _ in commands]
    peaks = [0.0 for _ in commands]
    for _ in range(runs):
        for index, (command, stdin_path) in enumerate(commands):
            if prepare:
                prepare()
            stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdin=stdin,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
            if stdin_path:
                stdin.close()
            if result.returncode != 0:
                die(f"failed ({result.returncode}): {shlex.join(command)}\n"
                    + result.stderr.decode(errors="replace")[-2000:])
            samples[index].append(elapsed)
            rss = int(result.stderr.decode().strip().splitlines()[-1]) / 1024
            peaks[index] = max(peaks[index], rss)
    return [(statistics.median(times), peak) for times, peak in zip(samples, peaks)]


# MARK: - Results

class Results:
    def __init__(self):
        self.rows = []

    def add(self, **row):
        self.rows.append(row)
        status = f" ({row['verdict']})" if row.get("verdict") else ""
        note(f"{row['name']} @ {row['notes']}: {row['figure']} vs {row['floor']}, "
             f"ratio {row['ratio']}{status}")


def size_label(count):
    exponent = len(str(count)) - 1
    return f"10^{exponent}" if count == 10 ** exponent else str(count)


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def mib(value):
    return f"{value:.1f} MiB"


def verdict(met):
    return "met" if met else "**missed**"


# MARK: - Sections

ONE_SHOT = [
    ("show", ["show"]),
    ("next", ["next"]),
    ("goto", ["goto", "2024-05-01"]),
    ("add", ["add", "Lunch with Ana at noon"]),
    ("list 2024-05", ["list", "2024-05"]),
    (f"search {RARE_WORD}", ["search", RARE_WORD]),
    (f"search {COMMON_WORD}", ["search", COMMON_WORD]),
]


def one_shot(calpager, databases, tracer, results, runs):
    smallest = databases[0]
    for name, arguments in ONE_SHOT:
        commands, floors, prepares = [], [], []
        for database in databases:
            command = [calpager, "--db", database.path, *arguments]
            run(database.reset_command(), stdout=subprocess.DEVNULL)
            slug = "-".join(name.split())
            script = tracer.script(f"{slug}-{database.count}", command)
            commands.append(command)
            floors.append(floor_command(database.path, script))
            prepares.append(database.reset_command())
        medians = hyperfine(commands + floors, runs, prepares=prepares + prepares)
        own, floor = medians[:len(databases)], medians[len(databases):]
        for index, database in enumerate(databases):
            rss = peak_rss(commands[index], prepare=database.reset_command())
            floor_rss = peak_rss(floors[index], prepare=database.reset_command())
            ratio = own[index] / floor[index]
            growth = own[index] / own[0]
            # The time targets are for 10^6 notes; every size has the RSS one.
            checks = [rss <= 32]
            targets = "≤32 MiB"
            if database.count == 1_000_000:
                checks.append(ratio <= 1.5)
                targets = "≤1.5× floor, ≤32 MiB"
                if database is not smallest:
                    checks.append(growth <= 1.1)
                    targets = f"≤1.5× floor, ≤1.1× {size_label(smallest.count)}, ≤32 MiB"
            if name == f"search {COMMON_WORD}":
                targets += " (answer grows with n)"
            results.add(
                section="one-shot", name=f"`{name}`", notes=size_label(database.count),
                figure=ms(own[index]), floor=ms(floor[index]), ratio=f"{ratio:.2f}×",
                growth=f"{growth:.2f}×" if database is not smallest else "—",
                rss=mib(rss), floor_rss=mib(floor_rss), targets=targets,
                verdict=verdict(all(checks)),
                raw={"own": own[index], "floor": floor[index], "rss": rss,
                     "floor_rss": floor_rss})


SEARCH_CJK_RARE = "東京駅で待ち合わせ"  # added to RARE_HITS notes of the search section's copy
SEARCHES = [
    # (name, arguments, the LIKE pattern of the scan floor, or None for a word)
    (f"search {RARE_WORD}", [RARE_WORD], None),
    ("search 日本", ["日本"], "日本"),  # two characters, in about a quarter of the notes: a scan
    ("search 日", ["日"], "日"),  # one character, as many notes: a scan
    ("search 東京駅", ["東京駅"], "東京駅"),  # three characters, in 20 notes: the trigram index
    ("search 駅", ["駅"], "駅"),  # one character, in the same 20 notes: a scan
]


def search_database(calpager, database):
    """A copy of `database` with RARE_HITS notes holding SEARCH_CJK_RARE, added by calpager."""
    path = os.path.join(WORK, f"search-{database.count}.db")
    remove_database(path)
    shutil.copyfile(database.cached, path)
    for index in range(RARE_HITS):
        day = day_text(EPOCH_DAY_1950 + (index * 1811) % CENTURY_DAYS)
        run([calpager, "--db", path, "add", "--day", day, f"{SEARCH_CJK_RARE} {index}"],
            stdout=subprocess.DEVNULL)
    return path


def like_floor(path, pattern):
    """sqlite3 scanning the bodies with LIKE for the same answer: the newest 50 matches and
    the number of matches, in one scan."""
    return ["sqlite3", "-bail", "-batch", path,
            "SELECT id, uid, day, body, created, updated, count(*) OVER () FROM notes "
            f"WHERE body LIKE '%{pattern}%' ORDER BY day DESC, id DESC LIMIT 50"]


def search(calpager, databases, tracer, results, runs):
    """Searches against sqlite3 running the same statements (traced), and CJK searches also
    against sqlite3 scanning the bodies with LIKE."""
    for database in databases:
        path = search_database(calpager, database)
        commands, floors, labels = [], [], []
        for name, arguments, pattern in SEARCHES:
            command = [calpager, "--db", path, "search", *arguments]
            slug = "-".join(name.split())
            script = tracer.script(f"{slug}-{database.count}", command)
            commands.append(command)
            floors.append((name, "same statements", floor_command(path, script)))
            if pattern:
                floors.append((name, "LIKE scan", like_floor(path, pattern)))
        medians = hyperfine(commands + [floor for _, _, floor in floors], runs)
        own = dict(zip([name for name, _, _ in SEARCHES], medians[:len(commands)]))
        rss = {name: peak_rss(command, prepare=["true"])
               for (name, _, _), command in zip(SEARCHES, commands)}
        for (name, label, floor), low in zip(floors, medians[len(commands):]):
            ratio = own[name] / low
            floor_rss = peak_rss(floor, prepare=["true"])
            results.add(
                section="search", name=f"`{name}` vs {label}", notes=size_label(database.count),
                figure=ms(own[name]), floor=ms(low), ratio=f"{ratio:.2f}×", growth="—",
                rss=mib(rss[name]), floor_rss=mib(floor_rss), targets="≤1.5× floor, ≤32 MiB",
                verdict=verdict(ratio <= 1.5 and rss[name] <= 32),
                raw={"own": own[name], "floor": low, "rss": rss[name], "floor_rss": floor_rss})
        remove_database(path)


def shell_scripts(lines, seed=7):
    """A paging script (next/prev/goto) and an add script (begin, adds, commit)."""
    rng = random.Random(seed)
    paging = os.path.join(WORK, f"paging-{lines}.txt")
    with open(paging, "w") as out:
        for _ in range(lines):
            roll = rng.random()
            if roll < 0.4:
                out.write("next\n")
            elif roll < 0.8:
                out.write("prev\n")
            else:
                out.write(f"goto {day_text(EPOCH_DAY_1950 + rng.randrange(CENTURY_DAYS))}\n")
    adds = os.path.join(WORK, f"adds-{lines}.txt")
    with open(adds, "w") as out:
        out.write("begin\n")
        for index in range(lines):
            day = day_text(EPOCH_DAY_1950 + rng.randrange(CENTURY_DAYS))
            words = " ".join(rng.choice(WORDS[:11]) for _ in range(rng.randrange(3, 12)))
            out.write(f"add --day {day} {words} {index}\n")
        out.write("commit\n")
    return paging, adds


def page_queries(paging, lines):
    """The sqlite3 script reading the notes of the page each line of `paging` shows, one
    query per page: the day selected after each next, prev and goto, from SELECTED_DAY."""
    path = os.path.join(WORK, f"pages-{lines}.sql")
    day = SELECTED_DAY
    with open(paging) as script, open(path, "w") as out:
        for line in script:
            words = line.split()
            if words[0] == "next":
                day += 1
            elif words[0] == "prev":
                day -= 1
            else:
                day = (datetime.date.fromisoformat(words[1]) - datetime.date(1970, 1, 1)).days
            out.write(f"SELECT id, body FROM notes WHERE day = {day} ORDER BY id;\n")
    return path


def line_mode(calpager, databases, tracer, results, runs, lines):
    paging, adds = shell_scripts(lines)
    pages = page_queries(paging, lines)
    for database in databases:
        command = [calpager, "--db", database.path, "shell"]
        # Paging: the same start each run, against two floors: the statements calpager ran,
        # replayed, and the sqlite3 CLI reading each page's notes with one query.
        run(database.reset_command(), stdout=subprocess.DEVNULL)
        script = tracer.script(f"shell-paging-{database.count}", command, paging)
        floor = floor_command(database.path, script)
        page_floor = ["sqlite3", "-bail", "-batch", database.path]
        reset = database.reset_command()
        (own, rss), (low, floor_rss), (page_low, page_rss) = interleaved(
            [(command, paging), (floor, None), (page_floor, pages)], runs,
            prepare=lambda: run(reset, stdout=subprocess.DEVNULL))
        rate = lines / own
        results.add(
            section="shell", name=f"`shell`: {lines:,} next/prev/goto", notes=size_label(database.count),
            figure=f"{rate:,.0f} cmd/s", floor=f"{lines / low:,.0f} cmd/s",
            ratio=f"{low / own:.2f}×", growth="—", rss=mib(rss), floor_rss=mib(floor_rss),
            targets="≥50,000 cmd/s, ≤32 MiB", verdict=verdict(rate >= 50_000 and rss <= 32),
            raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss})
        results.add(
            section="shell",
            name=f"`shell`: {lines:,} next/prev/goto vs sqlite3 reading each page's notes",
            notes=size_label(database.count), figure=f"{rate:,.0f} cmd/s",
            floor=f"{lines / page_low:,.0f} pages/s", ratio=f"{page_low / own:.2f}×",
            growth="—", rss=mib(rss), floor_rss=mib(page_rss),
            targets="≥1.0× (1.5× stretch), ≥40,000 cmd/s",
            verdict=verdict(page_low / own >= 1.0 and rate >= 40_000),
            raw={"own": own, "floor": page_low, "rss": rss, "floor_rss": page_rss})
        # Adds in one transaction: a fresh copy each run.
        database.copy_fresh()
        script = tracer.script(f"shell-adds-{database.count}", command, adds)
        floor = floor_command(database.path, script)
        (own, rss), (low, floor_rss) = interleaved(
            [(command, adds), (floor, None)], runs, prepare=database.copy_fresh)
        database.copy_fresh()
        rate = lines / own
        results.add(
            section="shell", name=f"`shell`: {lines:,} adds in begin…commit",
            notes=size_label(database.count), figure=f"{rate:,.0f} adds/s",
            floor=f"{lines / low:,.0f} adds/s", ratio=f"{low / own:.2f}×", growth="—",
            rss=mib(rss), floor_rss=mib(floor_rss), targets="≥20,000 adds/s, ≤32 MiB",
            verdict=verdict(rate >= 20_000 and rss <= 32),
            raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss})


EXPORT_SQL = (
    "SELECT uid, date(day * 86400, 'unixepoch') AS day, body, "
    "strftime('%Y-%m-%dT%H:%M:%fZ', created / 1000.0, 'unixepoch') AS created, "
    "strftime('%Y-%m-%dT%H:%M:%fZ', updated / 1000.0, 'unixepoch') AS updated "
    "FROM notes WHERE day BETWEEN -719162 AND 2932896 ORDER BY day, id")


def check_export(calpager, database):
    """calpager's jsonl export holds exactly what sqlite3 -json reads from the same rows."""
    ours = subprocess.run([calpager, "--db", database.path, "export", "--format", "jsonl"],
                          check=True, capture_output=True).stdout.decode()
    theirs = subprocess.run(["sqlite3", "-json", database.path, EXPORT_SQL], check=True,
                            capture_output=True).stdout.decode()
    ours = [json.loads(line) for line in ours.splitlines()]
    theirs = json.loads(theirs) if theirs.strip() else []
    if ours != theirs:
        for index, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                die(f"export differs from sqlite3 -json at note {index}: {a} != {b}")
        die(f"export has {len(ours)} notes, sqlite3 -json {len(theirs)}")


RAW_EXPORT_SQL = (
    "SELECT day, id, uid, body, created, updated FROM notes "
    "WHERE day BETWEEN -719162 AND 2932896 ORDER BY day, id")


def export_import(calpager, database, empty, results, runs):
    outputs = {}
    for fmt, mode in (("jsonl", "-json"), ("csv", "-csv")):
        command = [calpager, "--db", database.path, "export", "--format", fmt]
        floors = [("same fields", ["sqlite3", mode, "-header", database.path, EXPORT_SQL]),
                  ("raw columns", ["sqlite3", mode, "-header", database.path, RAW_EXPORT_SQL])]
        outputs[fmt] = os.path.join(WORK, f"export-{database.count}.{fmt}")
        with open(outputs[fmt], "wb") as out:
            run(command, stdout=out)
        size = os.path.getsize(outputs[fmt])
        measured = interleaved([(command, None)] + [(floor, None) for _, floor in floors], runs)
        own, rss = measured[0]
        for (label, floor), (low, floor_rss) in zip(floors, measured[1:]):
            floor_size = len(subprocess.run(floor, check=True, capture_output=True).stdout)
            ratio = (size / own) / (floor_size / low)
            results.add(
                section="export", name=f"`export --format {fmt}` vs `sqlite3 {mode}`, {label}",
                notes=size_label(database.count),
                figure=f"{size / own / 1e6:.0f} MB/s ({ms(own)}, {size / 1e6:.0f} MB)",
                floor=f"{floor_size / low / 1e6:.0f} MB/s ({ms(low)}, {floor_size / 1e6:.0f} MB)",
                ratio=f"{ratio:.2f}× MB/s, {low / own:.2f}× notes/s", growth="—",
                rss=mib(rss), floor_rss=mib(floor_rss), targets="≥1.5× MB/s, ≤32 MiB",
                verdict=verdict(ratio >= 1.5 and rss <= 32),
                raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss,
                     "bytes": size, "floor_bytes": floor_size})
    target = os.path.join(WORK, "import.db")

    def fresh_target():
        remove_database(target)
        shutil.copyfile(empty, target)

    source = table_csv(database)
    # Without insert triggers the application indexes notes for search itself, so the floor
    # builds the same indexes in the same transaction, with the fastest statements SQLite has.
    connection = sqlite3.connect(empty)
    trigger, = connection.execute(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'notes' "
        "AND sql LIKE '%AFTER INSERT%'").fetchone()
    connection.close()
    floor = ["sqlite3", "-bail", target, "BEGIN IMMEDIATE", f".import --csv {source} notes"]
    if not trigger:
        floor.append("INSERT INTO notes_fts (rowid, body) SELECT id, body FROM notes")
        floor.append("INSERT INTO notes_cjk (rowid, body) SELECT id, body FROM notes_cjk_text")
    floor.append("COMMIT")
    commands = [([calpager, "--db", target, "import", outputs[fmt]], None)
                for fmt in ("jsonl", "csv")]
    measured = interleaved(commands + [(floor, None)], runs, prepare=fresh_target)
    low, floor_rss = measured[-1]
    for fmt, (own, rss) in zip(("jsonl", "csv"), measured):
        rate = database.count / own
        results.add(
            section="import", name=f"`import` {fmt} vs `sqlite3 .import` csv",
            notes=size_label(database.count), figure=f"{rate:,.0f} notes/s ({ms(own)})",
            floor=f"{database.count / low:,.0f} notes/s ({ms(low)})",
            ratio=f"{low / own:.2f}×", growth="—", rss=mib(rss), floor_rss=mib(floor_rss),
            targets="≥1× notes/s, ≤32 MiB", verdict=verdict(low / own >= 1 and rss <= 32),
            raw={"own": own, "floor": low, "rss": rss, "floor_rss": floor_rss})
    fresh_target()


# MARK: - Report

def report(info, results, arguments, pressure):
    lines = [
        f"calpager benchmark, {info['date']}, commit {info['commit']}",
        "",
        f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory']}, Linux "
        f"{info['kernel']}; SQLite {info['sqlite']}; {info['swift']}; {info['hyperfine']}. "
        f"CPU pressure (some, avg60) {pressure[0]} % at the start, {pressure[1]} % at the end.",
        "Build: swift build -c release --static-swift-stdlib"
        + "".join(f" -Xswiftc {flag}" for flag in arguments.xswiftc) + ".",
        f"Runs: one-shot {arguments.runs} (hyperfine -N in 3 rounds, 3 warm-ups each), others {arguments.bulk_runs} "
        "(alternating with their floor); figures are medians, RSS is the peak (GNU time).",
        "",
        "| benchmark | notes | calpager | floor (sqlite3) | ratio | vs 10^3 | peak RSS | floor RSS "
        "| target | |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in results.rows:
        lines.append(
            f"| {row['name']} | {row['notes']} | {row['figure']} | {row['floor']} | "
            f"{row['ratio']} | {row['growth']} | {row['rss']} | {row['floor_rss']} | "
            f"{row['targets']} | {row['verdict']} |")
    lines += [
        "",
        "One-shot ratio: calpager's time over the floor's (lower is better); `vs 10^3` is the "
        "time over calpager's own time at 10^3 notes. Throughput ratios: calpager's over the "
        "floor's (higher is better). A floor is the sqlite3 CLI replaying the statements "
        "calpager ran (recorded with sqlite3_trace_v2); the export floor formats the same "
        "fields with date()/strftime(); the import floor is `.import` of a CSV in the notes "
        "table's own column order into the same schema (indexes, constraints) plus an "
        "`INSERT … SELECT` into each FTS5 index, in one transaction. Export floors: "
        "`same fields` formats the export's fields in SQL (date(), strftime()), `raw columns` "
        "prints the stored columns as they are.",
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="CI: 10^3 notes, 3 one-shot runs, 2 of the rest, 2,000 shell lines")
    parser.add_argument("--sizes", help="comma-separated note counts (default 1000,100000,1000000)")
    parser.add_argument("--runs", type=int, help="runs per one-shot command (default 15)")
    parser.add_argument("--bulk-runs", type=int,
                        help="runs per shell, export and import figure (default 10)")
    parser.add_argument("--lines", type=int, help="commands per shell session (default 100000)")
    parser.add_argument("--sections", default="oneshot,search,shell,export,browse,sync",
                        help="any of oneshot, search, shell, export (export includes import), "
                        "browse (key press to frame in calpager browse, through a pty), "
                        "sync (calpager sync with a vdir: sync_bench.py), calendars (pages "
                        "with 10^4 event files beside the largest size, against none and "
                        "khal: calendars_bench.py; not in the default list)")
    parser.add_argument("--sync-sizes",
                        help="note counts of the sync section (default 10000,100000)")
    parser.add_argument("--no-build", action="store_true", help="use the existing release build")
    parser.add_argument("--xswiftc", action="append", default=None, metavar="FLAG",
                        help="an -Xswiftc flag for the measured build, written with '=': "
                        "--xswiftc=-static-executable (repeatable; built in "
                        ".build/bench/build-*); default: the README's release build, "
                        + " ".join(f"--xswiftc={flag}" for flag in RELEASE_FLAGS))
    parser.add_argument("--plain", action="store_true",
                        help="measure the build with --static-swift-stdlib alone")
    parser.add_argument("--fresh", action="store_true", help="rebuild the cached databases")
    parser.add_argument("--print-binary", action="store_true",
                        help="print the path of the measured build (made unless --no-build) "
                        "and stop: .ci/bench runs tests against it")
    parser.add_argument("--output", default=os.path.join(CACHE, "results.md"))
    arguments = parser.parse_args()
    if arguments.xswiftc is None:
        arguments.xswiftc = [] if arguments.plain else list(RELEASE_FLAGS)
    if arguments.quick:
        arguments.sizes = arguments.sizes or "1000"
        arguments.runs = arguments.runs or 3
        arguments.bulk_runs = arguments.bulk_runs or 2
        arguments.lines = arguments.lines or 2000
        arguments.sync_sizes = arguments.sync_sizes or "1000"
    sizes = [int(size) for size in (arguments.sizes or "1000,100000,1000000").split(",")]
    arguments.runs = arguments.runs or 15
    arguments.bulk_runs = arguments.bulk_runs or 10
    arguments.lines = arguments.lines or 100_000
    sections = set(arguments.sections.split(","))

    if arguments.print_binary:
        print(build(arguments.no_build, arguments.xswiftc))
        return
    os.environ.update(ENVIRONMENT)
    os.makedirs(WORK, exist_ok=True)
    ensure_tools(("strace",) if "sync" in sections else ())
    calpager = build(arguments.no_build, arguments.xswiftc)
    traced = build(arguments.no_build, []) if arguments.xswiftc else calpager
    tracer = Tracer(build_shim(), calpager, traced)
    info = machine()
    start_pressure = cpu_pressure()
    databases = []
    if sections - {"sync"}:  # the sync section makes its own, of --sync-sizes
        databases = [Database(calpager, count, arguments.fresh) for count in sorted(sizes)]
    results = Results()
    if "oneshot" in sections:
        one_shot(calpager, databases, tracer, results, arguments.runs)
    if "search" in sections:
        search(calpager, databases, tracer, results, arguments.runs)
    if "shell" in sections:
        line_mode(calpager, databases, tracer, results, arguments.bulk_runs, arguments.lines)
    if "browse" in sections:
        import browse_keys
        browse_keys.section(calpager, databases, results, 50 if arguments.quick else 400,
                            size_label, ms)
    if "export" in sections:
        check_export(calpager, databases[0])
        export_import(calpager, databases[-1], empty_database(calpager), results,
                      arguments.bulk_runs)
    if "calendars" in sections:
        import calendars_bench
        calendars_bench.section(sys.modules[__name__], calpager, sizes[-1], results,
                                arguments.runs, arguments.no_build)
    if "sync" in sections:
        import sync_bench
        sync_sizes = [int(size) for size in (arguments.sync_sizes or "10000,100000").split(",")]
        sync_bench.section(sys.modules[__name__], calpager, sync_sizes, results,
                           arguments.bulk_runs, arguments.fresh)
    table = report(info, results, arguments, (start_pressure, cpu_pressure()))
    print(table)
    with open(arguments.output, "w") as out:
        out.write(table + "\n")
    with open(os.path.splitext(arguments.output)[0] + ".json", "w") as out:
        json.dump({"machine": info, "rows": results.rows}, out, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
