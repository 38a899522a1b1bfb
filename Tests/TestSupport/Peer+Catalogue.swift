import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Every peer a test needs, in one place: what `.requires(…)` takes.
///
/// The Python packages are provided (`pythonPackages`, from `Tests/Scripts/requirements.txt`);
/// the rest cannot be had from inside a test run and are skipped where they are missing, with
/// the command that installs them.
extension Peer {
  /// tmux, the terminal the interactive tests type into (`Tmux`).
  public static let tmux = program("tmux", remedy: "apt-get install tmux")

  /// zsh, to load the zsh completion script.
  public static let zsh = program("zsh", remedy: "apt-get install zsh")

  /// fish, to load the fish completion script.
  public static let fish = program("fish", remedy: "apt-get install fish")

  /// groff, to render the man page.
  public static let groff = program("groff", remedy: "apt-get install groff")

  /// curl, which the README's sync recipe makes the CalDAV collection with.
  public static let curl = program("curl", remedy: "apt-get install curl")

  /// `script`, to give a command a terminal as its standard output.
  public static let script = program("script", remedy: "apt-get install bsdutils")

  /// A Python 3 interpreter, for the test scripts that need only its standard library.
  public static let python3 = program("python3", remedy: "apt-get install python3")

  /// A Python with every package of `Tests/Scripts/requirements.txt`.
  ///
  /// Radicale, vdirsyncer, icalendar, recurring-ical-events and khal: the running `python3` when it has them all,
  /// else a virtual environment the tests make under `.build/test-peers` (see
  /// `PythonPeers`). Its path is that Python's executable.
  public static let pythonPackages = Peer(
    "the Python peers",
    absence: "there is no python3 with venv to install the Python peers into",
    remedy: "apt-get install python3 python3-venv"
  ) {
    try PythonPeers.interpreter()?.executable
  }

  /// The time zone database, for the tests that run calpager in a named zone (`TZ=Europe/Berlin`).
  public static let tzdata = Peer(
    "tzdata",
    absence: "the time zone database is not installed (no /usr/share/zoneinfo/Europe/Berlin)",
    remedy: "apt-get install tzdata"
  ) {
    let path = "/usr/share/zoneinfo/Europe/Berlin"
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// Running calpager as the user nobody: root and `setpriv`.
  ///
  /// Root ignores file permissions, so only another user sees a read-only file as read-only.
  /// Its path is `setpriv`'s.
  public static let anotherUser = Peer(
    "another user",
    absence: "calpager cannot be run as another user here (that needs root and setpriv)",
    remedy: "run the tests as root; apt-get install util-linux"
  ) {
    getuid() == 0 ? executable(named: "setpriv") : nil
  }

  /// Bind mounts: root with CAP_SYS_ADMIN and `mount`.
  ///
  /// To reach a folder through a second path, as a bind mount (or a container's volume)
  /// does. Its path is `mount`'s.
  public static let bindMounts = Peer(
    "bind mounts",
    absence: "a folder cannot be bind-mounted here (that needs root, CAP_SYS_ADMIN and mount)",
    remedy: "run the tests as root, outside a container that drops CAP_SYS_ADMIN"
  ) {
    guard getuid() == 0, let mount = executable(named: "mount"),
      let umount = executable(named: "umount")
    else { return nil }
    let directory = TemporaryDirectory("mount-probe")
    let (source, target) = (directory.file("source"), directory.file("target"))
    guard mkdir(source, 0o700) == 0, mkdir(target, 0o700) == 0,
      (try? runProcess(mount, ["--bind", source, target]))?.status == 0
    else { return nil }
    _ = try? runProcess(umount, [target])
    return mount
  }

  /// Making device nodes: root with CAP_MKNOD.
  ///
  /// For a null device and a full device of the test's own. Its path is the temporary
  /// directory, where the probe made one.
  public static let deviceNodes = Peer(
    "device nodes",
    absence: "device nodes cannot be made here (mknod needs root and CAP_MKNOD)",
    remedy: "run the tests as root, outside a container that drops CAP_MKNOD"
  ) {
    let directory = TemporaryDirectory("mknod-probe")
    let node = directory.file("null")
    guard mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return nil }
    unlink(node)
    return FileManager.default.temporaryDirectory.path
  }
}
