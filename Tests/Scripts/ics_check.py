#!/usr/bin/env python3
"""Checks an `ics` export with an independent iCalendar parser.

    ics_check.py NOTES.ics NOTES.jsonl

NOTES.jsonl is an export of the same notes as JSON Lines (one note object per line, in the
same order). With the `icalendar` package from PyPI (Tests/Scripts/requirements.txt), the
script reads every VJOURNAL and checks that the note's text, uid and day are recovered
exactly, and its times to the second (to the millisecond through calpager's X- properties):

- UID is the uid, DTSTART;VALUE=DATE the day;
- the text is recovered exactly: from X-CALPAGER-BODY (base64 BINARY) when present, else from
  DESCRIPTION; and DESCRIPTION is always the text with CRLF and CR as LF and other control
  characters (but tab) as U+FFFD, which is all iCalendar TEXT can hold;
- CREATED, LAST-MODIFIED and DTSTAMP are the times to the second, X-CALPAGER-CREATED and
  X-CALPAGER-UPDATED exactly;
- every line ends in CRLF and holds at most 75 octets.

Exits 0 when every note matches, 1 on any mismatch (each one is printed), 2 on bad usage.
"""

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


def check_lines(data, problems):
    if data and not data.endswith(b"\r\n"):
        problems.append("the file does not end with CRLF")
    for number, line in enumerate(data.split(b"\r\n"), start=1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare CR or LF")
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets, more than 75")


def main(argv):
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
        description = str(journal.get("DESCRIPTION"))
        if description != rendered_as_text(note["body"]):
            mismatch("DESCRIPTION", description[:80], rendered_as_text(note["body"])[:80])
        if "X-CALPAGER-BODY" in journal:
            text = journal.decoded("X-CALPAGER-BODY").decode("utf-8")
        else:
            text = description
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
