#!/usr/bin/env python3
"""Kills `calpager sync` with SIGKILL at random moments and checks that a rerun converges.

    sync_crash.py [--calpager PATH] [--rounds N] [--notes N] [--incremental-rounds N]
                  [--seed N] [--dir DIR] [--keep] [--verbose]

Two phases, each a number of rounds (issue 13: "killed at any point and rerun, a sync
converges with nothing lost and nothing duplicated, no orphaned temporary files"):

- first sync (--rounds): a database of --notes notes and a vdir holding a few journals of
  another program and an event. Each round copies both, starts `calpager --db DB sync DIR`,
  kills it after a random delay between 0 and the time a whole sync takes, then runs the sync
  again until it finishes.
- incremental (--incremental-rounds): one database and vdir kept from round to round. Each
  round changes both sides the way people and vdirsyncer do (notes added, edited, moved and
  removed through calpager; item files added, edited and removed by hand; a few notes edited
  on both sides: conflicts), then kills a sync at a random moment and reruns it.

After every round the checks are:
- the rerun exits 0, and one more sync has nothing to do (all counts 0);
- no temporary file (.calpager-sync-*) is left in the vdir;
- every note is in exactly one item file with the same uid, day and text, and every item file
  (but the event) is a note: the two sides agree;
- nothing is lost: every note the model expects is there with its text (a conflict's two
  versions both, one under the uid and one under a new one), and nothing is duplicated (no
  note or item beyond the model and the conflict copies);
- the database passes PRAGMA integrity_check.

Prints one line per round with --verbose and a summary at the end; exits 1 if any check failed.
The reduced run is part of `swift test` (SyncEndToEndTests); the full run of the README is
`sync_crash.py --rounds 200 --notes 5000 --incremental-rounds 200` on a release build.
"""

import argparse
import base64
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

WORDS = (
    "alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega "
    "garden letter meeting train lunch dentist bank mortgage review draft"
).split()


def body_for(rng, index):
    """A note's text: words, sometimes several lines, commas, CJK, a control character."""
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
    kind = index % 7
    if kind == 1:
        return words + "\n" + " ".join(rng.choice(WORDS) for _ in range(5))
    if kind == 2:
        return words + ", with a comma; and a semicolon"
    if kind == 3:
        return words + " 会議のメモ"
    if kind == 4:
        return words + "\ttab and bell \x07"
    return words


def day_for(rng):
    return "%04d-%02d-%02d" % (rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28))


def unescape(text):
    out = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            following = text[index + 1]
            out.append("\n" if following in "nN" else following)
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def read_item(path):
    """(uid, day, body) of a calpager-style journal; None for anything else."""
    with open(path, "rb") as handle:
        raw = handle.read().decode("utf-8")
    lines = raw.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")
    if "BEGIN:VJOURNAL" not in lines:
        return None
    values = {}
    for line in lines:
        if ":" not in line:
            continue
        head, value = line.split(":", 1)
        name = head.split(";", 1)[0]
        if name in ("UID", "SUMMARY", "DESCRIPTION", "X-CALPAGER-BODY", "DTSTART"):
            values.setdefault(name, value)
    summary = unescape(values.get("SUMMARY", ""))
    body = summary + ("\n" + unescape(values["DESCRIPTION"]) if "DESCRIPTION" in values else "")
    if "X-CALPAGER-BODY" in values:
        # calpager's exact text (the files this test writes by hand never carry it).
        body = base64.b64decode(values["X-CALPAGER-BODY"]).decode("utf-8")
    start = values.get("DTSTART", "")[:8]
    day = "%s-%s-%s" % (start[:4], start[4:6], start[6:8]) if start else None
    return unescape(values.get("UID", "")), day, body


def journal(uid, day, summary, modified, extra=()):
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Crash test//EN", "BEGIN:VJOURNAL",
        "UID:" + uid, "DTSTAMP:" + modified, "LAST-MODIFIED:" + modified,
        "DTSTART;VALUE=DATE:" + day.replace("-", ""),
        "SUMMARY:" + summary.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;"),
    ] + list(extra) + ["END:VJOURNAL", "END:VCALENDAR"]
    return "".join(line + "\r\n" for line in lines)


EVENT = "".join(
    line + "\r\n"
    for line in [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Crash test//EN", "BEGIN:VEVENT",
        "UID:event-1", "DTSTAMP:20240501T100000Z", "DTSTART:20240501T100000Z",
        "SUMMARY:An event, left alone", "END:VEVENT", "END:VCALENDAR",
    ]
)


