#!/usr/bin/env python3
"""End-to-end sync scenarios: two calpager databases ("laptop" and "desktop") synced through a
real Radicale by a real vdirsyncer, each device set up by the README's recipe (sync_peers.py).

    sync_scenarios.py --calpager .build/debug/calpager            every scenario
    sync_scenarios.py --calpager PATH --only conflict,foreign       some of them
    sync_scenarios.py --list                                         their names
    sync_scenarios.py --calpager PATH --only exact --keep --verbose  keep the folders, show
                                                                     every command

Each scenario runs on a server and devices of its own, and checks what a user would:

  edits         adds, edits, moves and removals made on either device reach the other (and
                the server holds exactly the notes); --dry-run changes nothing.
  removals      removals on either device spread and stay removed through later rounds; a
                note removed on one device and edited on the other comes back with the edit
                (the change wins), whether the removal or the edit reaches the server first.
  conflict      the same note edited differently on both devices: both versions are kept on
                both (the later edit in place, the other as a note with a new uid on the same
                day), the summary names the conflict; the same edit on both is no conflict.
  foreign       a journal PUT straight to the server by another client (SUMMARY, CATEGORIES,
                ATTACH, STATUS, an X- property with a parameter, DESCRIPTION;LANGUAGE=en)
                arrives as a note; after calpager edits its text, every property it did not
                change is kept byte for byte in the vdir file and, on the server as Radicale
                re-serialises it (sorted, refolded), parsed with the icalendar package; the
                changed ones keep their parameters; SEQUENCE grows by one.
  undated       in the same collection: a journal with no DTSTART (filed on the local day of
                CREATED), one whose DTSTART is a UTC time late in the day (its local date),
                a recurring one with an override (one note, RRULE and override kept), and a
                VEVENT (no note; never rewritten on the server or in the vdir; named as
                ignored). Edits and a move keep all that.
  exact         notes with control characters, NUL, CR and CRLF, a 10 kB body, CJK text and
                emoji arrive exact on the other device, and come back exact after an edit
                there; Radicale accepted every item.
  offline       with the server down, `calpager sync` exits 1 (the sync-command failed) and
                loses nothing; once the server is back, the next round carries the change.
  last          removing the last note: vdirsyncer refuses to empty a side ("completely
                emptied", so `calpager sync` exits 1) until `vdirsyncer sync --force-delete
                notes`, and calpager a folder emptied under a note it still has until `calpager
                sync --force-delete`, as the README says; then no device has a note.
  race          the desktop's round falls inside the laptop's, both changing one note: vdirsyncer
                stops on that note ("changed on both sides", exit 1) and each side keeps its
                version, while other notes still sync; the README's way out (remove the
                note's file, change the note, sync) keeps both versions.

After every round (each device syncs, then the first again when the others changed the
server) both databases export identical JSON Lines: the same lines (within a day each
database lists notes in the order it got them), with the `ical` key, a note's stored
iCalendar item, compared as iCalendar (Radicale sorts and refolds the items it stores, so two
devices may hold one item in two spellings). Each scenario ends with a round in which no
device has anything to do: every summary is zero, and no file in any vdir and no byte of any
database changes.

Prints one line per scenario and a closing 'N passed, N failed'; exits 1 if any failed, 2 if
radicale, vdirsyncer or curl is missing (pip install -r Tests/Scripts/requirements.txt).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sync_peers import REQUIREMENTS, ROOT, HarnessError, MissingTool, Peers  # noqa: E402

try:
    import icalendar
except ImportError:
    print(f"sync scenarios: the icalendar package is not installed: {REQUIREMENTS}",
          file=sys.stderr)
    sys.exit(2)


class Failure(Exception):
    """A scenario's check failed; the message says what a user would have seen."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


# MARK: - Checks shared by the scenarios


def canonical_items(device) -> dict[str, list]:
    """Each note's iCalendar item as `calpager export --format ics` writes it (the stored item
    of a note that came from another client, else calpager's own journal), reduced to what it
    says: per journal, its properties as (name, value, parameters), sorted. Property order,
    line folding and line ends are left out: Radicale sorts and refolds what it stores, so two
    devices may hold one item in two spellings."""
    items: dict[str, list] = {}
    for journal in icalendar.Calendar.from_ical(device.calpager("export", "--format", "ics")
                                                .stdout).walk("VJOURNAL"):
        properties = journal.property_items(recursive=False, sorted=False)[1:-1]
        items.setdefault(str(journal["UID"]), []).append(sorted(
            (name, prop.to_ical(), tuple(sorted(prop.params.items())))
            for name, prop in properties))
    return {uid: sorted(journals) for uid, journals in items.items()}


