#!/usr/bin/env python3
"""Checks calpager's iCalendar output with an independent iCalendar parser.

    ics_check.py NOTES.ics NOTES.jsonl
    ics_check.py --lossless ORIGINAL.ics WRITTEN.ics BODY.txt

In the first form, NOTES.jsonl is an export of the same notes as JSON Lines (one note object
per line, in the same order). With the `icalendar` package from PyPI
(Tests/Scripts/requirements.txt), the script reads every VJOURNAL and checks that the note's
text, uid and day are recovered exactly, and its times to the second (to the millisecond
through calpager's X- properties):

- UID is the uid, DTSTART;VALUE=DATE the day;
- the visible text is SUMMARY, then a line break and DESCRIPTION when there is one: the text
  with CRLF and CR as LF and other control characters (but tab) as U+FFFD, which is all
  iCalendar TEXT can hold; SUMMARY holds no line break;
- the text is recovered exactly: from X-CALPAGER-BODY (base64 in a plain TEXT value, without
  ENCODING or VALUE parameters) when present, else from the visible text;
- CREATED, LAST-MODIFIED and DTSTAMP are the times to the second, X-CALPAGER-CREATED and
  X-CALPAGER-UPDATED exactly;
- every line ends in CRLF and holds at most 75 octets.

In the second form, WRITTEN.ics is a journal calpager wrote back after changing the text of
ORIGINAL.ics to the UTF-8 text of BODY.txt. The script checks that every property of the
original's journals that calpager does not rewrite (all but SUMMARY, DESCRIPTION,
X-CALPAGER-BODY, DTSTAMP, LAST-MODIFIED and SEQUENCE) is still there with the same value and
parameters, that SUMMARY and DESCRIPTION kept their parameters, that SEQUENCE grew by one, and
that the text reads back as BODY.txt.

Exits 0 when everything matches, 1 on any mismatch (each one is printed), 2 on bad usage.
"""

import base64
import datetime
import json
import re
import sys

import icalendar


def rendered_as_text(body):
    """The body as calpager writes it in DESCRIPTION."""
    body = body.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub("[\x00-\x08\x0b-\x1f\x7f]", "\ufffd", body)


def utc_second(text):
    """A canonical calpager time (2024-04-30T18:02:11.250Z) truncated to the second."""
    moment = datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")
    return moment.replace(tzinfo=datetime.timezone.utc)


def as_utc(value):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.timezone.utc) if value.tzinfo else value.replace(
            tzinfo=datetime.timezone.utc)
    return value


def visible_text(journal):
    """SUMMARY, then a line break and DESCRIPTION when there is one (issue 13's mapping)."""
    summary = str(journal.get("SUMMARY", ""))
    if "DESCRIPTION" in journal:
        return summary + "\n" + str(journal.get("DESCRIPTION"))
    return summary


def exact_text(journal, problems):
    """The text of X-CALPAGER-BODY, or None; its form must be plain TEXT."""
    if "X-CALPAGER-BODY" not in journal:
        return None
    prop = journal["X-CALPAGER-BODY"]
    if prop.params:
        problems.append(f"X-CALPAGER-BODY has parameters {dict(prop.params)}: Radicale refuses them")
    return base64.b64decode(str(prop)).decode("utf-8")


