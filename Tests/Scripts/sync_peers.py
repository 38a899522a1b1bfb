#!/usr/bin/env python3
"""Real peers for calpager's sync tests: a Radicale CalDAV server on loopback, and devices that
each have a calpager database, a vdir and a vdirsyncer pair, set up by the README's recipe.

    sync_peers.py --calpager .build/debug/calpager [--keep]

run alone, it starts Radicale, sets up two devices ("laptop" and "desktop") from the recipe in
the README's "Sync across devices" section, syncs each once and prints where everything is
(with --keep, it leaves it all there). sync_scenarios.py imports it:

    with Peers(calpager) as peers:          # Radicale, the collection, laptop and desktop
        uid = peers.laptop.add("2024-05-01", "Dentist")
        peers.round()                        # every device syncs until all have everything
        assert peers.desktop.note(uid)["body"] == "Dentist"

What runs is real: `radicale` and `vdirsyncer` from PyPI (Tests/Scripts/requirements.txt),
started as a user would; nothing is mocked. Radicale listens on 127.0.0.1 on a free port, with
its storage in a temporary folder and no authentication (any user name and password pass).
Each device has a home folder of its own (HOME, XDG_CONFIG_HOME, XDG_DATA_HOME), so that the
recipe's `~/.config/vdirsyncer/config`, `~/.config/calpager/config` and calpager's default
database are the device's. Everything is stopped and removed on the way out, failure or not.

A device syncs as the recipe tells a user to: `calpager sync`, which runs the configured
`sync-command` (`vdirsyncer sync notes`) before and after its merge. `Device.step_*` run the
three steps one at a time instead, for scenarios that interleave devices within a round.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
REQUIREMENTS = "pip install -r Tests/Scripts/requirements.txt"

# The recipe's server, user and folders; the harness puts its own server's URL in place of
# RECIPE_URL (the only line a user changes for Nextcloud or Fastmail).
RECIPE_URL = "http://localhost:5232/alice/notes/"
RECIPE_USER = "alice"
RECIPE_PASSWORD = "secret"
VDIR = ".local/share/calpager/notes"  # under the device's home, as the recipe has it
DATABASE = ".local/share/calpager/calpager.db"  # calpager's default under XDG_DATA_HOME

# The collection accepts journals and events: foreign events must live beside the notes.
MKCALENDAR_BODY = """<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>Notes</D:displayname>
    <C:supported-calendar-component-set>
      <C:comp name="VJOURNAL"/><C:comp name="VEVENT"/>
    </C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>
