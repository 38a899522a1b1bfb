#!/usr/bin/env python3
"""Random recurring events and their occurrences as python recurring-ical-events sees them.

    recurrence_diff.py [--count N] [--seed S] [--zones NAME,...] OUT.json

Writes {"events": [...]}: each event's parts as iCalendar value text (start, end, rules,
RDATE, EXDATE, overrides), a window of UTC instants, and the occurrences recurring-ical-events
computes in it ("i:SECONDS" for an instant, "f:YYYYMMDDTHHMMSS" for a floating time,
"d:YYYYMMDD" for a day). RecurrenceTests/DifferentialTests.swift builds the same events with
calpager's Recurrence module and compares every start and end.

Starts are all-day, floating, UTC, at a fixed offset ("fixed:SECONDS") or in a named zone
("tz:Europe/Berlin", read with zoneinfo) of NAMED_ZONES (--zones gives others, "" none): the
Swift side resolves a "tz:" name in one function.

One difference from the peer is the RFC's, and the expected list follows the RFC there:
recurring-ical-events reckons an occurrence's length on the wall clock (python subtracts and
adds aware datetimes of one zone as naive ones), so in a named zone an instance whose length
spans a DST change ends an hour off. RFC 5545 §3.8.5.3 gives each instance the exact length
of DTEND - DTSTART, and §3.3.6 makes a DURATION's days nominal and its hours exact: for such
instances the expected end is that one (rfc_end), and "pe" keeps the peer's.

The generator keeps to what RFC 5545 defines where recurring-ical-events reads the rest its
own way: UNTIL has DTSTART's value type, a floating or all-day series has no UTC or zoned
RDATE, EXDATE or RECURRENCE-ID, an UNTIL is not before its DTSTART, and a DATE RECURRENCE-ID
names an all-day instance only. One deliberate choice of calpager is applied to the expected
list: a master with STATUS:CANCELLED hides its whole series, overrides included (so the
expected list is empty); recurring-ical-events leaves STATUS to its caller, so occurrences it
gives with STATUS:CANCELLED are dropped here.
"""
import argparse
import datetime as dt
import json
import random
import re
import signal
import sys

import icalendar
import recurring_ical_events

# Fixed offsets in seconds east of UTC.
FIXED_OFFSETS = [0, 3600, 7200, -18000, -28800, 19800, 34200, 45900, -34200]
# IANA names to draw zoned starts from (read with zoneinfo; calpager reads the same TZif
# files): DST in either hemisphere, a 30-minute DST (Lord Howe), a zone that skipped a day
# and changed sides of the date line (Apia, 2011-12-30), a half-hour offset without DST
# (Kolkata) and one that dropped DST (Sao Paulo, 2019).
NAMED_ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia",
               "Asia/Kolkata", "America/Sao_Paulo"]

UTC = dt.timezone.utc
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def tzinfo(desc):
    """The tzinfo a zone descriptor names (None for floating and date)."""
    if desc == "utc":
        return UTC
    if desc.startswith("fixed:"):
        return dt.timezone(dt.timedelta(seconds=int(desc[6:])))
    if desc.startswith("tz:"):
        import zoneinfo

        return zoneinfo.ZoneInfo(desc[3:])
    return None


def text_of(value):
    """iCalendar text of a date or naive/aware datetime (aware written on its own wall clock)."""
    if isinstance(value, dt.datetime):
        return value.strftime("%Y%m%dT%H%M%S")
    return value.strftime("%Y%m%d")


class PeerTimeout(Exception):
    """recurring-ical-events took longer than PEER_SECONDS for one event."""


# CPU seconds recurring-ical-events may spend on one event: dateutil walks a sparse rule
# from its start to 9999, which can take minutes; such an event is left out (and counted).
PEER_SECONDS = 0.5