def check_lines(data, problems):
    if data and not data.endswith(b"\r\n"):
        problems.append("the file does not end with CRLF")
    for number, line in enumerate(data.split(b"\r\n"), start=1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare CR or LF")
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets, more than 75")


REWRITTEN = {"SUMMARY", "DESCRIPTION", "X-CALPAGER-BODY", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"}


def properties(component):
    """(name, value as written, parameters) of each property, in order."""
    items = component.property_items(recursive=False, sorted=False)[1:-1]
    return [(name, prop.to_ical(), dict(prop.params)) for name, prop in items]


def check_lossless(original_path, written_path, body_path):
    with open(original_path, "rb") as file:
        original = icalendar.Calendar.from_ical(file.read())
    with open(written_path, "rb") as file:
        data = file.read()
    with open(body_path, encoding="utf-8", newline="") as file:
        body = file.read()
    problems = []
    written = icalendar.Calendar.from_ical(data)
    before = list(original.walk("VJOURNAL"))
    after = list(written.walk("VJOURNAL"))
    if len(before) != len(after):
        problems.append(f"{len(after)} journals written for {len(before)} read")
    for old, new in zip(before, after):
        kept = [p for p in properties(old) if p[0] not in REWRITTEN]
        now = [p for p in properties(new) if p[0] not in REWRITTEN]
        for prop in kept:
            if prop not in now:
                problems.append(f"{prop[0]} {prop[1][:60]!r} {prop[2]} is gone or changed")
        for name in ("SUMMARY", "DESCRIPTION"):
            if name in old and name in new and dict(old[name].params) != dict(new[name].params):
                problems.append(f"{name} parameters {dict(new[name].params)}, expected "
                                f"{dict(old[name].params)}")
        if "RECURRENCE-ID" in old:
            continue
        sequence = int(old.get("SEQUENCE", 0))
        if int(new.get("SEQUENCE", -1)) != sequence + 1:
            problems.append(f"SEQUENCE is {new.get('SEQUENCE')}, expected {sequence + 1}")
        text = exact_text(new, problems) or (
            visible_text(new) if "SUMMARY" in new else str(new.get("DESCRIPTION")))
        if text != body:
            problems.append(f"the text is {text[:80]!r}, expected {body[:80]!r}")
    for problem in problems[:50]:
        print(f"ics_check: {problem}", file=sys.stderr)
    if problems:
        print(f"ics_check: {len(problems)} mismatches", file=sys.stderr)
        return 1
    print(f"ics_check: {len(before)} journals kept every property by icalendar "
          f"{icalendar.__version__}")
    return 0


def main(argv):
    if len(argv) == 5 and argv[1] == "--lossless":
        return check_lossless(argv[2], argv[3], argv[4])
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    with open(argv[1], "rb") as file:
        data = file.read()
    with open(argv[2], encoding="utf-8") as file:
        notes = [json.loads(line) for line in file if line.strip()]

    problems = []
    check_lines(data, problems)
    calendar = icalendar.Calendar.from_ical(data)
    journals = list(calendar.walk("VJOURNAL"))
    if len(journals) != len(notes):
        problems.append(f"{len(journals)} VJOURNALs for {len(notes)} notes")

    for index, (journal, note) in enumerate(zip(journals, notes), start=1):
        def mismatch(what, found, expected):
            problems.append(f"note {index} ({note['uid']!r}): {what} is {found!r}, "
                            f"expected {expected!r}")

        if str(journal.get("UID")) != note["uid"]:
            mismatch("UID", str(journal.get("UID")), note["uid"])
        day = journal.decoded("DTSTART")
        if day != datetime.date.fromisoformat(note["day"]):
            mismatch("DTSTART", day, note["day"])
        visible = visible_text(journal)
        if visible != rendered_as_text(note["body"]):
            mismatch("the text", visible[:80], rendered_as_text(note["body"])[:80])
        if "\n" in str(journal.get("SUMMARY", "")):
            mismatch("SUMMARY", str(journal.get("SUMMARY"))[:80], "one line")
        text = exact_text(journal, problems) or visible
        if text != note["body"]:
            mismatch("the recovered text", text[:80], note["body"][:80])
        for name, key in (("CREATED", "created"), ("LAST-MODIFIED", "updated"),
                          ("DTSTAMP", "updated")):
            found = as_utc(journal.decoded(name))
            if found != utc_second(note[key]):
                mismatch(name, found, note[key])
        for name, key in (("X-CALPAGER-CREATED", "created"), ("X-CALPAGER-UPDATED", "updated")):
            if str(journal.get(name)) != note[key]:
                mismatch(name, str(journal.get(name)), note[key])

    for problem in problems[:50]:
        print(f"ics_check: {problem}", file=sys.stderr)
    if problems:
        print(f"ics_check: {len(problems)} mismatches", file=sys.stderr)
        return 1
    print(f"ics_check: {len(notes)} notes recovered exactly by icalendar {icalendar.__version__}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