def check_converged(peers: Peers, context: str) -> list[dict]:
    """Every device holds the same notes: their JSON Lines export has the same lines, and each
    note the same iCalendar item; returns the notes.

    The lines are compared as a set (notes of one day are exported in the order each database
    got them) and without the `ical` key, whose stored items are compared as iCalendar
    (`canonical_items`). A note missing on one device, or differing in its day or text, fails
    at once. Other differences (its times, its item) are recorded in `peers.problems` and fail
    the scenario at its end, so that the scenario's other checks still run."""
    notes = [{note["uid"]: {key: value for key, value in note.items() if key != "ical"}
              for note in device.notes()} for device in peers.devices]
    ours, theirs = notes[0], notes[1]
    differences, others = [], []
    for uid in sorted(set(ours) | set(theirs)):
        a, b = ours.get(uid), theirs.get(uid)
        if a is None or b is None:
            differences.append(f"{uid!r} only on {'desktop' if a is None else 'laptop'}: "
                               f"{(a or b)['body'][:60]!r} on {(a or b)['day']}")
        elif a != b:
            keys = [key for key in sorted(set(a) | set(b)) if a.get(key) != b.get(key)]
            line = (f"{uid!r} differs in {', '.join(keys)}: laptop "
                    f"{[str(a.get(k))[:100] for k in keys]}, desktop "
                    f"{[str(b.get(k))[:100] for k in keys]}")
            (differences if set(keys) & {"day", "body"} else others).append(line)
    if differences:
        raise Failure(f"{context}: the databases export different notes:\n  "
                      + "\n  ".join(differences[:10]))
    items = [canonical_items(device) for device in peers.devices]
    for uid in sorted(ours):
        a, b = items[0].get(uid, []), items[1].get(uid, [])
        if a != b:
            flat_a = {prop for journal in a for prop in journal}
            flat_b = {prop for journal in b for prop in journal}
            others.append(f"{uid!r}: the iCalendar items differ: only on the laptop "
                          f"{sorted(flat_a - flat_b)[:4]}, only on the desktop "
                          f"{sorted(flat_b - flat_a)[:4]}")
    if others:
        peers.problems.append(f"{context}: the databases export different JSON Lines (the "
                              f"same notes, days and texts):\n  " + "\n  ".join(others[:3]))
    return peers.laptop.notes()


def round_trip(peers: Peers, context: str, first=None) -> list[dict]:
    """A round from `first`, every sync succeeding; then the exports must agree."""
    summaries = peers.round(first)
    for summary in summaries:
        for key in ("sent", "received", "updated", "removed", "conflicts", "ignored"):
            expect(key in summary, f"{context}: the sync summary has no '{key}': {summary}")
    check_converged(peers, context)
    return summaries


def state(device) -> tuple:
    """What a sync with nothing to do must leave as it was: the vdir's files (inode, size,
    modification time) and the database's bytes."""
    data = b"".join(Path(str(device.database) + suffix).read_bytes()
                    for suffix in ("", "-wal") if Path(str(device.database) + suffix).exists())
    return device.file_stats(), hashlib.sha256(data).hexdigest()


def check_quiet(peers: Peers) -> None:
    """One more sync on each device: nothing to send or take, and nothing written."""
    for device in peers.devices:
        before = state(device)
        summary = device.sync()
        counts = {key: summary.get(key) for key in ("sent", "received", "updated", "removed")}
        expect(all(value == 0 for value in counts.values()) and not summary.get("conflicts"),
               f"on {device.name}, a sync with nothing to do reported {summary}")
        after = state(device)
        expect(before[0] == after[0], f"on {device.name}, a sync with nothing to do changed "
               f"vdir files: {changed_files(before[0], after[0])}")
        expect(before[1] == after[1],
               f"on {device.name}, a sync with nothing to do wrote to the database")


def changed_files(before: dict, after: dict) -> list[str]:
    return sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))


def server_uids(peers: Peers) -> dict[str, str]:
    """The UID of every journal on the server, mapped to its item's name."""
    uids = {}
    for name, data in peers.collection.items().items():
        for journal in icalendar.Calendar.from_ical(data).walk("VJOURNAL"):
            uids[str(journal["UID"])] = name
    return uids


def check_server_holds(peers: Peers, notes: list[dict], context: str) -> None:
    """The server holds one journal item per note, and no other journal."""
    on_server = set(server_uids(peers))
    in_database = {note["uid"] for note in notes}
    expect(on_server == in_database,
           f"{context}: the server's journals {sorted(on_server - in_database)} are not notes, "
           f"and notes {sorted(in_database - on_server)} are not on the server")