class cpu_limit:
    """Raises PeerTimeout in the block once it has used `seconds` of CPU time."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        def expire(signum, frame):
            raise PeerTimeout("took more than %s s" % self.seconds)

        signal.signal(signal.SIGPROF, expire)
        signal.setitimer(signal.ITIMER_PROF, self.seconds)

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_PROF, 0)
        return False


def between(calendar, window):
    """recurring-ical-events' occurrences in the window, or PeerTimeout."""
    with cpu_limit(PEER_SECONDS):
        return list(recurring_ical_events.of(calendar).between(*window))


def empty_rules(spec, start):
    """Indexes of the rules dateutil proves empty ("generates an empty set")."""
    from dateutil.rrule import rrulestr

    naive = start if not isinstance(start, dt.datetime) else start.replace(tzinfo=None)
    if not isinstance(naive, dt.datetime):
        naive = dt.datetime(naive.year, naive.month, naive.day)
    found = []
    for index, rule in enumerate(spec["rrules"]):
        without_until = ";".join(p for p in rule.split(";") if not p.startswith("UNTIL="))
        try:
            rrulestr(without_until, dtstart=naive)
        except ValueError as error:
            if "empty set" in str(error):
                found.append(index)
    return found


DURATION_PART = re.compile(r"(\d+)([WDHMS])")


def duration_parts(text):
    """The nominal days and exact seconds of a DURATION's text (P1W, P1DT2H, PT24H)."""
    days = seconds = 0
    head, _, time = text.lstrip("+").partition("T")
    for number, unit in DURATION_PART.findall(head):
        days += int(number) * (7 if unit == "W" else 1)
    for number, unit in DURATION_PART.findall(time):
        seconds += int(number) * {"H": 3600, "M": 60, "S": 1}[unit]
    return days, seconds


def set_reaches(parts):
    """Whether a rule's BYSETPOS may name a place its set has, by a bound of the set's size:
    the times of a period (one per BYHOUR, BYMINUTE and BYSECOND value that expands it) times
    its days (a WEEKLY period's BYDAY days, a MONTHLY one's BYMONTHDAY days, else at most five
    of each BYDAY weekday, one of an ordinal one). A YEARLY set is not bounded here."""
    if "BYSETPOS" not in parts or parts["FREQ"] == "YEARLY":
        return True
    freq = parts["FREQ"]
    order = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY"]

    def values(name):
        return parts[name].split(",") if name in parts else []

    size = 1
    for name, finer_than in (("BYHOUR", "DAILY"), ("BYMINUTE", "HOURLY"), ("BYSECOND", "MINUTELY")):
        if order.index(freq) >= order.index(finer_than) and name in parts:
            size *= len(values(name))
    if freq == "WEEKLY" and "BYDAY" in parts:
        size *= len(values("BYDAY"))
    elif freq == "MONTHLY" and "BYMONTHDAY" in parts:
        size *= len(values("BYMONTHDAY"))
    elif freq == "MONTHLY" and "BYDAY" in parts:
        size *= sum(5 if day.isalpha() else 1 for day in values("BYDAY"))
    return any(1 <= abs(int(position)) <= size for position in values("BYSETPOS"))


def rfc_end(start, length):
    """The instant RFC 5545 ends an instance that starts at `start` (aware, in a named zone)
    and whose length `length` gives: ("dtend", DTSTART, DTEND) of its component, exact;
    ("duration", TEXT), days on the wall clock and then hours on the time line; None, none."""
    if length is None:
        return start.timestamp()
    if length[0] == "dtend":
        return start.timestamp() + max(length[2].timestamp() - length[1].timestamp(), 0)
    days, seconds = duration_parts(length[1])
    day_later = (start.replace(tzinfo=None) + dt.timedelta(days=days)).replace(tzinfo=start.tzinfo)
    return max(day_later.timestamp() + seconds, start.timestamp())


def wall_length(length):
    """The wall-clock timedelta recurring-ical-events adds for `length`."""
    if length is None:
        return dt.timedelta(0)
    if length[0] == "dtend":
        return length[2].replace(tzinfo=None) - length[1].replace(tzinfo=None)
    days, seconds = duration_parts(length[1])
    return dt.timedelta(days=days, seconds=seconds)


