#!/usr/bin/env python3
"""Prints what Python's zoneinfo (the standard library's) says of every zone in a tz
database, for the differential test of calpager's zone readers (RecurrenceTests,
ZoneDifferentialTests).

    python3 Tests/Scripts/zoneinfo_diff.py [ZONEDIR]     default /usr/share/zoneinfo

For each TZif file under ZONEDIR (but posix/ and right/: copies, and leap-second zones that
zoneinfo does not read) it prints `Z NAME`, then lines `O INSTANT OFFSET` (the UTC offset at
an instant) and `L Y M D H M S INSTANT` (the instant of a local time with fold=0: in an
overlap the first of the two, in a gap the offset before it). The instants are the zone's
transitions (found by bisection on a monthly grid, 1850-2150), a second before each, local
times at and around each gap and overlap, and random instants and local times 1800-2400.
"""

import datetime
import os
import random
import sys
import zoneinfo

UTC = datetime.timezone.utc
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)


def offset(zone, instant):
    moment = EPOCH + datetime.timedelta(seconds=instant)
    return int(moment.astimezone(zone).utcoffset().total_seconds())


def local_instant(zone, seconds):
    """The instant of the local time `seconds` (seconds since the epoch on the wall clock)."""
    wall = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=seconds)
    aware = wall.replace(tzinfo=zone, fold=0)
    return wall, int((aware - EPOCH).total_seconds())


def transitions(zone):
    step = 30 * 86400
    start = int((datetime.datetime(1850, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
    end = int((datetime.datetime(2150, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
    found = []
    previous = offset(zone, start)
    instant = start
    while instant < end:
        following = offset(zone, instant + step)
        if following != previous:
            low, high = instant, instant + step  # offset(low) == previous, offset(high) != it
            while high - low > 1:
                middle = (low + high) // 2
                if offset(zone, middle) == previous:
                    low = middle
                else:
                    high = middle
            found.append(high)
        previous = following
        instant += step
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo"
    names = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(s for s in subfolders if folder != root or s not in ("posix", "right"))
        for file in sorted(files):
            path = os.path.join(folder, file)
            with open(path, "rb") as handle:
                if handle.read(4) != b"TZif":
                    continue
            names.append(os.path.relpath(path, root))
    out = []
    low = int((datetime.datetime(1800, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
    high = int((datetime.datetime(2400, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
    for name in sorted(names):
        with open(os.path.join(root, name), "rb") as handle:
            zone = zoneinfo.ZoneInfo.from_file(handle, key=name)
        out.append(f"Z {name}")
        changes = transitions(zone)
        if len(changes) > 40:
            changes = [changes[i * len(changes) // 40] for i in range(40)]
        instants = []
        locals_ = []
        for change in changes:
            before, after = offset(zone, change - 1), offset(zone, change)
            instants += [change - 1, change]
            for wall in (change + before - 1, change + before, change + (before + after) // 2,
                         change + after - 1, change + after):
                locals_.append(wall)
        generator = random.Random(name)
        instants += [generator.randrange(low, high) for _ in range(100)]
        locals_ += [generator.randrange(low, high) for _ in range(100)]
        for instant in instants:
            out.append(f"O {instant} {offset(zone, instant)}")
        for seconds in locals_:
            wall, instant = local_instant(zone, seconds)
            out.append(f"L {wall.year} {wall.month} {wall.day} {wall.hour} {wall.minute} "
                       f"{wall.second} {instant}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