def bodies(notes: list[dict]) -> dict[str, tuple[str, str]]:
    """uid -> (day, body)."""
    return {note["uid"]: (note["day"], note["body"]) for note in notes}


# MARK: - Scenarios


def scenario_edits(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    first = laptop.add("2024-05-01", "Dentist at 10:00")
    second = laptop.add("2024-05-02", "Call the bank")
    third = laptop.add("2024-05-03", "Buy flowers\nroses, not tulips")
    keep = laptop.add("2024-05-20", "Stays as it is")

    # A dry run shows the plan and changes nothing: no file, no note, nothing on the server.
    before = state(laptop)
    dry = laptop.calpager("sync", "--dry-run")
    expect(dry.stdout.strip() != b"", "sync --dry-run printed no plan")
    expect(state(laptop) == before, "sync --dry-run changed the vdir or the database")
    expect(peers.collection.names() == [], "sync --dry-run sent items to the server")

    summaries = round_trip(peers, "after adds on the laptop")
    expect(summaries[0]["sent"] == 4, f"the laptop's first sync sent {summaries[0]}, not 4 notes")
    expect(summaries[1]["received"] == 4,
           f"the desktop's sync received {summaries[1]}, not 4 notes")
    notes = check_converged(peers, "after adds")
    expect(bodies(notes)[third] == ("2024-05-03", "Buy flowers\nroses, not tulips"),
           f"the desktop has {bodies(notes).get(third)} for the third note")
    expect(len(desktop.files()) == 4 and len(laptop.files()) == 4,
           f"vdirs hold {len(laptop.files())} and {len(desktop.files())} files for 4 notes")
    check_server_holds(peers, notes, "after adds")

    desktop.edit(first, "Dentist at 11:00")
    desktop.move(second, "2024-05-09")
    desktop.remove(third)
    added = desktop.add("2024-05-04", "Written on the desktop")
    round_trip(peers, "after changes on the desktop", first=desktop)
    notes = bodies(laptop.notes())
    expect(notes.get(first) == ("2024-05-01", "Dentist at 11:00"), f"laptop has {notes.get(first)}")
    expect(notes.get(second) == ("2024-05-09", "Call the bank"), f"laptop has {notes.get(second)}")
    expect(third not in notes, "the note removed on the desktop is still on the laptop")
    expect(notes.get(added) == ("2024-05-04", "Written on the desktop"),
           f"laptop has {notes.get(added)}")
    check_server_holds(peers, laptop.notes(), "after changes on the desktop")

    laptop.edit(added, "Written on the desktop, edited on the laptop")
    laptop.move(first, "2024-06-01")
    laptop.remove(second)
    round_trip(peers, "after changes on the laptop")
    notes = bodies(desktop.notes())
    expect(notes.get(added) == ("2024-05-04", "Written on the desktop, edited on the laptop"),
           f"desktop has {notes.get(added)}")
    expect(notes.get(first) == ("2024-06-01", "Dentist at 11:00"),
           f"desktop has {notes.get(first)}")
    expect(second not in notes, "the note removed on the laptop is still on the desktop")
    expect(set(notes) == {first, added, keep}, f"desktop has notes {sorted(notes)}")
    expect(len(desktop.files()) == 3 and len(laptop.files()) == 3,
           f"vdirs hold {len(laptop.files())} and {len(desktop.files())} files for 3 notes")
    check_server_holds(peers, desktop.notes(), "after changes on the laptop")
    check_quiet(peers)


def scenario_removals(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    gone_laptop = laptop.add("2024-05-01", "Removed on the laptop")
    gone_desktop = laptop.add("2024-05-02", "Removed on the desktop")
    kept = laptop.add("2024-05-03", "Kept, so the collection never empties")
    # Removed on one device, edited on the other: the edit wins, whichever reaches the
    # server first (the laptop syncs first: its removal of one, its edit of the other).
    removed_first = laptop.add("2024-05-04", "Removed on the laptop, edited on the desktop")
    edited_first = laptop.add("2024-05-05", "Removed on the desktop, edited on the laptop")
    round_trip(peers, "after adds")

    laptop.remove(gone_laptop)
    desktop.remove(gone_desktop)
    laptop.remove(removed_first)
    desktop.edit(removed_first, "Edited on the desktop")
    desktop.remove(edited_first)
    laptop.edit(edited_first, "Edited on the laptop")
    for context, first in (("after removals on both devices", laptop),
                           ("a later round", desktop)):
        round_trip(peers, context, first=first)
        notes = laptop.notes()
        expect(bodies(notes) == {
            kept: ("2024-05-03", "Kept, so the collection never empties"),
            removed_first: ("2024-05-04", "Edited on the desktop"),
            edited_first: ("2024-05-05", "Edited on the laptop")},
            f"{context}: the notes are {bodies(notes)}")
        check_server_holds(peers, notes, context)
        for device in peers.devices:
            expect(len(device.files()) == 3,
                   f"{context}: the {device.name}'s vdir holds {sorted(device.files())}")
    check_quiet(peers)


def scenario_conflict(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    uid = laptop.add("2024-05-01", "Plan: meet at 10")
    round_trip(peers, "after an add")
    laptop.edit(uid, "Plan: meet at 9 (laptop)")
    time.sleep(1.1)  # the later edit wins in place; times compare to the second
    desktop.edit(uid, "Plan: meet at 11 (desktop)")
    summaries = round_trip(peers, "after a conflicting edit")
    expect(any(summary["conflicts"] for summary in summaries),
           f"no sync named a conflict: {summaries}")
    for device in peers.devices:
        notes = [note for note in device.notes() if note["day"] == "2024-05-01"]
        texts = {note["body"]: note["uid"] for note in notes}
        expect(sorted(texts) == ["Plan: meet at 11 (desktop)", "Plan: meet at 9 (laptop)"],
               f"the {device.name} has {sorted(texts)} on the conflict's day, not both versions")
        expect(texts["Plan: meet at 11 (desktop)"] == uid,
               f"the {device.name} keeps the later edit (the desktop's) under a new uid")
        expect(texts["Plan: meet at 9 (laptop)"] != uid, "both versions have one uid")
    check_server_holds(peers, laptop.notes(), "after the conflict")

    # The same change on both devices is no conflict.
    laptop.edit(uid, "Plan: meet at 12")
    desktop.edit(uid, "Plan: meet at 12")
    summaries = round_trip(peers, "after the same edit on both")
    expect(not any(summary["conflicts"] for summary in summaries),
           f"the same edit on both devices was a conflict: {summaries}")
    expect(len([note for note in laptop.notes() if note["day"] == "2024-05-01"]) == 2,
           "the same edit on both devices added a note")
    check_quiet(peers)


FOREIGN_NAME = "garden-journal.ics"
FOREIGN_UID = "4f1c2b9e-garden@phone.example"
FOREIGN = (
    "BEGIN:VCALENDAR\r\n"
    "VERSION:2.0\r\n"
    "PRODID:-//Example//Journal app 2.1//EN\r\n"
    "BEGIN:VJOURNAL\r\n"
    f"UID:{FOREIGN_UID}\r\n"
    "DTSTAMP:20240501T080000Z\r\n"
    "CREATED:20240501T080000Z\r\n"
    "LAST-MODIFIED:20240501T080000Z\r\n"
    "SEQUENCE:2\r\n"
    "DTSTART;VALUE=DATE:20240501\r\n"
    "SUMMARY:Garden work\r\n"
    "DESCRIPTION;LANGUAGE=en:Planted tulips\\, daffodils and crocuses along the fen\r\n"
    " ce\\; the soil was still cold after the long rain of the last weeks\r\n"
    "CATEGORIES:Home,Garden\r\n"
    "ATTACH;FMTTYPE=image/jpeg:https://photos.example/garden/2024-05-01.jpg\r\n"
    "STATUS:FINAL\r\n"
    "CLASS:PRIVATE\r\n"
    "X-JOURNAL-COLOR;X-SOURCE=user:#3A7D44\r\n"
    "END:VJOURNAL\r\n"
    "END:VCALENDAR\r\n")
# What calpager rewrites when it changes a note's text (issue 13): everything else stays.
REWRITTEN = {"SUMMARY", "DESCRIPTION", "DTSTART", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"}


def content_lines(data: bytes) -> list[bytes]:
    """The unfolded content lines of an item, without their line ends (CRLF or LF)."""
    lines: list[bytes] = []
    for line in data.replace(b"\r\n", b"\n").split(b"\n"):
        if line[:1] in (b" ", b"\t") and lines:
            lines[-1] += line[1:]
        elif line:
            lines.append(line)
    return lines


def property_name(line: bytes) -> str:
    return line.split(b":", 1)[0].split(b";", 1)[0].decode("ascii", "replace").upper()


def parsed_properties(data: bytes) -> list[tuple[str, bytes, dict]]:
    """(name, value, parameters) of every property of the item's journal, by icalendar."""
    journal = icalendar.Calendar.from_ical(data).walk("VJOURNAL")[0]
    items = journal.property_items(recursive=False, sorted=False)[1:-1]
    return [(name, prop.to_ical(), dict(prop.params)) for name, prop in items]


def scenario_foreign(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    peers.collection.put(FOREIGN_NAME, FOREIGN.encode())
    served = peers.collection.get(FOREIGN_NAME)
    round_trip(peers, "after a journal from another client")
    text = ("Garden work\nPlanted tulips, daffodils and crocuses along the fence; the soil was "
            "still cold after the long rain of the last weeks")
    for device in peers.devices:
        expect(bodies(device.notes()).get(FOREIGN_UID) == ("2024-05-01", text),
               f"the {device.name} has {bodies(device.notes()).get(FOREIGN_UID)} for the journal")
    name = laptop.file_of(FOREIGN_UID)
    expect(name is not None,
           f"the laptop's vdir has no file for the journal: {sorted(laptop.files())}")
    before = laptop.files()[name]

    edited = "Garden work, done\nPlanted tulips; no roses this year"
    laptop.edit(FOREIGN_UID, edited)
    laptop.sync()
    after = laptop.files().get(name)
    expect(after is not None, f"the edited journal's file {name} is gone: {sorted(laptop.files())}")

    # In the vdir: every line calpager does not rewrite is there, byte for byte, in order.
    kept = [line for line in content_lines(before) if property_name(line) not in REWRITTEN]
    now = [line for line in content_lines(after) if property_name(line) not in REWRITTEN]
    expect(now == kept, "in the vdir file, the lines calpager does not rewrite changed:\n"
           + "\n".join(f"  - {line!r}" for line in kept if line not in now)
           + "\n" + "\n".join(f"  + {line!r}" for line in now if line not in kept))
    description = [line for line in content_lines(after) if property_name(line) == "DESCRIPTION"]
    expect(len(description) == 1 and description[0].startswith(b"DESCRIPTION;LANGUAGE=en:"),
           f"DESCRIPTION lost its LANGUAGE=en: {description}")

    # On the server, as Radicale serves it: every property but the rewritten ones has the
    # same value and parameters as what the other client PUT; the rewritten keep parameters.
    server = peers.collection.get(FOREIGN_NAME)
    expect(server is not None and server != served, "the edit did not reach the server")
    original = parsed_properties(FOREIGN.encode())
    stored = parsed_properties(server)
    for prop in original:
        if prop[0] not in REWRITTEN:
            expect(prop in stored, f"on the server, {prop[0]} {prop[1][:60]!r} {prop[2]} is gone "
                   f"or changed: {[p for p in stored if p[0] == prop[0]]}")
    names = {prop[0] for prop in stored}
    added = names - {prop[0] for prop in original}
    expect(not added, f"calpager added properties to another client's journal: {sorted(added)}")
    for name in ("SUMMARY", "DESCRIPTION"):
        params = [prop[2] for prop in stored if prop[0] == name]
        expect(params == [prop[2] for prop in original if prop[0] == name],
               f"on the server, {name} has parameters {params}")
    journal = icalendar.Calendar.from_ical(server).walk("VJOURNAL")[0]
    expect(int(journal["SEQUENCE"]) == 3, f"SEQUENCE is {journal['SEQUENCE']}, not 3")
    expect(str(journal["SUMMARY"]) + "\n" + str(journal["DESCRIPTION"]) == edited,
           f"the server's journal reads {str(journal['SUMMARY'])!r} / "
           f"{str(journal['DESCRIPTION'])!r}")

    round_trip(peers, "after the edit", first=desktop)
    expect(bodies(desktop.notes()).get(FOREIGN_UID) == ("2024-05-01", edited),
           f"the desktop has {bodies(desktop.notes()).get(FOREIGN_UID)}")
    check_quiet(peers)


def item(*lines: str) -> bytes:
    """An iCalendar item from another client, CRLF line ends."""
    return ("\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Other client//EN",
                         *lines, "END:VCALENDAR"]) + "\r\n").encode()


UNDATED = item("BEGIN:VJOURNAL", "UID:undated@phone.example", "DTSTAMP:20240501T230000Z",
               "CREATED:20240501T230000Z", "DESCRIPTION:No date on this one", "END:VJOURNAL")
LATE_UTC = item("BEGIN:VJOURNAL", "UID:late-utc@phone.example", "DTSTAMP:20240501T230000Z",
                "DTSTART:20240501T230000Z", "SUMMARY:Written at 1 a.m. in Berlin", "END:VJOURNAL")
RECURRING = item(
    "BEGIN:VJOURNAL", "UID:weekly@phone.example", "DTSTAMP:20240501T080000Z",
    "DTSTART;VALUE=DATE:20240506", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Weekly review",
    "END:VJOURNAL",
    "BEGIN:VJOURNAL", "UID:weekly@phone.example", "DTSTAMP:20240501T080000Z",
    "RECURRENCE-ID;VALUE=DATE:20240513", "DTSTART;VALUE=DATE:20240514",
    "SUMMARY:Weekly review (a day late)", "END:VJOURNAL")
EVENT = item("BEGIN:VEVENT", "UID:standup@work.example", "DTSTAMP:20240501T080000Z",
             "DTSTART:20240507T070000Z", "DTEND:20240507T071500Z", "SUMMARY:Standup",
             "END:VEVENT")


def journals(data: bytes) -> list:
    return list(icalendar.Calendar.from_ical(data).walk("VJOURNAL"))


def scenario_undated(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    collection = peers.collection
    for name, data in (("undated.ics", UNDATED), ("late-utc.ics", LATE_UTC),
                       ("weekly.ics", RECURRING), ("standup.ics", EVENT)):
        collection.put(name, data)
    event_served = collection.get("standup.ics")
    summaries = round_trip(peers, "after an undated, a UTC, a recurring journal and an event")
    event_files = {device.name: device.file_of("standup@work.example") for device in peers.devices}
    expect(None not in event_files.values(), f"vdirsyncer did not bring the event: {event_files}")
    ignored = summaries[0]["ignored"]
    expect(event_files["laptop"] in str(ignored) and "VEVENT" in str(ignored),
           f"the laptop's summary does not name the event it left alone: {summaries[0]}")
    expected = {"undated@phone.example": ("2024-05-02", "No date on this one"),
                "late-utc@phone.example": ("2024-05-02", "Written at 1 a.m. in Berlin"),
                "weekly@phone.example": ("2024-05-06", "Weekly review")}
    for device in peers.devices:
        notes = bodies(device.notes())
        expect(notes == expected, f"the {device.name} (TZ=Europe/Berlin) has notes {notes}, "
               f"expected {expected}")
        event = device.files()[event_files[device.name]]
        expect(content_lines(event) == content_lines(event_served),
               f"the event in the {device.name}'s vdir is not what the server sent")
    event_stats = {device.name: device.file_stats()[event_files[device.name]]
                   for device in peers.devices}

    laptop.edit("undated@phone.example", "No date on this one, still")
    laptop.edit("weekly@phone.example", "Weekly review: plan the sprint")
    round_trip(peers, "after edits of the undated and the recurring journal")
    undated = journals(collection.get("undated.ics"))
    expect(len(undated) == 1 and "DTSTART" not in undated[0],
           f"the undated journal got a DTSTART: {undated[0].get('DTSTART')}")
    expect(str(undated[0]["DESCRIPTION"]) == "No date on this one, still",
           f"the server's undated journal reads {str(undated[0].get('DESCRIPTION'))!r}")
    weekly = journals(collection.get("weekly.ics"))
    masters = [journal for journal in weekly if "RECURRENCE-ID" not in journal]
    overrides = [journal for journal in weekly if "RECURRENCE-ID" in journal]
    expect(len(masters) == 1 and len(overrides) == 1,
           f"the recurring journal has {len(masters)} masters and {len(overrides)} overrides")
    expect(masters[0]["RRULE"].to_ical() == b"FREQ=WEEKLY;COUNT=4",
           f"the rule is now {masters[0].get('RRULE')}")
    expect(str(masters[0]["SUMMARY"]) == "Weekly review: plan the sprint",
           f"the recurring journal reads {str(masters[0]['SUMMARY'])!r}")
    expect(str(overrides[0]["SUMMARY"]) == "Weekly review (a day late)",
           "the override changed")
    expect(collection.get("standup.ics") == event_served, "the event changed on the server")
    for device in peers.devices:
        expect(device.file_stats()[event_files[device.name]] == event_stats[device.name],
               f"the event's file in the {device.name}'s vdir was rewritten")

    desktop.move("undated@phone.example", "2024-05-10")
    round_trip(peers, "after moving the undated journal", first=desktop)
    undated = journals(collection.get("undated.ics"))[0]
    expect(undated.decoded("DTSTART") == datetime.date(2024, 5, 10),
           f"the moved journal's DTSTART is {undated.get('DTSTART')}")
    expect(bodies(laptop.notes())["undated@phone.example"][0] == "2024-05-10",
           "the laptop did not get the move")
    expect(len(journals(collection.get("weekly.ics"))) == 2, "the override is gone")
    check_quiet(peers)


# None ends in a newline: `add -` drops one final newline, as an editor's file would have.
EXACT_BODIES = [
    "bell \x07, escape \x1b[31mred\x1b[0m, NUL \x00 and DEL \x7f",
    "CRLF line one\r\nline two\rafter a lone CR\r\n\nthe end",
    "ten kB:\n" + "\n".join(f"line {index:04d} of a long note, with some words."
                            for index in range(260)),
    "日本語のメモ：東京駅で待ち合わせ 🙂 and Ελληνικά, naïve café",
    "\ttabs\tand  trailing spaces  ",
]


def scenario_exact(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    uids = [laptop.add("2024-05-01", body) for body in EXACT_BODIES]
    wanted = dict(zip(uids, EXACT_BODIES))
    expect(len(EXACT_BODIES[2].encode()) > 10_000, "the long body is not over 10 kB")
    kept = {note["uid"]: note["body"] for note in laptop.notes()}
    expect(all(kept[uid] == wanted[uid] for uid in uids), "calpager add changed a body")
    round_trip(peers, "after adding unusual bodies")
    received = {note["uid"]: note["body"] for note in desktop.notes()}
    for uid in uids:
        expect(received.get(uid) == wanted[uid],
               f"the desktop has {received.get(uid, '')[:80]!r} for {wanted[uid][:80]!r}")
    check_server_holds(peers, laptop.notes(), "after adding unusual bodies")

    changed = {uid: "edited\x01\r" + wanted[uid][::-1] for uid in uids}
    for uid in uids:
        desktop.edit(uid, changed[uid])
    round_trip(peers, "after editing them on the desktop", first=desktop)
    received = {note["uid"]: note["body"] for note in laptop.notes()}
    for uid in uids:
        expect(received.get(uid) == changed[uid],
               f"the laptop has {received.get(uid, '')[:80]!r} for {changed[uid][:80]!r}")
    check_quiet(peers)


def scenario_offline(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    laptop.add("2024-05-01", "Written before the server went down")
    round_trip(peers, "after an add")
    peers.server.stop()
    uid = laptop.add("2024-05-02", "Written while the server was down")
    result = laptop.calpager("sync", check=False)
    expect(result.returncode == 1, f"sync with the server down exited {result.returncode}, not 1")
    expect(b"Error" in result.stderr, f"sync with the server down said {result.stderr[-400:]!r}")
    expect(bodies(laptop.notes()).get(uid) == ("2024-05-02", "Written while the server was down"),
           "the note written while the server was down is gone")
    peers.server.start(port=peers.server.port)
    round_trip(peers, "after the server came back")
    expect(uid in bodies(desktop.notes()), "the note written offline did not reach the desktop")
    check_quiet(peers)


def scenario_race(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    uid = laptop.add("2024-05-01", "Plan: meet at 10")
    laptop.add("2024-05-02", "Another note")
    round_trip(peers, "after adds")
    name = laptop.file_of(uid)

    # The desktop's whole round falls between the laptop's first vdirsyncer run and its
    # merge: when the laptop sends its version, the server already has the desktop's.
    laptop.edit(uid, "Plan: meet at 9 (laptop)")
    desktop.edit(uid, "Plan: meet at 11 (desktop)")
    laptop.step_vdirsyncer()
    desktop.sync()
    laptop.step_merge()
    result = laptop.step_vdirsyncer(check=False)
    expect(result.returncode == 1 and b"changed on both sides" in result.stderr,
           f"vdirsyncer did not stop on the conflict: {result.stderr[-300:]!r}")

    # Nothing is lost: each side keeps its version, and other notes still sync.
    later = laptop.add("2024-05-03", "Written while the conflict stands")
    failed = laptop.calpager("sync", check=False)
    expect(failed.returncode == 1, f"sync with a conflict in vdirsyncer exited {failed.returncode}")
    expect(bodies(laptop.notes())[uid][1] == "Plan: meet at 9 (laptop)",
           "the laptop's edit is gone")
    desktop.sync()
    expect(bodies(desktop.notes()).get(uid, ("", ""))[1] == "Plan: meet at 11 (desktop)",
           "the desktop's edit is gone")
    expect(later in bodies(desktop.notes()),
           "a note added on the laptop did not reach the desktop while one note was in conflict")

    # The README's way out: remove the note's file from the vdir, change the note in calpager,
    # sync: vdirsyncer fetches the server's version and calpager keeps both.
    (laptop.vdir / name).unlink()
    laptop.edit(uid, "Plan: meet at 9 (laptop), kept")
    summaries = round_trip(peers, "after settling the conflict")
    expect(summaries[0]["conflicts"], f"the laptop's sync named no conflict: {summaries[0]}")
    texts = sorted(note["body"] for note in laptop.notes() if note["day"] == "2024-05-01")
    expect(texts == ["Plan: meet at 11 (desktop)", "Plan: meet at 9 (laptop), kept"],
           f"after settling the conflict the notes of its day are {texts}")
    check_quiet(peers)


def scenario_last(peers: Peers) -> None:
    laptop, desktop = peers.laptop, peers.desktop
    uid = laptop.add("2024-05-01", "The only note")
    round_trip(peers, "after an add")
    laptop.remove(uid)
    for device in (laptop, desktop):
        # vdirsyncer will not empty a side without --force-delete: the README says so.
        result = device.calpager("sync", check=False)
        expect(result.returncode == 1 and b"completely emptied" in result.stderr,
               f"the {device.name}'s sync after the last note went exited {result.returncode}: "
               f"{result.stderr[-300:]!r}")
        device.vdirsyncer("sync", "--force-delete", "notes")
    laptop.sync()
    # Nor will calpager take a folder emptied under a note it still has: the desktop's note
    # goes only with --force-delete, as the README says.
    result = desktop.calpager("sync", check=False)
    expect(result.returncode == 1 and b"--force-delete" in result.stderr,
           f"the desktop's sync of an emptied folder exited {result.returncode}: "
           f"{result.stderr[-300:]!r}")
    expect(desktop.note(uid) is not None, "the refused sync removed the desktop's note")
    desktop.sync("--force-delete")
    expect(peers.collection.names() == [], f"the server holds {peers.collection.names()}")
    for device in peers.devices:
        expect(device.notes() == [] and device.files() == {},
               f"the {device.name} still has {device.notes()} and {sorted(device.files())}")
    check_quiet(peers)


SCENARIOS = {
    "edits": scenario_edits,
    "removals": scenario_removals,
    "conflict": scenario_conflict,
    "foreign": scenario_foreign,
    "undated": scenario_undated,
    "exact": scenario_exact,
    "offline": scenario_offline,
    "race": scenario_race,
    "last": scenario_last,
}


def run_scenario(name: str, calpager: str, keep: bool, verbose: bool) -> str | None:
    """Runs one scenario on peers of its own; returns None, or what went wrong."""
    with Peers(calpager, keep=keep) as peers:
        try:
            SCENARIOS[name](peers)
        except (Failure, HarnessError) as error:
            problems = "\n".join(peers.problems[:1] + [str(error)])
            if verbose:
                return f"{problems}\n--- the last commands:\n{peers.transcript()}"
            return problems
        except Exception:  # a bug in the scenario or the harness: show where
            return traceback.format_exc()
        if peers.problems:
            return (f"{len(peers.problems)} rounds ended with different exports:\n"
                    + "\n".join(peers.problems[:3]))
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calpager", default=str(ROOT / ".build/debug/calpager"),
                        help="the calpager binary (default: .build/debug/calpager)")
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--list", action="store_true", help="print the scenarios' names")
    parser.add_argument("--keep", action="store_true", help="keep each scenario's folders")
    parser.add_argument("--verbose", action="store_true",
                        help="on a failure, show the last commands and their output")
    arguments = parser.parse_args()
    if arguments.list:
        print("\n".join(SCENARIOS))
        return 0
    names = arguments.only.split(",") if arguments.only else list(SCENARIOS)
    unknown = [name for name in names if name not in SCENARIOS]
    if unknown:
        parser.error(f"no scenario {', '.join(unknown)} (--list shows them)")
    passed = failed = 0
    for name in names:
        start = time.monotonic()
        try:
            problem = run_scenario(name, arguments.calpager, arguments.keep, arguments.verbose)
        except MissingTool as error:
            print(f"sync scenarios: {error}", file=sys.stderr)
            return 2
        except HarnessError as error:
            problem = f"the peers could not be set up: {error}"
        seconds = time.monotonic() - start
        if problem is None:
            passed += 1
            print(f"sync scenario {name}: ok ({seconds:.1f} s)", flush=True)
        else:
            failed += 1
            print(f"sync scenario {name}: FAILED ({seconds:.1f} s)\n{problem}", flush=True)
    print(f"sync scenarios: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