def encode(value):
    """The expected-list form of an occurrence time."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return "f:" + value.strftime("%Y%m%dT%H%M%S")
        return "i:%d" % int(value.timestamp())
    return "d:" + value.strftime("%Y%m%d")


class Generator:
    def __init__(self, seed, zones):
        self.seed = seed
        self.zones = zones

    def chance(self, p):
        return self.r.random() < p

    def pick_zone(self):
        r = self.r.random()
        if r < 0.2:
            return "date"
        if r < 0.42:
            return "floating"
        if r < 0.6:
            return "utc"
        if self.zones and r < 0.8:
            return "tz:" + self.r.choice(self.zones)
        return "fixed:%d" % self.r.choice(FIXED_OFFSETS)

    def make_time(self, desc, naive):
        """`naive` (a datetime) in the zone `desc`: a date, a naive or an aware datetime."""
        if desc == "date":
            return naive.date()
        tz = tzinfo(desc)
        return naive if tz is None else naive.replace(tzinfo=tz)

    def rule(self, desc, start):
        r = self.r
        sub_daily_ok = desc != "date"
        freqs = ["YEARLY"] * 15 + ["MONTHLY"] * 20 + ["WEEKLY"] * 22 + ["DAILY"] * 25
        if sub_daily_ok:
            freqs += ["HOURLY"] * 8 + ["MINUTELY"] * 6 + ["SECONDLY"] * 2
        freq = r.choice(freqs)
        parts = ["FREQ=" + freq]
        if self.chance(0.4):
            parts.append("INTERVAL=%d" % (r.randint(2, 4) if self.chance(0.8) else r.randint(5, 30)))
        # At most two day parts: more of them rarely meet, and dateutil then searches to 9999.
        day_parts = ["BYMONTH", "BYMONTHDAY", "BYDAY"] * 3
        if freq == "YEARLY":
            day_parts += ["BYWEEKNO", "BYYEARDAY"]
        chosen = set(r.sample(day_parts, r.choice([0, 1, 1, 1, 2, 2])))
        expands = False
        if "BYMONTH" in chosen:
            parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(r.sample(range(1, 13), r.randint(1, 4)))))
            expands |= freq == "YEARLY"
        if "BYWEEKNO" in chosen:
            parts.append("BYWEEKNO=" + ",".join(str(r.choice([1, 1, -1]) * r.randint(1, 53)) for _ in range(r.randint(1, 2))))
            expands = True
        if "BYYEARDAY" in chosen:
            parts.append("BYYEARDAY=" + ",".join(str(r.choice([1, 1, -1]) * r.randint(1, 366)) for _ in range(r.randint(1, 3))))
            expands = True
        if "BYMONTHDAY" in chosen and freq != "WEEKLY":
            parts.append("BYMONTHDAY=" + ",".join(str(r.choice([1, 1, -1]) * r.randint(1, 31)) for _ in range(r.randint(1, 3))))
            expands |= freq in ("MONTHLY", "YEARLY")
        if "BYDAY" in chosen:
            days = r.sample(WEEKDAYS, r.randint(1, 3))
            if freq in ("MONTHLY", "YEARLY") and self.chance(0.5) and "BYWEEKNO" not in chosen:
                top = 4 if freq == "MONTHLY" or "BYMONTH" in chosen else 52
                days = ["%d%s" % (r.choice([1, -1]) * r.randint(1, top if self.chance(0.9) else top + 1), d) for d in days]
            parts.append("BYDAY=" + ",".join(days))
            expands |= freq in ("WEEKLY", "MONTHLY", "YEARLY")
        if desc != "date":
            if self.chance(0.1):
                parts.append("BYHOUR=" + ",".join(str(h) for h in sorted(r.sample(range(24), r.randint(1, 3)))))
                expands |= freq not in ("HOURLY", "MINUTELY", "SECONDLY")
            if self.chance(0.1) or freq in ("MINUTELY", "SECONDLY") and self.chance(0.3):
                parts.append("BYMINUTE=" + ",".join(str(m) for m in sorted(r.sample(range(60), r.randint(1, 3)))))
                expands |= freq not in ("MINUTELY", "SECONDLY")
            if self.chance(0.05) or freq == "SECONDLY" and self.chance(0.5):
                parts.append("BYSECOND=" + ",".join(str(s) for s in sorted(r.sample(range(60), r.randint(1, 3)))))
                expands |= freq != "SECONDLY"
        if expands and self.chance(0.2):
            parts.append("BYSETPOS=" + ",".join(str(r.choice([1, -1]) * r.randint(1, 4)) for _ in range(r.randint(1, 2))))
        if self.chance(0.2):
            parts.append("WKST=" + r.choice(WEEKDAYS))
        ending = r.random()
        if ending < 0.45:
            parts.append("COUNT=%d" % r.randint(1, 40))
        elif ending < 0.75:
            span = {"HOURLY": dt.timedelta(hours=r.randint(1, 200)), "MINUTELY": dt.timedelta(minutes=r.randint(1, 3000)),
                    "SECONDLY": dt.timedelta(seconds=r.randint(1, 5000))}.get(freq, dt.timedelta(days=r.randint(0, 1500)))
            until = start + span
            if desc == "date":
                value = text_of(until)
            elif desc == "floating":
                value = text_of(until)
            else:
                value = until.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
            parts.append("UNTIL=" + value)
        r.shuffle(parts)
        return ";".join(parts)

    def quick_rule(self, desc, start):
        """A rule whose COUNT dateutil reaches soon: one that reaches it only after centuries
        (a sparse rule) would cost the peer seconds per event, so another is drawn. The test
        is a fixed horizon, not a clock, so the events are the same on any machine."""
        from dateutil.rrule import rrulestr

        naive = start if isinstance(start, dt.datetime) else dt.datetime(start.year, start.month, start.day)
        naive = naive.replace(tzinfo=None)
        horizons = {"HOURLY": dt.timedelta(days=30), "MINUTELY": dt.timedelta(days=2),
                    "SECONDLY": dt.timedelta(hours=2)}
        for _ in range(5):
            rule = self.rule(desc, start)
            if "COUNT=" not in rule:
                return rule
            parts = dict(part.split("=", 1) for part in rule.split(";"))
            if not set_reaches(parts):
                # It yields nothing, and dateutil, which stops only at an instance past the
                # horizon, would walk every period to the year 9999 to find so (an hourly one
                # for minutes).
                continue
            without_until = ";".join(p for p in rule.split(";") if not p.startswith("UNTIL="))
            horizon = horizons.get(parts["FREQ"], dt.timedelta(days=365 * 30))
            try:
                found = rrulestr(without_until, dtstart=naive).between(naive, naive + horizon, inc=True)
            except ValueError:
                continue
            if len(found) >= int(parts["COUNT"]):
                return rule
        return rule

    def event(self, index):
        # A generator of its own for each event: event N is the same whatever the count.
        self.r = r = random.Random(self.seed * 1_000_003 + index)
        desc = self.pick_zone()
        naive = dt.datetime(r.randint(1990, 2040), r.randint(1, 12), r.randint(1, 28), r.randint(0, 23),
                            r.choice([0, 0, 15, 30, 45, r.randint(0, 59)]), r.choice([0] * 8 + [r.randint(0, 59)]))
        start = self.make_time(desc, naive)
        spec = {"id": index, "start": {"v": text_of(start), "z": desc}, "summary": "event %d" % index}
        count = 0 if self.chance(0.04) else (2 if self.chance(0.1) else 1)
        spec["rrules"] = [self.quick_rule(desc, start) for _ in range(count)]
        sub_daily = any(f in rule for rule in spec["rrules"] for f in ("HOURLY", "MINUTELY", "SECONDLY"))
        # The event's length.
        kind = r.random()
        if kind < 0.45:
            if desc == "date":
                end = start + dt.timedelta(days=r.randint(1, 4))
            else:
                end = start + dt.timedelta(minutes=r.choice([0, 15, 30, 60, 90, 120, 600, 1500, 3000]))
            spec["end"] = {"kind": "dtend", "v": {"v": text_of(end), "z": desc}}
        elif kind < 0.8:
            if desc == "date":
                text = r.choice(["P1D", "P2D", "P1W", "P3D"])
            else:
                text = r.choice(["PT1H", "PT30M", "PT1H30M", "P1D", "PT24H", "P1DT2H", "PT0S", "P1W", "PT15M"])
            spec["end"] = {"kind": "duration", "v": text}
        else:
            spec["end"] = None
        # The window: near the start, or far ahead for a rule that cannot be slow there.
        if not sub_daily and self.chance(0.08):
            anchor = naive + dt.timedelta(days=r.randint(365 * 40, 365 * 140))
        else:
            anchor = naive + dt.timedelta(days=r.randint(-10, 700 if not sub_daily else 2))
        if any("SECONDLY" in rule for rule in spec["rrules"]):
            length = dt.timedelta(minutes=r.randint(10, 120))
        elif sub_daily:
            length = dt.timedelta(hours=r.randint(6, 72))
        else:
            length = dt.timedelta(days=r.randint(1, 150))
        window_start = anchor.replace(tzinfo=UTC)
        spec["window"] = [int(window_start.timestamp()), int((window_start + length).timestamp())]

        taken = {}  # a bare wall clock -> the instants of the instances that have it

        def other_repr(value):
            """The same instance written another way: UTC or another offset (zoned series).

            recurring-ical-events matches RECURRENCE-ID and EXDATE by the instant and also by
            the bare wall clocks (as written, and in UTC) where calpager, as RFC 5545, matches
            by the instant alone: a value whose bare wall clock is another instance's would
            name two there, so None is returned for it (and the caller leaves it out)."""
            if desc in ("date", "floating") or not isinstance(value, dt.datetime):
                return {"v": text_of(value), "z": desc}
            # An RDATE's occurrence comes in its own zone: first on the series' wall clock.
            value = value.astimezone(tzinfo(desc))
            choice = r.random()
            if choice < 0.4:
                other, zone = value, desc
            elif choice < 0.7:
                other, zone = value.astimezone(UTC), "utc"
            else:
                offset = r.choice(FIXED_OFFSETS)
                other, zone = value.astimezone(dt.timezone(dt.timedelta(seconds=offset))), "fixed:%d" % offset
            bare = {other.replace(tzinfo=None), other.astimezone(UTC).replace(tzinfo=None)}
            if any(taken.get(form, set()) - {value.timestamp()} for form in bare):
                return None
            return {"v": text_of(other), "z": zone}

        # RDATEs near the start.
        spec["rdates"] = []
        if self.chance(0.2):
            for _ in range(r.randint(1, 3)):
                when = naive + dt.timedelta(days=r.randint(-30, 400), hours=r.choice([0, 0, 1, -3, 5]))
                value = self.make_time(desc, when)
                item = other_repr(value) if isinstance(value, dt.datetime) else {"v": text_of(value), "z": desc}
                if desc not in ("date",) and self.chance(0.3):
                    item["period"] = r.choice(["PT2H", "PT45M", "P1D"])
                spec["rdates"].append(item)
        spec["exdates"] = []
        spec["overrides"] = []
        if self.chance(0.03):
            spec["status"] = "CANCELLED"
        empty = empty_rules(spec, start)
        if empty:
            # The peer refuses such a rule; calpager must name it as yielding nothing.
            spec["emptyRules"] = empty
            return spec
        try:
            master = self.components(spec)
            instances = [occ["DTSTART"].dt for occ in between(master, self.window(spec))]
        except Exception as error:  # noqa: BLE001 - a rule dateutil cannot read is reported
            spec["error"] = "%s: %s" % (type(error).__name__, error)
            return spec
        for value in instances:
            if isinstance(value, dt.datetime) and value.tzinfo is not None:
                for form in (value.replace(tzinfo=None), value.astimezone(UTC).replace(tzinfo=None)):
                    taken.setdefault(form, set()).add(value.timestamp())
        if instances and self.chance(0.35):
            for value in r.sample(instances, min(len(instances), r.randint(1, 3))):
                if isinstance(value, dt.datetime) and self.chance(0.2):
                    spec["exdates"].append({"v": value.strftime("%Y%m%d"), "z": "date"})
                else:
                    written = other_repr(value)
                    if written is not None:
                        spec["exdates"].append(written)
        if self.chance(0.1):
            when = naive + dt.timedelta(days=r.randint(0, 300), minutes=r.randint(0, 600))
            spec["exdates"].append({"v": text_of(self.make_time(desc, when)), "z": desc})
        if instances and self.chance(0.2):
            for value in r.sample(instances, min(len(instances), r.randint(1, 2))):
                rid = other_repr(value)
                if rid is None:
                    continue
                override = {"rid": rid, "summary": "moved %d" % index}
                if self.chance(0.25):
                    override["status"] = "CANCELLED"
                if self.chance(0.15):
                    override["range"] = True
                move = dt.timedelta(days=r.randint(-3, 3), hours=0 if desc == "date" else r.randint(-5, 5))
                moved = value + move
                override["start"] = {"v": text_of(moved), "z": desc}
                if self.chance(0.6):
                    if isinstance(moved, dt.datetime):
                        override["end"] = {"kind": "dtend", "v": {"v": text_of(moved + dt.timedelta(minutes=r.choice([30, 60, 240]))), "z": desc}}
                    else:
                        override["end"] = {"kind": "dtend", "v": {"v": text_of(moved + dt.timedelta(days=r.randint(1, 2))), "z": desc}}
                spec["overrides"].append(override)
        try:
            calendar = self.components(spec)
            occurrences = between(calendar, self.window(spec))
            expected = []
            if spec.get("status") != "CANCELLED":
                for occ in occurrences:
                    if str(occ.get("STATUS", "")).upper() == "CANCELLED":
                        continue
                    item = {"s": encode(occ["DTSTART"].dt), "e": encode(occ["DTEND"].dt), "t": str(occ.get("SUMMARY"))}
                    exact = self.exact_end(spec, occ)
                    if exact is not None and "i:%d" % exact != item["e"]:
                        item["pe"], item["e"] = item["e"], "i:%d" % exact
                    expected.append(item)
            spec["expected"] = expected
        except Exception as error:  # noqa: BLE001
            spec["error"] = "%s: %s" % (type(error).__name__, error)
        return spec

    def lengths(self, spec, summary):
        """The lengths an occurrence with `summary` may have: the master's and its RDATE
        periods' for the master's summary, the overrides' (their own, and the later instances'
        of a THISANDFUTURE one) for theirs."""
        def of(start, end):
            if end is None:
                return None
            if end["kind"] == "dtend":
                return ("dtend", self.value(start), self.value(end["v"]))
            return ("duration", end["v"])

        if summary == spec["summary"]:
            found = [of(spec["start"], spec["end"])]
            found += [("duration", item["period"]) for item in spec["rdates"] if "period" in item]
            return found
        return [of(override["start"], override.get("end")) for override in spec["overrides"]]

    def exact_end(self, spec, occ):
        """The RFC's end of a peer's occurrence in a named zone, None elsewhere (a fixed
        offset's wall clock is its time line) or when no length of the event is the one the
        peer added."""
        start, end = occ["DTSTART"].dt, occ["DTEND"].dt
        if not isinstance(start, dt.datetime) or not isinstance(end, dt.datetime):
            return None
        # Only a zoneinfo zone (it has a key) has a wall clock apart from its time line, and
        # the peer adds on the wall clock only when the end is in the start's zone.
        if not hasattr(start.tzinfo, "key") or end.tzinfo is not start.tzinfo:
            return None
        added = end.replace(tzinfo=None) - start.replace(tzinfo=None)
        for length in self.lengths(spec, str(occ.get("SUMMARY"))):
            if wall_length(length) == added:
                return int(rfc_end(start, length))
        return None

    def window(self, spec):
        a, b = spec["window"]
        return dt.datetime.fromtimestamp(a, UTC), dt.datetime.fromtimestamp(b, UTC)

    def value(self, item):
        """A {"v", "z"} value as a python date or datetime."""
        text = item["v"]
        if item["z"] == "date":
            return dt.datetime.strptime(text[:8], "%Y%m%d").date()
        naive = dt.datetime.strptime(text, "%Y%m%dT%H%M%S")
        tz = tzinfo(item["z"])
        return naive if tz is None else naive.replace(tzinfo=tz)

    def add_end(self, event, end):
        if end is None:
            return
        if end["kind"] == "dtend":
            event.add("dtend", self.value(end["v"]))
        else:
            event.add("duration", icalendar.vDuration.from_ical(end["v"]))

    def components(self, spec):
        calendar = icalendar.Calendar()
        master = icalendar.Event()
        master.add("uid", "event-%d" % spec["id"])
        master.add("summary", spec["summary"])
        master.add("dtstart", self.value(spec["start"]))
        self.add_end(master, spec["end"])
        if spec.get("status"):
            master.add("status", spec["status"])
        for rule in spec["rrules"]:
            master.add("rrule", icalendar.vRecur.from_ical(rule))
        for item in spec["rdates"]:
            start = self.value(item)
            if "period" in item:
                master.add("rdate", [(start, icalendar.vDuration.from_ical(item["period"]))])
            else:
                master.add("rdate", start)
        for item in spec["exdates"]:
            master.add("exdate", self.value(item))
        calendar.add_component(master)
        for override in spec["overrides"]:
            component = icalendar.Event()
            component.add("uid", "event-%d" % spec["id"])
            component.add("summary", override["summary"])
            recurrence_id = component.add("recurrence-id", self.value(override["rid"]))
            if override.get("range"):
                component["RECURRENCE-ID"].params["RANGE"] = "THISANDFUTURE"
            component.add("dtstart", self.value(override["start"]))
            self.add_end(component, override.get("end"))
            if override.get("status"):
                component.add("status", override["status"])
            calendar.add_component(component)
        return calendar


_worker = None


def _start_worker(seed, zones):
    global _worker
    _worker = Generator(seed, zones)


def _worker_event(index):
    return _worker.event(index)


def main():
    # A process started from swift test inherits its blocked signals (SIGTERM among them):
    # the pool's workers would then outlive its terminate() and the script hang at its end.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20240501)
    parser.add_argument("--zones", default=",".join(NAMED_ZONES))
    parser.add_argument("--jobs", type=int, default=2, help="processes to expand events in")
    parser.add_argument("--only", type=int, help="write event ONLY alone (to look at a difference)")
    parser.add_argument("out")
    args = parser.parse_args()
    zones = [zone for zone in args.zones.split(",") if zone]
    generator = Generator(args.seed, zones)
    indexes = [args.only] if args.only is not None else list(range(args.count))
    if args.jobs > 1 and len(indexes) > 1:
        import multiprocessing

        # Events are independent (each has a generator of its own): split them over processes.
        with multiprocessing.Pool(args.jobs, initializer=_start_worker, initargs=(args.seed, zones)) as pool:
            events = pool.map(_worker_event, indexes, chunksize=50)
    else:
        events = [generator.event(index) for index in indexes]
    with open(args.out, "w") as out:
        from importlib.metadata import version

        json.dump({"events": events, "peer": "recurring-ical-events %s, icalendar %s" % (
            version("recurring-ical-events"), icalendar.__version__)}, out)
    errors = sum(1 for event in events if "error" in event)
    empty = sum(1 for event in events if "emptyRules" in event)
    exact = sum(1 for event in events for item in event.get("expected", []) if "pe" in item)
    print("%d events, %d with a rule the peer proves empty, %d the peer could not expand, "
          "%d ends the peer reckons on the wall clock (the RFC's exact ones expected)"
          % (len(events), empty, errors, exact))


if __name__ == "__main__":
    sys.exit(main())
