#!/usr/bin/env python3
"""calpager's reliability harness: proves a user's notes survive crashes, I/O faults and
concurrent writers, by running the real binary on real SQLite files.

    python3 Tests/Reliability/reliability.py            reduced run, for CI (a few minutes)
    python3 Tests/Reliability/reliability.py --full     the full run (about 8 minutes on 2 cores, release build)
    python3 Tests/Reliability/reliability.py --only crash-add,faults --seed 7 --keep

Tests (each prints ONE summary line with its counts; the exit status is 1 if any failed):

  crash-add     `calpager add` in a loop, SIGKILLed at a random moment each round (some
                rounds start from no database, so kills land in the migration too). After
                each round: `calpager check` passes, every acknowledged note (exit 0 and
                printed back) is there exactly once, the killed one at most once and whole,
                nothing else is there, and the next command works.
  crash-import  `calpager import` of a large JSON Lines file into a copy of a database
                holding other notes, SIGKILLed at a random moment (half the rounds aim at
                the end, where the commit is). After each round: `check` passes, the import
                is all there or not at all, the other notes are untouched, and the next
                command works (an idempotent re-import adds exactly what is missing).
  faults        strace fault injection: the Nth write (pwrite64, ENOSPC) or the Nth sync
                (fdatasync, EIO), N = 1, 2, … until the command completes, during add, edit,
                goto, import and the migration of a new database. Every run either succeeds
                (its change is there) or exits non-zero with exactly one `Error: ` line and
                the database logically unchanged and intact after reopening; the same
                command then succeeds. `--full` also keeps the fault on from the Nth call on
                (a disk that stays full).
  output-faults the Nth write to standard output (strace -P on the file it is redirected to)
                and the Nth write or sync of an `export -o` file, the Nth page write of a
                `backup`, failed with ENOSPC and EIO, N = 1, 2, … until the command completes,
                for export, show, list --json, shell and shell --json (with a transaction):
                every run with a fault exits 1 with one error line (only a failed sync of
                the directory after the rename may pass, as SQLite lets it pass), the target
                is its old self or the whole new file, no temporary file is left, and no
                transaction is kept by halves.
  concurrency   8 processes adding 500 notes each, in pairs (`begin`, two adds, `commit` in
                `calpager shell`), while 2 line-mode sessions page, list and search the same
                database: 4,000 of 4,000 notes, no process reports an error, `check` passes,
                no reader ever sees one note of a pair without the other (a torn
                transaction) or a day losing notes it showed before (a stale view).
  sync-race     a writer replacing one item file by rename in a tight loop (as vdirsyncer
                from cron) while calpager edits its note and syncs, 40 rounds (300 with
                --full): every version of the writer that calpager replaced is in the
                database (the note, a conflict copy or the undo history): 0 lost.
                Then sync-remove-race: the writer replaces an item file once while the sync
                removes it (its note was removed), 30 rounds (200 with --full), the
                replacement at a random moment: every version it wrote survives, as a note,
                a conflict copy or a file: 0 lost.
  concurrency-control  the same with writers that commit the two notes of a pair
                separately: the torn-pair check must catch it (it shows the check can fail).
                `--full` also runs `concurrency-oneshot`, one short-lived process per pair.

Needs python3 (standard library only), strace (installed with apt-get when missing and run
as root) and a built calpager (built here with `swift build` unless --binary is given).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import fcntl
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import string
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TODAY = "2024-05-15"


# MARK: - Running calpager


@dataclass
class Result:
    status: int
    stdout: str
    stderr: str
    seconds: float = 0.0


class Calpager:
    """Runs the binary with a fixed, reproducible environment."""

    def __init__(self, binary: str):
        self.binary = binary
        self.env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("CALPAGER_DB", "EDITOR", "VISUAL", "COLUMNS", "CALPAGER_BUSY_TIMEOUT_MS")
        }
        self.env.update({"TZ": "UTC", "NO_COLOR": "1", "CALPAGER_TODAY": TODAY, "LC_ALL": "C.UTF-8"})

    def command(self, db: Path, *args: str) -> list[str]:
        return [self.binary, "--db", str(db), *args]

    def run(self, db: Path, *args: str, stdin: bytes | None = None, prefix: list[str] | None = None,
            timeout: float = 600) -> Result:
        start = time.monotonic()
        proc = subprocess.run(
            (prefix or []) + self.command(db, *args),
            input=stdin, stdin=None if stdin is not None else subprocess.DEVNULL,
            capture_output=True, env=self.env, timeout=timeout)
        return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"),
                      proc.stderr.decode("utf-8", "replace"), time.monotonic() - start)

    def run_killed_at(self, db: Path, deadline: float, *args: str, stdin: bytes | None = None) -> Result:
        """Runs a command and SIGKILLs it at `deadline` (time.monotonic()) if still running.

        The kill goes through a pidfd, so it can never reach another process that reused the
        pid after this one was reaped.
        """
        start = time.monotonic()
        proc = subprocess.Popen(
            self.command(db, *args), env=self.env,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        pidfd = os.pidfd_open(proc.pid)

        def kill() -> None:
            try:
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(max(0.0, deadline - time.monotonic()), kill)
        timer.start()
        try:
            out, err = proc.communicate(stdin)
        finally:
            timer.cancel()
            timer.join()
            os.close(pidfd)
        return Result(proc.returncode, out.decode("utf-8", "replace"),
                      err.decode("utf-8", "replace"), time.monotonic() - start)

    def check(self, db: Path) -> str | None:
        """`calpager check --json` on `db`: None when sound, else what was wrong."""
        result = self.run(db, "--json", "check")
        if result.status != 0:
            return f"check exited {result.status}: {result.stderr.strip() or result.stdout.strip()}"
        try:
            report = json.loads(result.stdout)
        except ValueError:
            return f"check printed no JSON: {result.stdout!r}"
        if not (report.get("ok") and report.get("integrity") == "ok" and report.get("searchIndex")):
            return f"check found problems: {result.stdout.strip()}"
        # A second implementation's view: Python's own sqlite3.
        if (bad := integrity(db)) != ["ok"]:
            return f"Python's integrity_check says {bad[:3]}"
        return None


# MARK: - Looking into the database (Python's own sqlite3, a second implementation's view)


def connect(db: Path) -> sqlite3.Connection:
    # mode=rw: never create the file; a hot journal left by a crash is rolled back on open.
    return sqlite3.connect(f"file:{db}?mode=rw", uri=True, timeout=30, isolation_level=None)


def integrity(db: Path) -> list[str]:
    with closing(connect(db)) as conn:
        return [row[0] for row in conn.execute("PRAGMA integrity_check")]


LOGICAL_TABLES = ("notes", "state", "settings", "actions", "action_notes", "calpager_migrations")


def logical_state(db: Path) -> dict[str, list[tuple]] | None:
    """Everything a user could tell apart: notes, selection, settings, undo history, schema.

    None for a database that holds nothing yet (no file, an empty file, or no tables).
    """
    if not db.exists() or db.stat().st_size == 0:
        return None
    with closing(connect(db)) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        if not tables:
            return None
        return {
            table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
            for table in LOGICAL_TABLES if table in tables
        }


def note_bodies(db: Path) -> collections.Counter:
    with closing(connect(db)) as conn:
        return collections.Counter(row[0] for row in conn.execute("SELECT body FROM notes"))


def remove_database(db: Path) -> None:
    for path in (db, Path(str(db) + "-journal"), Path(str(db) + "-wal"), Path(str(db) + "-shm")):
        path.unlink(missing_ok=True)


def journal_left(db: Path) -> bool:
    """Whether a killed transaction left its rollback journal behind, with content (a crash
    while the database file was being changed: the next opener must roll it back)."""
    journal = Path(str(db) + "-journal")
    return journal.exists() and journal.stat().st_size > 0


def copy_database(source: Path, target: Path) -> None:
    remove_database(target)
    shutil.copyfile(source, target)


# MARK: - Reporting


@dataclass
class Outcome:
    name: str
    counts: dict[str, object] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def fail(self, message: str) -> None:
        self.failures.append(message)

    @property
    def ok(self) -> bool:
        return not self.failures

    def line(self) -> str:
        counts = " ".join(f"{key}={value}" for key, value in self.counts.items())
        verdict = "ok" if self.ok else "FAILED"
        return f"{self.name}: {verdict} {counts} failures={len(self.failures)} ({self.seconds:.1f} s)"


def random_text(rng: random.Random, length: int) -> str:
    """Words of mixed scripts, newlines and punctuation; no leading or trailing white space."""
    alphabet = string.ascii_letters + string.digits + "éüßñ日本語中文한국어ΩЖ🙂👍🏽,.;:!?'\"()[]{}<>*#%&/\\"
    words = []
    total = 0
    while total < length:
        word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        words.append(word)
        total += len(word) + 1
        if rng.random() < 0.03:
            words.append("\n")
    return " ".join(words).strip() or "x"


def day_string(rng: random.Random, year_from: int = 2023, year_to: int = 2025) -> str:
    return f"{rng.randint(year_from, year_to):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


# MARK: - 1. Crash harness: add


def crash_add(cal: Calpager, work: Path, rounds: int, rng: random.Random) -> Outcome:
    outcome = Outcome("crash-add")
    db = work / "crash-add.db"
    # How long one add takes, to spread the kills over whole commands.
    probe = work / "crash-add-probe.db"
    durations = [cal.run(probe, "add", "--day", TODAY, f"probe {i}").seconds for i in range(6)]
    mean = sum(durations[1:]) / len(durations[1:])
    acked: set[str] = set()
    commands = killed = landed = fresh = kill_in_migration = journals = 0
    expected = found = 0

    def tally() -> None:
        """Counts the acknowledged notes of this database, before it is dropped."""
        nonlocal expected, found
        if db.exists():
            counts = note_bodies(db)
            expected += len(acked)
            found += sum(1 for body in acked if counts[body] == 1)

    for number in range(rounds):
        if number % 20 == 0:
            # Start from no file: the round's first command migrates, and may be killed there.
            tally()
            remove_database(db)
            acked.clear()
            fresh += 1
        new_database = not db.exists()
        deadline = time.monotonic() + rng.uniform(0, 4 * mean)
        killed_body = None
        sequence = 0
        while True:
            size = rng.random()
            if size < 0.02:
                body = f"crash-add r{number} n{sequence} " + random_text(rng, rng.randint(150_000, 400_000))
            elif size < 0.10:
                body = f"crash-add r{number} n{sequence} " + random_text(rng, rng.randint(2_000, 20_000))
            else:
                body = f"crash-add r{number} n{sequence} " + random_text(rng, rng.randint(0, 300))
            day = day_string(rng)
            if len(body) > 100_000:  # past what argv allows; `add -` reads standard input
                result = cal.run_killed_at(db, deadline, "--json", "add", "--day", day, "-",
                                           stdin=body.encode())
            else:
                result = cal.run_killed_at(db, deadline, "--json", "add", "--day", day, "--", body)
            commands += 1
            if result.status == -signal.SIGKILL:
                killed += 1
                killed_body = body
                if new_database and sequence == 0:
                    kill_in_migration += 1
                break
            if result.status != 0:
                outcome.fail(f"round {number}: add exited {result.status}: {result.stderr.strip()}")
                break
            try:
                printed = json.loads(result.stdout)
            except ValueError:
                printed = {}
            if printed.get("body") != body or printed.get("day") != day:
                outcome.fail(f"round {number}: add printed {result.stdout[:200]!r}, not the note")
            acked.add(body)
            sequence += 1
        journals += journal_left(db)
        problem = cal.check(db)
        if problem:
            outcome.fail(f"round {number}: after the kill, {problem}")
            continue
        counts = note_bodies(db)
        for body in acked:
            if counts[body] != 1:
                outcome.fail(f"round {number}: acknowledged note {body[:40]!r} found {counts[body]} times")
        if killed_body is not None:
            if counts[killed_body] > 1:
                outcome.fail(f"round {number}: killed note stored {counts[killed_body]} times")
            elif counts[killed_body] == 1:
                landed += 1
                acked.add(killed_body)
        unexpected = [body for body in counts if body not in acked]
        if unexpected:
            outcome.fail(f"round {number}: {len(unexpected)} notes nobody added, e.g. {unexpected[0][:60]!r}")
    # The next command works, and what is there is all that was acknowledged.
    final = cal.run(db, "--json", "add", "--day", TODAY, "after the last kill")
    if final.status != 0:
        outcome.fail(f"add after the last round exited {final.status}: {final.stderr.strip()}")
    else:
        acked.add("after the last kill")
    tally()
    if found != expected:
        outcome.fail(f"{expected - found} of {expected} acknowledged notes missing or stored twice at the end")
    outcome.counts = {
        "rounds": rounds, "commands": commands, "kills": killed,
        "killed_commands_that_landed": landed, "kills_on_new_database": kill_in_migration,
        "journals_left_to_roll_back": journals,
        "fresh_databases": fresh, "notes_expected": expected, "notes_found": found,
        "notes_lost": expected - found,
    }
    return outcome


# MARK: - 1. Crash harness: import


def write_jsonl(path: Path, records: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as file:
        for record in records:
            file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


def import_records(rng: random.Random, prefix: str, count: int, max_length: int = 400) -> list[dict]:
    records = []
    for index in range(count):
        created = 1_700_000_000_000 + rng.randint(0, 10**10)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created // 1000)) + f".{created % 1000:03d}Z"
        records.append({
            "uid": f"{prefix}-{index:06d}", "day": day_string(rng),
            "body": f"{prefix} {index} " + random_text(rng, rng.randint(10, max_length)),
            "created": stamp, "updated": stamp,
        })
    return records


def count_uids(db: Path, prefix: str) -> int:
    with closing(connect(db)) as conn:
        return conn.execute("SELECT count(*) FROM notes WHERE uid LIKE ?", (prefix + "-%",)).fetchone()[0]


def notes_with_prefix(db: Path, prefix: str) -> list[tuple]:
    with closing(connect(db)) as conn:
        return conn.execute(
            "SELECT id, uid, day, body, created, updated FROM notes WHERE uid LIKE ? ORDER BY id",
            (prefix + "-%",)).fetchall()


def crash_import(cal: Calpager, work: Path, rounds: int, size: int, rng: random.Random) -> Outcome:
    outcome = Outcome("crash-import")
    base = work / "crash-import-base.db"
    base_file = work / "base.jsonl"
    write_jsonl(base_file, import_records(rng, "base", 1000))
    for args in (("import", str(base_file)), ("goto", "2024-06-01"), ("config", "set", "menu-position", "bottom")):
        result = cal.run(base, *args)
        if result.status != 0:
            outcome.fail(f"preparing the base database: {' '.join(args)}: {result.stderr.strip()}")
            return outcome
    base_notes = notes_with_prefix(base, "base")
    base_state = logical_state(base)
    big = work / "big.jsonl"
    write_jsonl(big, import_records(rng, "imp", size))
    db = work / "crash-import.db"
    # How long a whole import takes, to aim the kills.
    timings = []
    for _ in range(2):
        copy_database(base, db)
        result = cal.run(db, "import", str(big))
        if result.status != 0:
            outcome.fail(f"an uninterrupted import failed: {result.stderr.strip()}")
            return outcome
        timings.append(result.seconds)
    duration = min(timings)
    none = whole = completed = partial = reimports = journals = 0
    for number in range(rounds):
        copy_database(base, db)
        share = rng.uniform(0, 1.05) if number % 2 == 0 else rng.uniform(0.75, 1.05)
        result = cal.run_killed_at(db, time.monotonic() + share * duration, "import", str(big))
        was_killed = result.status == -signal.SIGKILL
        if not was_killed and result.status != 0:
            outcome.fail(f"round {number}: import exited {result.status}: {result.stderr.strip()}")
            continue
        journals += journal_left(db)
        problem = cal.check(db)
        if problem:
            outcome.fail(f"round {number}: after the kill, {problem}")
            continue
        present = count_uids(db, "imp")
        if present not in (0, size):
            partial += 1
            outcome.fail(f"round {number}: half an import: {present} of {size} notes")
        elif not was_killed:
            completed += 1
            if present != size:
                outcome.fail(f"round {number}: import said it finished but {present} of {size} are there")
        elif present == 0:
            none += 1
        else:
            whole += 1
        if notes_with_prefix(db, "base") != base_notes:
            outcome.fail(f"round {number}: the notes that were there before changed")
        if present == 0:
            state = logical_state(db)
            if state != base_state:
                outcome.fail(f"round {number}: no import, but the database changed")
        # The next command works: every fourth round a re-import (idempotent: it adds exactly
        # what is missing), otherwise an add.
        if number % 4 == 0:
            again = cal.run(db, "--json", "import", str(big))
            reimports += 1
            added = json.loads(again.stdout).get("added") if again.status == 0 else None
            if again.status != 0 or added != size - present or count_uids(db, "imp") != size:
                outcome.fail(f"round {number}: re-import exited {again.status}, added {added}, "
                             f"expected {size - present}: {again.stderr.strip()}")
        else:
            again = cal.run(db, "add", "--day", TODAY, "after the kill")
            if again.status != 0:
                outcome.fail(f"round {number}: add after the kill exited {again.status}: {again.stderr.strip()}")
    outcome.counts = {
        "rounds": rounds, "notes_per_import": size, "import_seconds": round(duration, 2),
        "killed_before_commit": none, "killed_after_commit": whole, "finished_before_kill": completed,
        "partial_imports": partial, "journals_left_to_roll_back": journals, "reimports": reimports,
    }
    return outcome


# MARK: - 2. I/O faults


@dataclass
class Scenario:
    name: str
    args: list[str]
    fresh: bool  # runs on no database (the migration), else on a copy of the base database
    applied: object  # (db) -> bool: whether the command's change is there


def fault_scenarios(work: Path, rng: random.Random, base: Path) -> list[Scenario]:
    small = work / "fault-import.jsonl"
    write_jsonl(small, import_records(rng, "fimp", 150))
    with closing(connect(base)) as conn:
        edit_id = conn.execute("SELECT id FROM notes ORDER BY id LIMIT 1 OFFSET 3").fetchone()[0]

    def body_of(db: Path, note_id: int) -> str | None:
        with closing(connect(db)) as conn:
            row = conn.execute("SELECT body FROM notes WHERE id = ?", (note_id,)).fetchone()
            return row[0] if row else None

    def selected(db: Path) -> int | None:
        with closing(connect(db)) as conn:
            return conn.execute("SELECT selected_day FROM state").fetchone()[0]

    june_2 = 19876  # 2024-06-02 in days since 1970-01-01
    return [
        Scenario("add", ["add", "--day", "2024-05-02", "written under faults"], False,
                 lambda db: note_bodies(db)["written under faults"] == 1),
        Scenario("edit", ["edit", str(edit_id), "edited under faults"], False,
                 lambda db: body_of(db, edit_id) == "edited under faults"),
        Scenario("goto", ["goto", "2024-06-02"], False, lambda db: selected(db) == june_2),
        Scenario("import", ["import", str(small)], False, lambda db: count_uids(db, "fimp") == 150),
        Scenario("migrate", ["add", "--day", "2024-05-02", "first note"], True,
                 lambda db: note_bodies(db)["first note"] == 1),
    ]


def syscall_counts(cal: Calpager, db: Path, args: list[str], work: Path) -> dict[str, int]:
    """Which write and sync calls SQLite really makes here (`strace -f -c`)."""
    summary = work / "strace-summary.txt"
    cal.run(db, *args, prefix=["strace", "-f", "-c", "-o", str(summary),
                               "-e", "trace=write,pwrite64,pwritev,pwritev2,fsync,fdatasync"])
    counts = {}
    for line in summary.read_text().splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[-1] in ("write", "pwrite64", "pwritev", "pwritev2", "fsync", "fdatasync"):
            counts[fields[-1]] = int(fields[3])
    return counts


def faults(cal: Calpager, work: Path, persistent: bool, rng: random.Random) -> Outcome:
    outcome = Outcome("faults")
    if shutil.which("strace") is None:
        outcome.fail("strace is not installed (apt-get install strace)")
        return outcome
    base = work / "fault-base.db"
    for args in (("import", str(_fault_base_file(work, rng))), ("goto", "2024-05-10"),
                 ("config", "set", "menu-position", "bottom")):
        result = cal.run(base, *args)
        if result.status != 0:
            outcome.fail(f"preparing the base database: {result.stderr.strip()}")
            return outcome
    db = work / "fault.db"
    trace = work / "fault-trace.txt"
    scenarios = fault_scenarios(work, rng, base)
    # Inject on the calls SQLite really makes: pwrite64/fdatasync here, write/fsync elsewhere.
    copy_database(base, db)
    used = syscall_counts(cal, db, scenarios[0].args, work)
    write_call = "pwrite64" if used.get("pwrite64") else "write"
    sync_call = "fdatasync" if used.get("fdatasync") else "fsync"
    kinds = [(write_call, "ENOSPC", ""), (sync_call, "EIO", "")]
    if persistent:
        kinds += [(write_call, "ENOSPC", "+"), (sync_call, "EIO", "+")]
    runs = injected_total = failed_cleanly = survived = 0
    messages: collections.Counter = collections.Counter()
    per_kind = collections.Counter()
    for scenario in scenarios:
        for call, error, repeat in kinds:
            for nth in range(1, 5000):
                if scenario.fresh:
                    remove_database(db)
                else:
                    copy_database(base, db)
                before = logical_state(db)
                trace.unlink(missing_ok=True)
                result = cal.run(db, *scenario.args, prefix=[
                    "strace", "-f", "-qq", "-o", str(trace), "-e", f"trace={call}",
                    "-e", f"inject={call}:error={error}:when={nth}{repeat}"])
                runs += 1
                injected = trace.read_text().count("(INJECTED)") if trace.exists() else 0
                label = f"{scenario.name} {call}={error} at call {nth}{repeat}"
                if injected == 0:
                    if nth == 1:
                        outcome.fail(f"{scenario.name}: no {call} call was made, so nothing was injected")
                    # Past the last call: the command ran without a fault and must have worked.
                    if result.status != 0 or not scenario.applied(db):
                        outcome.fail(f"{label}: no fault injected, yet exit {result.status}: {result.stderr.strip()}")
                    per_kind[f"{scenario.name}:{call}{repeat}"] = nth - 1
                    break
                injected_total += injected
                if result.status == 0:
                    survived += 1
                    problem = cal.check(db)
                    if not scenario.applied(db) or problem:
                        outcome.fail(f"{label}: exit 0 but the change is missing or damaged: {problem}")
                    continue
                failed_cleanly += 1
                lines = result.stderr.splitlines()
                if result.status != 1 or len(lines) != 1 or not lines[0].startswith("Error: ") or result.stdout:
                    outcome.fail(f"{label}: exit {result.status}, stdout {result.stdout[:80]!r}, "
                                 f"stderr {result.stderr[:300]!r}; expected one 'Error: ' line, exit 1")
                if lines:
                    messages[re.sub(r"'[^']*'", "'…'", lines[0])] += 1
                # Read before `calpager check`, which opens the database (and would finish a
                # migration the failed command left undone).
                after = logical_state(db)
                if after != before and not (scenario.fresh and _holds_no_notes(after)):
                    outcome.fail(f"{label}: the command failed but the database changed")
                problem = cal.check(db) if db.exists() and db.stat().st_size > 0 else None
                if problem:
                    outcome.fail(f"{label}: after the failure, {problem}")
                # The same command, without a fault, now works.
                again = cal.run(db, *scenario.args)
                if again.status != 0 or not scenario.applied(db):
                    outcome.fail(f"{label}: the command without a fault then exited {again.status}: "
                                 f"{again.stderr.strip()}")
            else:
                outcome.fail(f"{scenario.name} {call}{repeat}: still injecting after 5000 calls")
    outcome.counts = {
        "syscalls_used": "+".join(f"{name}:{count}" for name, count in sorted(used.items())),
        "runs": runs, "faults_injected": injected_total, "failed_cleanly": failed_cleanly,
        "succeeded_despite_fault": survived,
        "calls_per_command": ",".join(f"{key}={value}" for key, value in per_kind.items()),
    }
    outcome.notes = [f"{count:5d} × {message}" for message, count in messages.most_common()]
    return outcome


# MARK: - 2b. Output faults


@dataclass
class OutputScenario:
    name: str
    args: list[str]
    call: str  # the system call failed: write (our output), fsync (-o's sync), pwrite64 (backup)
    to_stdout: bool  # the fault hits only writes to standard output (strace -P), else every call
    stdin: bytes | None = None


def output_fault_scenarios(work: Path) -> list[OutputScenario]:
    out = str(work / "of-out.jsonl")
    copy = str(work / "of-copy.db")
    tx = ("add --day 2024-05-01 \"of before\"\nbegin\nadd --day 2024-05-01 \"of a\"\n"
          + "show\n" * 300 + "add --day 2024-05-01 \"of b\"\ncommit\nlist 2024-05\n").encode()
    return [
        OutputScenario("export", ["export"], "write", True),
        OutputScenario("show", ["show"], "write", True),
        OutputScenario("list-json", ["--json", "list", "2024-05"], "write", True),
        OutputScenario("shell", ["shell"], "write", True, tx),
        OutputScenario("shell-json", ["shell", "--json"], "write", True, tx),
        OutputScenario("export-o", ["export", "-o", out], "write", False),
        OutputScenario("export-o-sync", ["export", "-o", out], "fsync", False),
        OutputScenario("backup", ["backup", copy], "pwrite64", False),
    ]


def output_faults(cal: Calpager, work: Path, full: bool, rng: random.Random) -> Outcome:
    """ENOSPC and EIO on the Nth write to standard output and to `-o` files (and the Nth
    sync of an `-o` file, the Nth page write of a backup), N = 1, 2, … until the command
    completes. Every run with a fault either fails cleanly (exit 1, one `Error: ` line on
    stderr) or, for a failed directory sync that SQLite would ignore too, succeeds whole; the
    target file is its old self or the whole new one, never a part, and no temporary file is
    left; the database is unchanged but for whole transactions. A backup's page writes (about
    1,300 here) are failed every 4th in the full run and every 13th in the reduced one (the
    database fault test covers SQLite's own writes call by call)."""
    outcome = Outcome("output-faults")
    if shutil.which("strace") is None:
        outcome.fail("strace is not installed (apt-get install strace)")
        return outcome
    base = work / "of-base.db"
    records = work / "of-base.jsonl"
    write_jsonl(records, import_records(rng, "ofbase", 2500, max_length=300))
    for args in (("import", str(records)), ("goto", "2024-05-10")):
        result = cal.run(base, *args)
        if result.status != 0:
            outcome.fail(f"preparing the base database: {result.stderr.strip()}")
            return outcome
    db = work / "of.db"
    stdout_path = work / "of-stdout.txt"
    trace = work / "of-trace.txt"
    out = work / "of-out.jsonl"
    old = b"the old file\n"
    runs = injected_total = failed_cleanly = survived = 0
    per_kind = collections.Counter()
    messages: collections.Counter = collections.Counter()
    for scenario in output_fault_scenarios(work):
        copy_database(base, db)
        # What a run without a fault writes: the reference for "the whole new file".
        out.write_bytes(old)
        reference = cal.run(db, *scenario.args, stdin=scenario.stdin)
        if reference.status != 0:
            outcome.fail(f"{scenario.name}: fails without a fault: {reference.stderr.strip()[:200]}")
            continue
        whole = out.read_bytes() if scenario.name.startswith("export-o") else None
        for error in ("ENOSPC", "EIO"):
            if scenario.call == "fsync" and error == "ENOSPC":
                continue
            step = 1 if scenario.call != "pwrite64" else 4 if full else 13
            for nth in range(1, 5000, step):
                copy_database(base, db)
                before = logical_state(db)
                out.write_bytes(old)
                Path(work / "of-copy.db").unlink(missing_ok=True)
                trace.unlink(missing_ok=True)
                prefix = ["strace", "-f", "-qq", "-o", str(trace)]
                if scenario.to_stdout:
                    prefix += ["-P", str(stdout_path)]
                prefix += ["-e", f"trace={scenario.call}",
                           "-e", f"inject={scenario.call}:error={error}:when={nth}"]
                with open(stdout_path, "wb") as stdout_file:
                    proc = subprocess.run(
                        prefix + cal.command(db, *scenario.args), input=scenario.stdin,
                        stdin=None if scenario.stdin is not None else subprocess.DEVNULL,
                        stdout=stdout_file, stderr=subprocess.PIPE, env=cal.env, timeout=600)
                runs += 1
                stderr = proc.stderr.decode("utf-8", "replace")
                injected = trace.read_text().count("(INJECTED)") if trace.exists() else 0
                label = f"{scenario.name} {scenario.call}={error} at call {nth}"
                leftovers = [p.name for p in work.iterdir() if ".tmp-" in p.name or "calpager-backup" in p.name]
                if leftovers:
                    outcome.fail(f"{label}: temporary files left: {leftovers}")
                    for name in leftovers:
                        (work / name).unlink(missing_ok=True)
                if whole is not None and out.read_bytes() not in (old, whole):
                    outcome.fail(f"{label}: the -o file is neither the old one nor the whole export")
                state = logical_state(db)
                if scenario.name.startswith("shell"):
                    bodies = note_bodies(db)
                    if bodies["of a"] != bodies["of b"]:
                        outcome.fail(f"{label}: half a transaction was kept")
                elif state != before:
                    outcome.fail(f"{label}: the database changed")
                if injected == 0:
                    if nth == 1:
                        outcome.fail(f"{scenario.name}: no {scenario.call} call was made")
                    if proc.returncode != 0:
                        outcome.fail(f"{label}: no fault injected, yet exit {proc.returncode}: {stderr.strip()}")
                    per_kind[f"{scenario.name}:{scenario.call}"] = nth - step
                    break
                injected_total += injected
                if proc.returncode == 0:
                    # Only a failed sync of the directory after the rename may pass unreported.
                    survived += 1
                    if scenario.call != "fsync" or (whole is not None and out.read_bytes() != whole):
                        outcome.fail(f"{label}: exit 0 after a failed {scenario.call}")
                    continue
                failed_cleanly += 1
                lines = stderr.splitlines()
                clean = proc.returncode == 1 and len(lines) == 1 and (
                    lines[0].startswith("Error: ") or lines[0].startswith('{"error":'))
                if not clean:
                    outcome.fail(f"{label}: exit {proc.returncode}, stderr {stderr[:300]!r}; "
                                 "expected one error line, exit 1")
                if lines:
                    messages[re.sub(r"'[^']*'|line \d+", "…", lines[0])] += 1
    outcome.counts = {
        "runs": runs, "faults_injected": injected_total, "failed_cleanly": failed_cleanly,
        "succeeded_despite_fault": survived,
        "calls_per_command": ",".join(f"{key}={value}" for key, value in per_kind.items()),
    }
    outcome.notes = [f"{count:5d} × {message}" for message, count in messages.most_common()]
    return outcome


def _fault_base_file(work: Path, rng: random.Random) -> Path:
    path = work / "fault-base.jsonl"
    write_jsonl(path, import_records(rng, "fbase", 40))
    return path


def _holds_no_notes(state: dict | None) -> bool:
    return state is None or not state.get("notes")


# MARK: - 3. Concurrency


F_SETPIPE_SZ = 1031  # from <fcntl.h>; Python 3.10+ also names it fcntl.F_SETPIPE_SZ
PAIR = re.compile(r"^cw(\d+) p(\d+) ([ab])$")


class Reader:
    """A `calpager shell --json` session fed paging and search commands until told to stop."""

    def __init__(self, cal: Calpager, db: Path, rng: random.Random, pairs: int, stop: threading.Event):
        self.proc = subprocess.Popen(
            cal.command(db, "shell", "--json"), env=cal.env, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # A one-page pipe: the feeder blocks when the session falls behind, instead of queueing
        # thousands of commands it would work through after the writers are done.
        fcntl.fcntl(self.proc.stdin.fileno(), F_SETPIPE_SZ, 4096)
        self.rng = rng
        self.pairs = pairs
        self.stop = stop
        self.out = b""
        self.err = b""
        self.threads = [threading.Thread(target=self._feed), threading.Thread(target=self._drain_out),
                        threading.Thread(target=self._drain_err)]
        for thread in self.threads:
            thread.start()

    def _command(self) -> str:
        pick = self.rng.random()
        if pick < 0.35:
            return f"goto 2024-05-{self.rng.randint(1, 28):02d}"
        if pick < 0.55:
            return "next"
        if pick < 0.70:
            return "prev"
        if pick < 0.75:
            return "next --with-notes"
        if pick < 0.82:
            return "show"
        if pick < 0.88:
            return "list 2024-05"
        return f"search p{self.rng.randrange(self.pairs)}"

    def _feed(self) -> None:
        try:
            while not self.stop.is_set():
                self.proc.stdin.write((self._command() + "\n").encode())
                self.proc.stdin.flush()
                time.sleep(self.rng.uniform(0, 0.004))
            for command in ["list 2024-05"] + [f"goto 2024-05-{day:02d}" for day in range(1, 29)]:
                self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.close()
        except BrokenPipeError:
            pass

    def _drain_out(self) -> None:
        self.out = self.proc.stdout.read()

    def _drain_err(self) -> None:
        self.err = self.proc.stderr.read()

    def finish(self) -> list[str]:
        """Waits for the session; returns what went wrong (nothing when all is well).

        `next --with-notes` past the last day with notes fails by design (the selection stays
        and the error says why); any other error, or such an error without exit 1, is wrong.
        With --json a line's error is its one answer on stdout; stderr must stay empty.
        """
        for thread in self.threads:
            thread.join()
        status = self.proc.wait()
        problems = [f"stderr: {line[:300]}" for line in self.err.decode().splitlines()]
        expected = 0
        for line in self.out.decode().splitlines():
            error = json.loads(line)
            if "error" not in error:
                continue
            if re.match(r"No day (after|before) .* has notes$", error["error"]) and error.get("exit") == 1:
                expected += 1
            else:
                problems.append(f"stdout: {line[:300]}")
        if status != (1 if expected else 0):
            problems.append(f"exit {status} after {expected} expected errors")
        return problems


def check_views(output: str) -> dict[str, object]:
    """Checks every view a reader printed: pairs whole, days never losing notes."""
    torn = stale = views = notes_seen = 0
    list_sizes = set()
    examples = []
    seen: dict[str, set] = collections.defaultdict(set)
    for line in output.splitlines():
        view = json.loads(line)
        if "error" in view:
            continue
        if "selected" in view:
            notes, complete_days = view["notes"], {view["selected"]}
        elif "from" in view:
            notes = view["notes"]
            first = datetime.date.fromisoformat(view["from"])
            last = datetime.date.fromisoformat(view["to"])
            complete_days = {(first + datetime.timedelta(days)).isoformat()
                             for days in range((last - first).days + 1)}
            list_sizes.add(len(notes))
        elif "query" in view:
            notes, complete_days = [hit["note"] for hit in view["hits"]], set()
        else:
            continue
        views += 1
        notes_seen += len(notes)
        halves = collections.defaultdict(set)
        days = collections.defaultdict(set)
        for note in notes:
            match = PAIR.match(note["body"])
            if match:
                halves[(match[1], match[2], note["day"])].add(match[3])
                days[note["day"]].add((match[1], match[2]))
        for key, parts in halves.items():
            if parts != {"a", "b"}:
                torn += 1
                if len(examples) < 3:
                    examples.append(f"writer {key[0]} pair {key[1]} on {key[2]}: only {sorted(parts)}")
        for day in complete_days:
            if not seen[day] <= days[day]:
                stale += 1
                if len(examples) < 3:
                    examples.append(f"{day} lost {len(seen[day] - days[day])} pairs it showed before")
            seen[day] |= days[day]
    return {"views": views, "notes_seen": notes_seen, "torn": torn, "stale": stale,
            "list_sizes": len(list_sizes), "examples": examples}


def concurrency(cal: Calpager, work: Path, rng: random.Random, mode: str,
                writers: int = 8, per_writer: int = 500, readers: int = 2) -> Outcome:
    """mode: 'shell' (one session per writer), 'oneshot' (one process per pair), 'control'
    (one session per writer, each note its own commit: the torn-pair check must fire)."""
    name = {"shell": "concurrency", "oneshot": "concurrency-oneshot", "control": "concurrency-control"}[mode]
    outcome = Outcome(name)
    db = work / f"{name}.db"
    remove_database(db)
    setup = cal.run(db, "goto", "2024-05-15")
    if setup.status != 0:
        outcome.fail(f"setup: {setup.stderr.strip()}")
        return outcome
    pairs = per_writer // 2
    scripts = []
    for writer in range(writers):
        transactions = []
        for pair in range(pairs):
            day = f"2024-05-{rng.randint(1, 28):02d}"
            adds = [f'add --day {day} "cw{writer} p{pair} a"', f'add --day {day} "cw{writer} p{pair} b"']
            transactions.append(adds if mode == "control" else ["begin", *adds, "commit"])
        scripts.append(transactions)
    stop = threading.Event()
    sessions = [Reader(cal, db, random.Random(rng.random()), pairs, stop) for _ in range(readers)]
    time.sleep(0.05)
    started = time.monotonic()
    acked = collections.Counter()
    writer_failures: list[str] = []

    def record(writer: int, result: Result) -> None:
        if result.status != 0 or result.stderr:
            writer_failures.append(f"writer {writer}: exit {result.status}: {result.stderr.strip()[:300]}")
        for line in result.stdout.splitlines():
            answer = json.loads(line)
            if "error" in answer:
                writer_failures.append(f"writer {writer}: {line[:300]}")
            elif "body" in answer:  # begin and commit answer {"transaction":…}
                acked[answer["body"]] += 1

    if mode == "oneshot":
        def worker(writer: int) -> None:
            for transaction in scripts[writer]:
                record(writer, cal.run(db, "shell", "--json", stdin=("\n".join(transaction) + "\n").encode()))

        threads = [threading.Thread(target=worker, args=(writer,)) for writer in range(writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    else:
        # Output goes to files, not pipes: a writer blocked on a full pipe while it holds the
        # write lock would stall every other writer behind it.
        procs = []
        for writer in range(writers):
            script = work / f"{name}-writer-{writer}.txt"
            script.write_text("".join(line + "\n" for transaction in scripts[writer] for line in transaction))
            with open(script, "rb") as stdin, open(f"{script}.out", "wb") as out, \
                    open(f"{script}.err", "wb") as err:
                procs.append(subprocess.Popen(cal.command(db, "shell", "--json"), env=cal.env, stdin=stdin,
                                              stdout=out, stderr=err))
        for writer, proc in enumerate(procs):
            status = proc.wait()
            script = work / f"{name}-writer-{writer}.txt"
            record(writer, Result(status, Path(f"{script}.out").read_text(), Path(f"{script}.err").read_text()))
    writing = time.monotonic() - started
    stop.set()
    torn = stale = views = 0
    list_sizes = 0
    examples = []
    for index, session in enumerate(sessions):
        for problem in session.finish()[:5]:
            outcome.fail(f"reader {index}: {problem}")
        found = check_views(session.out.decode())
        if found["list_sizes"] < 2:
            outcome.fail(f"reader {index} never saw the writes in progress (one month size only)")
        torn += found["torn"]
        stale += found["stale"]
        views += found["views"]
        list_sizes += found["list_sizes"]
        examples += found["examples"]
    expected = {f"cw{w} p{p} {half}" for w in range(writers) for p in range(pairs) for half in "ab"}
    counts = note_bodies(db)
    found_notes = sum(1 for body in expected if counts[body] == 1)
    extra = sum(count for body, count in counts.items() if body not in expected or count > 1)
    for failure in writer_failures[:5]:
        outcome.fail(failure)
    if len(writer_failures) > 5:
        outcome.fail(f"… and {len(writer_failures) - 5} more writer failures")
    not_acked = sum(1 for body in expected if acked[body] != 1)
    if found_notes != len(expected) or extra:
        outcome.fail(f"{found_notes} of {len(expected)} notes present, {extra} unexpected")
    if not_acked:
        outcome.fail(f"{not_acked} notes were not acknowledged exactly once by their writer")
    problem = cal.check(db)
    if problem:
        outcome.fail(problem)
    if mode == "control":
        # The check must be able to fail: with each note its own commit, readers see halves.
        if torn == 0:
            outcome.fail("the control run's readers saw no torn pair: the check could not fail here")
        outcome.notes = [f"caught, as it must be here: {example}" for example in examples[:3]]
    else:
        if torn or stale:
            outcome.fail(f"readers saw {torn} torn pairs and {stale} stale days: {examples}")
    outcome.counts = {
        "writers": writers if mode != "oneshot" else f"{writers}x{pairs}", "notes_expected": len(expected),
        "notes_found": found_notes, "acknowledged": sum(acked.values()), "reader_views": views,
        "distinct_list_sizes": list_sizes, "torn_views": torn, "stale_views": stale,
        "write_seconds": round(writing, 1),
    }
    return outcome


# MARK: - A racing writer in the vdir


def _bodies_kept(cal, db, vdir):
    """Every text calpager or the vdir still holds after two more syncs: the notes, the
    history's versions and the items' summaries (where a writer's version may have gone)."""
    for _ in range(2):
        cal.run(db, "sync")
    with closing(connect(db)) as connection:
        kept = {row[0] for row in connection.execute("SELECT body FROM notes")}
        kept |= {row[0] for row in connection.execute("SELECT body FROM action_notes")}
    kept |= {line[len("SUMMARY:"):] for path in vdir.glob("*.ics")
             for line in path.read_text(errors="replace").split("\r\n") if line.startswith("SUMMARY:")}
    return kept


def _race_item(uid: str, body: str) -> bytes:
    """A journal as vdirsyncer would bring it: older than any edit in calpager (so a conflict
    keeps calpager's version in place and this one as a copy)."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//race//EN", "BEGIN:VJOURNAL", f"UID:{uid}",
             "DTSTAMP:20240101T000000Z", "LAST-MODIFIED:20240101T000000Z",
             "DTSTART;VALUE=DATE:20240501", f"SUMMARY:{body}", "END:VJOURNAL", "END:VCALENDAR"]
    return "".join(line + "\r\n" for line in lines).encode()


def sync_race(cal: Calpager, work: Path, rounds: int, rng: random.Random) -> Outcome:
    """A writer replaces one item file by rename in a tight loop (as vdirsyncer from cron
    would) while calpager edits the note and syncs, round after round. Before each
    replacement the writer looks at the file: when it no longer holds the writer's last
    version, calpager replaced that version, which must then be in the database (as the note,
    a conflict copy, or an older version in the undo history). Lost versions must be 0."""
    outcome = Outcome("sync-race")
    db = work / "race.db"
    vdir = work / "race-vdir"
    remove_database(db)
    shutil.rmtree(vdir, ignore_errors=True)
    for args in (("add", "--day", "2024-05-01", "calpager 0"), ("sync", str(vdir))):
        result = cal.run(db, *args)
        if result.status != 0:
            outcome.fail(f"{' '.join(args[:1])}: {result.stderr.strip()}")
            return outcome
    item = next(path for path in vdir.iterdir() if path.suffix == ".ics")
    uid = item.stem
    stop = threading.Event()
    written: list[str] = []
    displaced: list[str] = []

    def writer() -> None:
        last: bytes | None = None
        temporary = vdir / ".race-writer.tmp"
        count = 0
        while not stop.is_set():
            try:
                current = item.read_bytes()
            except FileNotFoundError:
                current = None
            if last is not None and current != last:
                displaced.append(written[-1])
            count += 1
            body = f"writer {count}"
            data = _race_item(uid, body)
            temporary.write_bytes(data)
            os.rename(temporary, item)
            written.append(body)
            last = data
            time.sleep(rng.random() * 0.1)

    # calpager's renames are slowed down (50 ms each, with strace when there is one), so
    # that the writer's replacements fall between any check and the rename that follows it.
    slow = (["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=renameat,renameat2",
             "-e", "inject=renameat,renameat2:delay_enter=50000"] if shutil.which("strace") else None)
    thread = threading.Thread(target=writer)
    thread.start()
    syncs = 0
    try:
        for index in range(1, rounds + 1):
            cal.run(db, "edit", "1", f"calpager {index}")
            result = cal.run(db, "sync", prefix=slow)
            syncs += 1
            if result.status != 0:
                outcome.fail(f"sync {index}: {result.stderr.strip()}")
    finally:
        stop.set()
        thread.join()
    if written and item.read_bytes() != _race_item(uid, written[-1]):
        displaced.append(written[-1])
    kept = _bodies_kept(cal, db, vdir)
    lost = [body for body in displaced if body not in kept]
    if lost:
        outcome.fail(f"{len(lost)} of {len(displaced)} replaced versions lost: {lost[:5]}")
    if not displaced:
        outcome.fail("no version of the writer was replaced by calpager: the race did not happen")
    if not slow:
        outcome.notes.append("no strace: calpager's renames were not slowed down")
    problem = cal.check(db)
    if problem:
        outcome.fail(problem)
    outcome.counts = {"syncs": syncs, "writer_versions": len(written), "replaced_by_calpager": len(displaced),
                      "lost": len(lost)}
    return outcome


def sync_remove_race(cal: Calpager, work: Path, rounds: int, rng: random.Random) -> Outcome:
    """Each round a note is added and synced, then removed in calpager, and the sync that
    removes its item file runs while a writer replaces that file once by rename (as
    vdirsyncer from cron would) at a random moment of the sync. calpager's renames and
    unlinks are slowed down (50 ms each, with strace), so that the replacement often falls
    between the sync's check of the file and its removal. Whatever the moment, the writer's
    version must survive: as a note (the file was put back, or received as new), a conflict
    copy, or a file of the folder. Lost versions must be 0."""
    outcome = Outcome("sync-remove-race")
    db = work / "remove-race.db"
    vdir = work / "remove-race-vdir"
    remove_database(db)
    shutil.rmtree(vdir, ignore_errors=True)
    slow = (["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=renameat,renameat2,unlinkat",
             "-e", "inject=renameat,renameat2,unlinkat:delay_enter=50000"]
            if shutil.which("strace") else None)
    written: list[str] = []
    deferred = 0
    sync_seconds = 0.3
    for index in range(1, rounds + 1):
        added = cal.run(db, "--json", "add", "--day", "2024-05-01", f"calpager removes {index}")
        first = cal.run(db, "sync", str(vdir))
        if added.status != 0 or first.status != 0:
            outcome.fail(f"round {index}: {(added.stderr + first.stderr).strip()}")
            continue
        note_ = json.loads(added.stdout)
        item = vdir / f"{note_['uid']}.ics"
        if not item.exists():
            outcome.fail(f"round {index}: the sync wrote no {item.name}")
            continue
        removed = cal.run(db, "rm", str(note_["id"]))
        if removed.status != 0:
            outcome.fail(f"round {index}: rm: {removed.stderr.strip()}")
            continue
        body = f"writer replaces {index}"
        delay = rng.random() * sync_seconds

        def writer(uid: str = note_["uid"], body: str = body, delay: float = delay) -> None:
            time.sleep(delay)
            temporary = vdir / ".race-writer.tmp"
            temporary.write_bytes(_race_item(uid, body))
            os.rename(temporary, item)

        thread = threading.Thread(target=writer)
        thread.start()
        result = cal.run(db, "sync", prefix=slow)
        thread.join()
        written.append(body)
        sync_seconds = result.seconds
        if result.status != 0:
            outcome.fail(f"sync {index}: {result.stderr.strip()}")
        if "left for the next sync" in result.stdout:
            deferred += 1
    kept = _bodies_kept(cal, db, vdir)
    lost = [body for body in written if body not in kept]
    if lost:
        outcome.fail(f"{len(lost)} of {len(written)} writer versions lost: {lost[:5]}")
    if not slow:
        outcome.notes.append("no strace: calpager's renames were not slowed down")
    problem = cal.check(db)
    if problem:
        outcome.fail(problem)
    outcome.counts = {"rounds": rounds, "writer_versions": len(written),
                      "caught_during_removal": deferred, "lost": len(lost)}
    return outcome


# MARK: - Main


def build(release: bool) -> str:
    config = ["-c", "release"] if release else []
    built = subprocess.run(["swift", "build", *config, "--product", "calpager"], cwd=ROOT,
                           capture_output=True, text=True)
    if built.returncode != 0:  # the build's own warnings are shown only when it fails
        sys.exit(f"reliability: swift build failed:\n{built.stdout}{built.stderr}")
    path = subprocess.run(["swift", "build", *config, "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "calpager")


def ensure_strace() -> None:
    if shutil.which("strace") or os.geteuid() != 0:
        return
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    subprocess.run(["apt-get", "update", "-qq"], **quiet)
    subprocess.run(["apt-get", "install", "-y", "-qq", "strace"], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
                   **quiet)


TESTS = ("crash-add", "crash-import", "faults", "output-faults", "concurrency", "sync-race")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the full run (default: the reduced CI run)")
    parser.add_argument("--binary", help="the calpager to test (default: build one; release with --full)")
    parser.add_argument("--only", default=",".join(TESTS), help="comma-separated tests: " + ", ".join(TESTS))
    parser.add_argument("--seed", type=int, default=None, help="random seed (printed; default: random)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--verbose", action="store_true", help="print every failure and note")
    options = parser.parse_args()
    selected = [name.strip() for name in options.only.split(",") if name.strip()]
    unknown = [name for name in selected if name not in TESTS]
    if unknown:
        parser.error(f"unknown test {unknown[0]!r}: expected {', '.join(TESTS)}")
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    binary = options.binary or build(release=options.full)
    if "faults" in selected or "output-faults" in selected or "sync-race" in selected:
        ensure_strace()
    mode = "full" if options.full else "reduced"
    print(f"reliability: {mode} run, seed {seed}, binary {binary}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="calpager-reliability-"))
    cal = Calpager(binary)
    outcomes = []
    full = options.full
    plan = []
    if "crash-add" in selected:
        plan.append(("crash-add", lambda rng: crash_add(cal, work, 1000 if full else 60, rng)))
    if "crash-import" in selected:
        plan.append(("crash-import", lambda rng: crash_import(
            cal, work, 200 if full else 16, 20_000 if full else 3_000, rng)))
        if full:
            plan.append(("crash-import-100k", lambda rng: crash_import(cal, work, 10, 100_000, rng)))
    if "faults" in selected:
        plan.append(("faults", lambda rng: faults(cal, work, full, rng)))
    if "output-faults" in selected:
        plan.append(("output-faults", lambda rng: output_faults(cal, work, full, rng)))
    if "concurrency" in selected:
        plan.append(("concurrency", lambda rng: concurrency(cal, work, rng, "shell")))
        if full:
            plan.append(("concurrency-oneshot", lambda rng: concurrency(cal, work, rng, "oneshot")))
        plan.append(("concurrency-control", lambda rng: concurrency(
            cal, work, rng, "control", per_writer=500 if full else 100)))
    if "sync-race" in selected:
        plan.append(("sync-race", lambda rng: sync_race(cal, work, 300 if full else 40, rng)))
        plan.append(("sync-remove-race", lambda rng: sync_remove_race(cal, work, 200 if full else 30, rng)))
    total = time.monotonic()
    for index, (name, step) in enumerate(plan):
        rng = random.Random(seed * 1000 + index)
        start = time.monotonic()
        try:
            outcome = step(rng)
        except Exception as error:  # a harness error is a failure too, with its cause
            outcome = Outcome(name)
            outcome.fail(f"harness error: {type(error).__name__}: {error}")
        outcome.name = name
        outcome.seconds = time.monotonic() - start
        outcomes.append(outcome)
        print(outcome.line(), flush=True)
        shown = outcome.failures if options.verbose else outcome.failures[:5]
        for failure in shown:
            print(f"    {failure}")
        if len(shown) < len(outcome.failures):
            print(f"    … {len(outcome.failures) - len(shown)} more (--verbose)")
        for note in outcome.notes if options.verbose else outcome.notes[:8]:
            print(f"    {note}")
    failed = [outcome.name for outcome in outcomes if not outcome.ok]
    print(f"reliability: {'FAILED ' + ', '.join(failed) if failed else 'ok'} "
          f"in {time.monotonic() - total:.0f} s (seed {seed})", flush=True)
    if options.keep or failed:
        print(f"reliability: work directory kept at {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