class Failure(Exception):
    pass


class Crash:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.calpager = args.calpager
        self.environment = dict(os.environ, TZ="UTC")
        self.environment.pop("XDG_CONFIG_HOME", None)
        self.environment["HOME"] = "/nonexistent"  # no sync-command from the user's config
        self.kills = 0
        self.finished_before_kill = 0
        self.failures = []
        self.stamp = 0

    def run(self, database, *arguments, stdin=None):
        result = subprocess.run(
            [self.calpager, "--db", database] + list(arguments), input=stdin,
            capture_output=True, text=True, env=self.environment,
        )
        return result

    def must(self, database, *arguments, stdin=None):
        result = self.run(database, *arguments, stdin=stdin)
        if result.returncode != 0:
            raise Failure("calpager %s: exit %d: %s" % (" ".join(arguments), result.returncode,
                                                         result.stderr.strip()))
        return result.stdout

    def killed_sync(self, database, vdir, longest):
        """Starts a sync and kills it after a random delay; True when it was killed."""
        process = subprocess.Popen(
            [self.calpager, "--db", database, "sync", vdir], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env=self.environment,
        )
        time.sleep(self.rng.uniform(0, longest))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            self.kills += 1
            return True
        process.wait()
        self.finished_before_kill += 1
        return False

    def notes(self, database):
        notes = {}
        for line in self.must(database, "export").splitlines():
            record = json.loads(line)
            if record["uid"] in notes:
                raise Failure("two notes with the uid %r" % record["uid"])
            notes[record["uid"]] = (record["day"], record["body"])
        return notes

    def check(self, database, vdir, model, conflicts):
        """The checks of the module's documentation; `model` is {uid: (day, body)} and
        `conflicts` the {uid: {body, body}} of the conflicts made."""
        result = self.run(database, "sync", vdir)
        if result.returncode != 0:
            raise Failure("the rerun failed: exit %d: %s" % (result.returncode, result.stderr))
        again = json.loads(self.must(database, "sync", vdir, "--json"))
        if any(again[key] for key in ("sent", "received", "updated", "removed")) or again["conflicts"]:
            raise Failure("a sync after the rerun still had work: %s" % json.dumps(again))
        names = os.listdir(vdir)
        leftovers = [name for name in names if name.startswith(".calpager-sync-")]
        if leftovers:
            raise Failure("temporary files left: %s" % leftovers)
        files = {}
        for name in names:
            if name == ".calpager-vdir":
                continue  # the folder's marker
            if not name.endswith(".ics"):
                raise Failure("an unexpected file in the vdir: %r" % name)
            item = read_item(os.path.join(vdir, name))
            if item is None:
                if name != "event.ics":
                    raise Failure("%s is not a journal" % name)
                continue
            uid, day, body = item
            if uid in files:
                raise Failure("two item files hold the uid %r" % uid)
            files[uid] = (day, body)
        notes = self.notes(database)
        if notes != files:
            only_notes = sorted(set(notes) - set(files))[:5]
            only_files = sorted(set(files) - set(notes))[:5]
            differ = [u for u in set(notes) & set(files) if notes[u] != files[u]][:5]
            raise Failure("the database and the vdir disagree: notes only %s, files only %s, "
                          "different %s" % (only_notes, only_files, differ))
        for uid, expected in model.items():
            if uid in conflicts:
                if uid not in notes or notes[uid][1] not in conflicts[uid]:
                    raise Failure("conflict %r lost its note" % uid)
            elif notes.get(uid) != expected:
                raise Failure("note %r is %r, expected %r" % (uid, notes.get(uid), expected))
        extra = set(notes) - set(model)
        copies = sorted(notes[uid][1] for uid in extra)
        wanted = []
        for uid, bodies in conflicts.items():
            wanted += sorted(bodies - {notes[uid][1]})
        wanted.sort()
        if copies != wanted:
            raise Failure("%d notes beyond the model (%d conflict copies expected): %s"
                          % (len(extra), len(wanted), sorted(set(copies) ^ set(wanted))[:3]))
        connection = sqlite3.connect(database)
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            connection.close()
        if verdict != "ok":
            raise Failure("integrity_check: %s" % verdict)
        # The copies are part of the model from now on.
        for uid in extra:
            model[uid] = notes[uid]
        for uid in conflicts:
            model[uid] = notes[uid]
        conflicts.clear()

    def prepare(self, base):
        """A database of --notes notes and the vdir's starting files; the model."""
        records = []
        model = {}
        for index in range(self.args.notes):
            uid = "note-%06d" % index
            day = day_for(self.rng)
            body = body_for(self.rng, index)
            records.append(json.dumps({
                "uid": uid, "day": day, "body": body,
                "created": "2024-01-01T00:00:00.000Z", "updated": "2024-01-01T00:00:00.000Z",
            }))
            model[uid] = (day, body)
        source = os.path.join(base, "notes.jsonl")
        with open(source, "w") as handle:
            handle.write("\n".join(records) + "\n")
        database = os.path.join(base, "base.db")
        self.must(database, "import", source)
        foreign = {}
        for index in range(5):
            uid = "phone-%d" % index
            day = day_for(self.rng)
            text = "From the phone %d" % index
            foreign["Phone Note %d.ics" % index] = journal(
                uid, day, text, "20240101T000000Z", ["CATEGORIES:phone", "X-MOOD;X-SCALE=5:4"])
            model[uid] = (day, text)
        foreign["event.ics"] = EVENT
        return database, foreign, model

    def fresh_vdir(self, path, files):
        shutil.rmtree(path, ignore_errors=True)
        os.mkdir(path, 0o700)
        for name, text in files.items():
            with open(os.path.join(path, name), "w", newline="") as handle:
                handle.write(text)

    def first_sync_rounds(self, base, database, foreign, model):
        work = os.path.join(base, "first.db")
        vdir = os.path.join(base, "vdir-first")
        shutil.copy(database, work)
        self.fresh_vdir(vdir, foreign)
        started = time.monotonic()
        self.must(work, "sync", vdir)
        longest = (time.monotonic() - started) * 1.2
        for round_number in range(self.args.rounds):
            shutil.copy(database, work)
            for suffix in ("-journal", "-wal", "-shm"):
                if os.path.exists(work + suffix):
                    os.remove(work + suffix)
            self.fresh_vdir(vdir, foreign)
            killed = self.killed_sync(work, vdir, longest)
            try:
                self.check(work, vdir, dict(model), {})
            except Failure as failure:
                self.fail("first sync, round %d" % (round_number + 1), failure, work, vdir)
            self.report("first sync round %d: %s" % (round_number + 1,
                                                   "killed" if killed else "finished first"))
        return work, vdir

    def change_both_sides(self, database, vdir, model, conflicts):
        """Changes of a round; updates the model. Returns nothing."""
        self.stamp += 1
        modified = "2099%02d%02dT%02d%02d%02dZ" % (
            1 + self.stamp // 28 // 24 % 12, 1 + self.stamp // 24 % 28, self.stamp % 24,
            self.rng.randint(0, 59), self.rng.randint(0, 59))
        listing = json.loads(self.must(database, "list", "0001-01-01..9999-12-31", "--json"))
        ids = {note["uid"]: note["id"] for note in listing["notes"]}
        files = {}
        for name in os.listdir(vdir):
            item = read_item(os.path.join(vdir, name)) if name.endswith(".ics") else None
            if item is not None:
                files[item[0]] = name
        uids = sorted(set(model) & set(files) & set(ids))
        self.rng.shuffle(uids)
        count = max(1, min(len(uids) // 10, 40))
        edits_here, moves_here, removals_here = uids[:count], uids[count:2 * count], uids[2 * count:3 * count]
        edits_there, removals_there = uids[3 * count:4 * count], uids[4 * count:5 * count]
        both = uids[5 * count:5 * count + max(1, count // 4)]
        shell = []
        records = []
        for uid in edits_here + both:
            day = model[uid][0]
            body = "edited here %d %s %s" % (self.stamp, uid, self.rng.choice(WORDS))
            # Later than every time the vdir side writes (2099), and later each round: the
            # import replaces the note.
            updated = "2100-01-%02dT%02d:%02d:00.000Z" % (
                1 + self.stamp // 1440 % 28, self.stamp // 60 % 24, self.stamp % 60)
            records.append(json.dumps({"uid": uid, "day": day, "body": body,
                                       "created": "2024-01-01T00:00:00.000Z",
                                       "updated": updated}))
            if uid in both:
                conflicts[uid] = {body}
            model[uid] = (day, body)
        for uid in moves_here:
            day = day_for(self.rng)
            shell.append("mv %d %s" % (ids[uid], day))
            model[uid] = (day, model[uid][1])
        for uid in removals_here:
            shell.append("rm %d" % ids[uid])
            del model[uid]
        for index in range(count):
            shell.append("add --day %s added here %d %d %s" % (
                day_for(self.rng), self.stamp, index, self.rng.choice(WORDS)))
        if records:
            path = os.path.join(os.path.dirname(vdir), "edits.jsonl")
            with open(path, "w") as handle:
                handle.write("\n".join(records) + "\n")
            self.must(database, "import", path)
        if shell:
            before = set(self.notes(database))
            self.must(database, "shell", stdin="\n".join(shell) + "\n")
            # The notes the shell added get their uids from calpager: read them back.
            for uid, note in self.notes(database).items():
                if uid not in before:
                    model[uid] = note
        for uid in edits_there + both:
            day = model[uid][0] if uid not in both else day_for(self.rng)
            body = "edited there %d %s %s" % (self.stamp, uid, self.rng.choice(WORDS))
            with open(os.path.join(vdir, files[uid]), "w", newline="") as handle:
                handle.write(journal(uid, day, body, modified, ["CATEGORIES:crash"]))
            if uid in both:
                conflicts[uid].add(body)
                model[uid] = (day, body)
            else:
                model[uid] = (day, body)
        for uid in removals_there:
            os.remove(os.path.join(vdir, files[uid]))
            del model[uid]
        for index in range(count):
            uid = "there-%d-%d" % (self.stamp, index)
            day = day_for(self.rng)
            body = "added there %d %d" % (self.stamp, index)
            with open(os.path.join(vdir, uid + ".ics"), "w", newline="") as handle:
                handle.write(journal(uid, day, body, modified))
            model[uid] = (day, body)

    def incremental_rounds(self, database, vdir, model):
        conflicts = {}
        self.must(database, "sync", vdir)
        self.check(database, vdir, model, conflicts)
        longest = None
        for round_number in range(self.args.incremental_rounds):
            self.change_both_sides(database, vdir, model, conflicts)
            if longest is None:
                # How long such a round's sync takes, timed once on copies of both sides.
                snapshot = os.path.join(os.path.dirname(vdir), "timing.db")
                timing_vdir = vdir + "-timing"
                shutil.copy(database, snapshot)
                shutil.copytree(vdir, timing_vdir)
                started = time.monotonic()
                self.run(snapshot, "sync", timing_vdir)
                longest = (time.monotonic() - started) * 1.2
                shutil.rmtree(timing_vdir, ignore_errors=True)
            killed = self.killed_sync(database, vdir, longest)
            try:
                self.check(database, vdir, model, conflicts)
            except Failure as failure:
                self.fail("incremental, round %d" % (round_number + 1), failure, database, vdir)
                return
            self.report("incremental round %d: %s, %d notes" % (
                round_number + 1, "killed" if killed else "finished first", len(model)))

    def fail(self, where, failure, database, vdir):
        self.failures.append("%s: %s" % (where, failure))
        print("FAIL %s: %s (database %s, vdir %s)" % (where, failure, database, vdir),
              file=sys.stderr)
        if not self.args.keep:
            self.args.keep = True

    def report(self, line):
        if self.args.verbose:
            print(line, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default = os.path.join(os.path.dirname(__file__), "..", "..", ".build", "release", "calpager")
    parser.add_argument("--calpager", default=default)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--notes", type=int, default=500)
    parser.add_argument("--incremental-rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=20241201)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.incremental_rounds is None:
        args.incremental_rounds = args.rounds
    if not os.access(args.calpager, os.X_OK):
        print("no calpager binary at %s (--calpager PATH)" % args.calpager, file=sys.stderr)
        return 2
    base = tempfile.mkdtemp(prefix="sync-crash-", dir=args.dir)
    crash = Crash(args)
    started = time.monotonic()
    try:
        database, foreign, model = crash.prepare(base)
        work, vdir = crash.first_sync_rounds(base, database, foreign, model)
        if not crash.failures:
            crash.incremental_rounds(work, vdir, dict(model))
    except Failure as failure:
        crash.failures.append(str(failure))
    elapsed = time.monotonic() - started
    print("sync crash: %d first-sync rounds over %d notes, %d incremental rounds; %d kills, "
          "%d syncs finished before their kill; %d failures; %.0f s"
          % (args.rounds, args.notes, args.incremental_rounds, crash.kills,
             crash.finished_before_kill, len(crash.failures), elapsed))
    for failure in crash.failures:
        print("  " + failure)
    if args.keep:
        print("kept: %s" % base)
    else:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if crash.failures else 0


if __name__ == "__main__":
    sys.exit(main())
