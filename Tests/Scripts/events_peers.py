#!/usr/bin/env python3
"""Events added through CalDAV, as a phone would, shown by calpager after `calpager sync`, and
by khal reading the same vdir.

    events_peers.py --calpager .build/debug/calpager

starts Radicale and one device set up by the README's recipe (sync_peers.Peers), PUTs four
events into the collection over HTTP (a zoned one, a daily series with an EXDATE and an
override moving an instance, an all-day one), runs `calpager sync` (vdirsyncer brings them
into the sync folder, which calpager reads as its calendar `notes`), and checks:

- calpager's `list --json` of the week holds the occurrences written by hand below;
- khal 0.14 (PyPI), pointed at the same vdir in the same zone, lists the same events on the
  same days at the same times.

Prints `events peers: ok` and exits 0, or says what differed and exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sync_peers import HarnessError, Peers, find_tool  # noqa: E402

BERLIN = """BEGIN:VTIMEZONE\r
TZID:Europe/Berlin\r
BEGIN:DAYLIGHT\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
TZNAME:CEST\r
DTSTART:19700329T020000\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
END:DAYLIGHT\r
BEGIN:STANDARD\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
TZNAME:CET\r
DTSTART:19701025T030000\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
END:STANDARD\r
END:VTIMEZONE\r
"""


def calendar(*events: str, zone: bool = False) -> bytes:
    body = "".join(events)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//Calendar 1.0//EN\r\n"
            + (BERLIN if zone else "") + body + "END:VCALENDAR\r\n").encode()


def event(*lines: str) -> str:
    return "BEGIN:VEVENT\r\n" + "".join(line + "\r\n" for line in lines) + "END:VEVENT\r\n"


ITEMS = {
    "dentist.ics": calendar(event(
        "UID:dentist@phone", "DTSTAMP:20240501T000000Z",
        "DTSTART;TZID=Europe/Berlin:20240507T100000", "DTEND;TZID=Europe/Berlin:20240507T110000",
        "SUMMARY:Dentist", "LOCATION:Room 3"), zone=True),
    "standup.ics": calendar(
        event("UID:standup@phone", "DTSTAMP:20240501T000000Z", "DTSTART:20240506T090000Z",
              "DTEND:20240506T091500Z", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20240507T090000Z",
              "SUMMARY:Standup"),
        event("UID:standup@phone", "DTSTAMP:20240501T000000Z",
              "RECURRENCE-ID:20240508T090000Z", "DTSTART:20240508T130000Z",
              "DTEND:20240508T131500Z", "SUMMARY:Standup (late)")),
    "holiday.ics": calendar(event(
        "UID:holiday@phone", "DTSTAMP:20240501T000000Z", "DTSTART;VALUE=DATE:20240509",
        "DTEND;VALUE=DATE:20240510", "SUMMARY:Ascension Day")),
}

# What calpager must list for 2024-05-06..2024-05-12 in Europe/Berlin, written by hand:
# (start, end, summary), in order of start.
EXPECTED = [
    ("2024-05-06T11:00:00+02:00", "2024-05-06T11:15:00+02:00", "Standup"),
    ("2024-05-07T10:00:00+02:00", "2024-05-07T11:00:00+02:00", "Dentist"),
    ("2024-05-08T15:00:00+02:00", "2024-05-08T15:15:00+02:00", "Standup (late)"),
    ("2024-05-09", "2024-05-10", "Ascension Day"),
]

KHAL_CONFIG = """[calendars]
[[notes]]
path = {vdir}
type = calendar
[locale]
local_timezone = Europe/Berlin
default_timezone = Europe/Berlin
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
[default]
default_calendar = notes
"""


def khal_days(device, khal: str) -> list[tuple[str, str, str]]:
    """(day, HH:MM or "all day", title) for each event khal lists in the week."""
    config = device.home / "khal.conf"
    config.write_text(KHAL_CONFIG.format(vdir=device.vdir))
    env = dict(device.env, XDG_DATA_HOME=str(device.home / "khal-data"))
    result = device.run([khal, "-c", str(config), "list", "--day-format", "DAY {date}",
                         "--format", "{start-date}|{start-time}|{title}",
                         "2024-05-06", "2024-05-12"], env=env)
    found = []
    day = None
    for line in result.stdout.decode().splitlines():
        if line.startswith("DAY "):
            day = line[4:].strip()
        elif line.strip():
            _, start, title = line.split("|", 2)
            found.append((day, start or "all day", title))
    return found


def calpager_days(events: list[dict]) -> list[tuple[str, str, str]]:
    """The same triples from calpager's occurrences (none of them spans midnight)."""
    found = []
    for item in events:
        if item["allDay"]:
            found.append((item["start"], "all day", item["summary"]))
        else:
            found.append((item["start"][:10], item["start"][11:16], item["summary"]))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calpager", required=True)
    arguments = parser.parse_args()
    try:
        khal = find_tool("khal")
        with Peers(arguments.calpager, devices=("phone-owner",)) as peers:
            device = peers.devices[0]
            for name, data in ITEMS.items():
                peers.collection.put(name, data)
            device.sync()
            listed = json.loads(device.calpager(
                "--json", "list", "2024-05-06..2024-05-12").stdout.decode())
            events = listed.get("events")
            if events is None:
                raise HarnessError(f"list carries no events: {listed}")
            seen = [(item["start"], item["end"], item["summary"]) for item in events]
            if seen != EXPECTED:
                raise HarnessError(f"calpager listed {seen}, expected {EXPECTED}")
            if any(item["calendar"] != "notes" for item in events):
                raise HarnessError(f"the sync folder's calendar is not 'notes': {events}")
            page = device.calpager("goto", "2024-05-07", "--width", "80").stdout.decode()
            if "  10:00–11:00  Dentist · Room 3\n" not in page:
                raise HarnessError(f"the day page lacks the dentist:\n{page}")
            ours = calpager_days(events)
            theirs = khal_days(device, khal)
            if sorted(ours) != sorted(theirs):
                raise HarnessError(f"calpager shows {sorted(ours)}, khal {sorted(theirs)}")
    except HarnessError as error:
        print(f"events peers: {error}", file=sys.stderr)
        return 1
    print("events peers: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