"""


class HarnessError(Exception):
    """The peers could not be set up or a step failed; the message says what and shows the
    output of the command that failed."""


class MissingTool(HarnessError):
    """radicale or vdirsyncer is not installed."""


def find_tool(name: str) -> str:
    """The path of a console script from PyPI: on PATH, or in a scripts folder of the Python
    running this (where pip puts them, which a root shell's PATH may lack; `pip install
    --user`, pip's choice for a user without write access to the system's folder, puts them
    in the user scheme's, often ~/.local/bin)."""
    found = shutil.which(name)
    if found:
        return found
    for scheme in (sysconfig.get_default_scheme(), f"{os.name}_user"):
        candidate = Path(sysconfig.get_path("scripts", scheme)) / name
        if candidate.exists():
            return str(candidate)
    raise MissingTool(f"'{name}' is not installed: {REQUIREMENTS} (CI installs it)")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def describe(command: list[str], result: subprocess.CompletedProcess) -> str:
    """A command and what it printed, for an error message."""
    def tail(data: bytes) -> str:
        text = data.decode("utf-8", "replace").strip()
        return text[-3000:] if text else "(nothing)"
    return (f"$ {' '.join(command)}\nexit status {result.returncode}\n"
            f"stdout: {tail(result.stdout)}\nstderr: {tail(result.stderr)}")


def recipe_blocks(readme: Path = README) -> dict[str, str]:
    """The README's recipe: each fenced block preceded by `<!-- sync-recipe: NAME -->`."""
    text = readme.read_text(encoding="utf-8")
    blocks = {}
    for match in re.finditer(r"<!-- sync-recipe: (\w+) -->\s*```\w*\n(.*?)```", text, re.S):
        blocks[match.group(1)] = match.group(2)
    for name in ("collection", "device"):
        if name not in blocks:
            raise HarnessError(f"README.md has no '<!-- sync-recipe: {name} -->' block")
    return blocks


# MARK: - Radicale


class Radicale:
    """A Radicale server on 127.0.0.1, storage in `folder`, no authentication."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.executable = find_tool("radicale")
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.log = folder / "radicale.log"

    def start(self, port: int | None = None) -> None:
        """Starts the server on `port` (a restart keeps its URL), else on a free port."""
        # A free port can be taken between the probe and Radicale's bind: try a few.
        for _ in range(1 if port else 5):
            self.port = port or free_port()
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(
                    [self.executable, "--config",  # no configuration file: only these options
                     "--server-hosts", f"127.0.0.1:{self.port}",
                     "--auth-type", "none", "--rights-type", "authenticated",
                     "--storage-filesystem-folder", str(self.folder / "storage"),
                     "--logging-level", "warning"],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env=dict(os.environ, HOME=str(self.folder)))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if self.request("OPTIONS", "/")[0] == 200:
                        return
                except OSError:
                    time.sleep(0.05)
            self.stop()
        log = self.log.read_text(errors="replace")[-3000:]
        raise HarnessError("Radicale did not start:\n" + log)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """One HTTP request as the recipe's user; returns (status, body)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            credentials = base64.b64encode(f"{RECIPE_USER}:{RECIPE_PASSWORD}".encode()).decode()
            connection.request(method, path, body=body,
                               headers={"Authorization": f"Basic {credentials}", **(headers or {})})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def make_calendar(self, path: str) -> None:
        """MKCALENDAR of a collection accepting VJOURNAL and VEVENT."""
        status, body = self.request("MKCALENDAR", path, MKCALENDAR_BODY.encode(),
                                    {"Content-Type": "application/xml; charset=utf-8"})
        if status != 201:
            raise HarnessError(f"MKCALENDAR {path}: {status} {body[:500]!r}")


class Collection:
    """One calendar collection on the server, read and written over HTTP as another CalDAV
    client (a phone) would."""

    def __init__(self, server: Radicale, path: str):
        self.server = server
        self.path = path  # "/alice/notes/"

    @property
    def url(self) -> str:
        return self.server.url.rstrip("/") + self.path

    def put(self, name: str, data: bytes) -> None:
        status, body = self.server.request("PUT", self.path + name, data,
                                           {"Content-Type": "text/calendar; charset=utf-8"})
        if status not in (201, 204):
            raise HarnessError(f"PUT {self.path}{name}: {status} {body[:500]!r}")

    def get(self, name: str) -> bytes | None:
        status, body = self.server.request("GET", self.path + name)
        if status == 404:
            return None
        if status != 200:
            raise HarnessError(f"GET {self.path}{name}: {status} {body[:500]!r}")
        return body

    def delete(self, name: str) -> None:
        status, body = self.server.request("DELETE", self.path + name)
        if status not in (200, 204):
            raise HarnessError(f"DELETE {self.path}{name}: {status} {body[:500]!r}")

    def names(self) -> list[str]:
        """The item names in the collection (PROPFIND, Depth 1)."""
        return sorted(self.etags())

    def etags(self) -> dict[str, str]:
        """Each item's name and ETag (PROPFIND, Depth 1): what any change to it changes."""
        status, body = self.server.request(
            "PROPFIND", self.path,
            b'<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/>'
            b"</D:prop></D:propfind>",
            {"Depth": "1", "Content-Type": "application/xml"})
        if status != 207:
            raise HarnessError(f"PROPFIND {self.path}: {status} {body[:500]!r}")
        etags = {}
        for response in ElementTree.fromstring(body).iter("{DAV:}response"):
            path = (response.findtext("{DAV:}href") or "").strip()
            if path.rstrip("/") != self.path.rstrip("/"):
                etags[path.rsplit("/", 1)[-1]] = response.findtext(".//{DAV:}getetag") or ""
        return etags

    def items(self) -> dict[str, bytes]:
        """Every item's name and text, as the server serves them."""
        return {name: self.get(name) or b"" for name in self.names()}


# MARK: - Devices


class Device:
    """One machine: a home folder holding calpager's database, the vdir and the
    configurations, and the commands a user runs there."""

    def __init__(self, name: str, folder: Path, calpager: str, timezone: str):
        self.name = name
        self.home = folder / name
        self.home.mkdir(parents=True)
        self.calpager_path = calpager
        self.vdir = self.home / VDIR
        self.database = self.home / DATABASE
        self.vdirsyncer_path = find_tool("vdirsyncer")
        # The calpager and vdirsyncer a user would run: this build first on PATH, then the
        # folder pip put vdirsyncer in (sync-command runs through sh -c with this PATH).
        path = os.pathsep.join([str(Path(calpager).resolve().parent),
                                str(Path(self.vdirsyncer_path).parent),
                                os.environ.get("PATH", "/usr/bin:/bin")])
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("XDG_", "CALPAGER_", "VDIRSYNCER_"))
                    and key not in ("EDITOR", "VISUAL", "COLUMNS")}
        self.env.update({
            "HOME": str(self.home), "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_DATA_HOME": str(self.home / ".local/share"), "PATH": path, "TZ": timezone,
            "LC_ALL": "C.UTF-8", "NO_COLOR": "1"})
        self.transcript: list[str] = []  # the last commands and their output, for failures

    # Running things

    def run(self, command: list[str], stdin: bytes | None = None, check: bool = True,
            env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
        """Runs a command in the device's environment; with `check`, a non-zero exit raises
        HarnessError showing the command and its output."""
        result = subprocess.run(command, input=stdin,
                                stdin=None if stdin is not None else subprocess.DEVNULL,
                                capture_output=True, env=env or self.env, cwd=self.home,
                                timeout=timeout)
        self.transcript = (self.transcript + [f"[{self.name}] " + describe(command, result)])[-8:]
        if check and result.returncode != 0:
            raise HarnessError(f"on {self.name}: " + describe(command, result))
        return result

    def calpager(self, *arguments: str, stdin: bytes | None = None,
                 check: bool = True) -> subprocess.CompletedProcess:
        return self.run([self.calpager_path, *arguments], stdin=stdin, check=check)

    def shell(self, script: str) -> subprocess.CompletedProcess:
        """Runs a shell script as the user would type it, `set -e`."""
        return self.run(["sh", "-ec", script])

    def set_up(self, blocks: dict[str, str], url: str) -> None:
        """Runs the README's device recipe, with `url` for the recipe's server."""
        self.shell(blocks["device"].replace(RECIPE_URL, url))
        if not self.vdir.is_dir() or not self.database.exists():
            raise HarnessError(f"the recipe left no vdir {self.vdir} or no database "
                               f"{self.database}")

    # Syncing

    def sync(self, *options: str, check: bool = True) -> dict:
        """`calpager --json sync`: one whole round with the server (sync-command runs vdirsyncer
        before and after the merge). Returns the summary."""
        result = self.calpager("--json", "sync", *options, check=check)
        return self.summary(result)

    def summary(self, result: subprocess.CompletedProcess) -> dict:
        try:
            return json.loads(result.stdout.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            if result.returncode != 0:
                return {"status": result.returncode,
                        "stderr": result.stderr.decode("utf-8", "replace")}
            raise HarnessError(f"on {self.name}: sync printed no JSON summary:\n"
                               + self.transcript[-1])

    def vdirsyncer(self, *arguments: str, check: bool = True) -> subprocess.CompletedProcess:
        """vdirsyncer with the device's configuration."""
        return self.run([self.vdirsyncer_path, *arguments], check=check)

    def without_sync_command(self) -> dict[str, str]:
        """An environment in which calpager finds no configuration (so no sync-command)."""
        env = dict(self.env)
        env["XDG_CONFIG_HOME"] = str(self.home / "no-config")
        return env

    def step_merge(self, *options: str, check: bool = True) -> dict:
        """`calpager --json sync` alone, without the sync-command: only the merge with the vdir."""
        result = self.run([self.calpager_path, "--json", "sync", *options], check=check,
                          env=self.without_sync_command())
        return self.summary(result)

    def step_vdirsyncer(self, check: bool = True) -> subprocess.CompletedProcess:
        return self.vdirsyncer("sync", "notes", check=check)

    # Notes

    def notes(self) -> list[dict]:
        """Every note, as `calpager export --format jsonl` writes them."""
        return [json.loads(line) for line in self.export().decode("utf-8").splitlines()]

    def export(self) -> bytes:
        return self.calpager("export", "--format", "jsonl").stdout

    def note(self, uid: str) -> dict | None:
        return next((note for note in self.notes() if note["uid"] == uid), None)

    def note_id(self, uid: str) -> str:
        """The id calpager shows for the note `uid` (ids are per database)."""
        note = self.note(uid)
        if note is None:
            raise HarnessError(f"on {self.name}: no note {uid!r}")
        listed = json.loads(self.calpager("--json", "list", note["day"]).stdout)
        for shown in listed["notes"]:
            if shown["uid"] == uid:
                return str(shown["id"])
        raise HarnessError(f"on {self.name}: list {note['day']} does not show {uid!r}")

    def add(self, day: str, body: str) -> str:
        """Adds a note (its text from standard input, exactly); returns its uid."""
        added = json.loads(self.calpager("--json", "add", "--day", day, "-",
                                         stdin=body.encode("utf-8")).stdout)
        return added["uid"]

    def edit(self, uid: str, body: str) -> None:
        self.calpager("edit", self.note_id(uid), "-", stdin=body.encode("utf-8"))

    def move(self, uid: str, day: str) -> None:
        self.calpager("mv", self.note_id(uid), day)

    def remove(self, uid: str) -> None:
        self.calpager("rm", self.note_id(uid))

    # The vdir

    def files(self) -> dict[str, bytes]:
        """The vdir's items: name and bytes of every `.ics` file."""
        if not self.vdir.is_dir():
            return {}
        return {path.name: path.read_bytes() for path in sorted(self.vdir.glob("*.ics"))}

    def file_of(self, uid: str) -> str | None:
        """The name of the vdir file holding the item `uid` (vdirsyncer names a file after the
        item's UID when that is safe in a file name, else after a random UUID)."""
        wanted = f"UID:{uid}".encode()
        for name, data in self.files().items():
            unfolded = re.sub(rb"\r?\n[ \t]", b"", data)
            if any(line.rstrip(b"\r") == wanted for line in unfolded.split(b"\n")):
                return name
        return None

    def file_stats(self) -> dict[str, tuple[int, int, int]]:
        """(inode, size, mtime in ns) of every file in the vdir: what a rewrite would change."""
        return {path.name: (path.stat().st_ino, path.stat().st_size, path.stat().st_mtime_ns)
                for path in sorted(self.vdir.iterdir())}


# MARK: - The peers


class Peers:
    """Radicale with one collection, and two devices set up by the README's recipe."""

    def __init__(self, calpager: str, keep: bool = False, timezone: str = "Europe/Berlin",
                 devices: tuple[str, ...] = ("laptop", "desktop")):
        self.calpager = str(Path(calpager).resolve())
        if not os.access(self.calpager, os.X_OK):
            raise HarnessError(f"no calpager binary at {calpager}")
        self.keep = keep
        self.timezone = timezone
        self.device_names = devices
        self.folder = Path(tempfile.mkdtemp(prefix="calpager-peers-"))
        self.server = Radicale(self.folder / "radicale")
        self.devices: list[Device] = []
        self.collection: Collection | None = None
        self.problems: list[str] = []  # what a scenario found that fails it only at its end

    def __enter__(self) -> "Peers":
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exception) -> None:
        self.close()

    def start(self) -> None:
        find_tool("radicale")
        find_tool("vdirsyncer")
        if shutil.which("curl") is None:  # the recipe makes the collection with curl
            raise MissingTool("curl is not installed: apt-get install curl")
        blocks = recipe_blocks()
        self.server.folder.mkdir(parents=True)
        self.server.start()
        url = self.server.url.rstrip("/") + RECIPE_URL.removeprefix("http://localhost:5232")
        # The collection as the recipe makes it (curl MKCALENDAR), run on the first device.
        self.collection = Collection(self.server, RECIPE_URL.removeprefix("http://localhost:5232"))
        for name in self.device_names:
            self.devices.append(Device(name, self.folder, self.calpager, self.timezone))
        self.devices[0].shell(blocks["collection"].replace(RECIPE_URL, url))
        if not self.collection.names() == []:
            raise HarnessError("the new collection is not empty")
        for device in self.devices:
            device.set_up(blocks, url)

    def close(self) -> None:
        self.server.stop()
        if self.keep:
            print(f"sync_peers: kept {self.folder}", file=sys.stderr)
        else:
            shutil.rmtree(self.folder, ignore_errors=True)

    @property
    def laptop(self) -> Device:
        return self.devices[0]

    @property
    def desktop(self) -> Device:
        return self.devices[1]

    def round(self, first: Device | None = None) -> list[dict]:
        """Every device syncs once (`first` first), then the first once more if the others
        changed anything on the server, so that it gets what they sent. Returns the
        summaries, in order."""
        order = [first or self.devices[0]]
        order += [device for device in self.devices if device is not order[0]]
        summaries = [order[0].sync()]
        before = self.collection.etags()
        summaries += [device.sync() for device in order[1:]]
        if self.collection.etags() != before:
            summaries.append(order[0].sync())
        return summaries

    def transcript(self) -> str:
        """The last commands run on each device, for a failure message."""
        return "\n".join(line for device in self.devices for line in device.transcript[-3:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calpager", default=str(ROOT / ".build/debug/calpager"),
                        help="the calpager binary (default: .build/debug/calpager)")
    parser.add_argument("--keep", action="store_true", help="leave the folders and stop")
    arguments = parser.parse_args()
    try:
        with Peers(arguments.calpager, keep=arguments.keep) as peers:
            for device in peers.devices:
                print(f"{device.name}: home {device.home}, summary {device.sync()}")
            print(f"Radicale at {peers.collection.url} ({len(peers.collection.names())} items)")
    except HarnessError as error:
        print(f"sync_peers: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean up on a kill too
    sys.exit(main())
