import CalendarPaging
import NoteStore

#if canImport(Glibc)
  import Glibc
#endif

/// The calpager command: argv and environment in, exit status out.
public enum CalPager {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs the process's command line and exits with its status; never returns.
  public static func main() -> Never {
    var environment: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
    exit(status)
  }

  /// Runs one command line and returns the exit status: 0 success, 1 runtime error, 64 usage.
  public static func run(arguments: [String], environment: [String: String]) -> Int32 {
    var databasePath: String?
    var command: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--version":
        print("calpager \(version)")
        return 0
      case "-h", "--help":
        print(help)
        return 0
      case "--db":
        guard index + 1 < arguments.count else {
          return usageError("missing value for '--db'")
        }
        databasePath = arguments[index + 1]
        index += 1
      default:
        if argument.hasPrefix("--db=") {
          databasePath = String(argument.dropFirst(5))
        } else if argument.hasPrefix("-") {
          return usageError("unknown option '\(argument)'")
        } else {
          command.append(argument)
        }
      }
      index += 1
    }
    guard command.isEmpty || command == ["show"] else {
      return usageError("unknown command '\(command[0])'")
    }
    let location = StoreLocation.resolve(explicitPath: databasePath, environment: environment)
    do {
      let store = try NoteStore(location: location)
      let day = try store.selectedDay() ?? LocalTime.today()
      print("\(day.weekday.name) \(day.dayOfMonth) \(Day.monthNames[day.month - 1]) \(day.year)")
      return 0
    } catch {
      printError("Error: \(error)")
      return 1
    }
  }

  static func usageError(_ message: String) -> Int32 {
    printError("Error: \(message)\nUsage: calpager [--db PATH] [show]")
    return 64
  }

  static func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }

  static let help = """
    OVERVIEW: A persistent calendar pager for the terminal.

    USAGE: calpager [--db PATH] [show]

    OPTIONS:
      --db PATH               The database (else $CALPAGER_DB, else
                              $XDG_DATA_HOME/calpager/calpager.db).
      --version               Show the version.
      -h, --help              Show help information.
    """
}

/// The local civil date, from `time()` and `localtime_r` (which honour `$TZ`).
enum LocalTime {
  /// Today in the local time zone.
  static func today() -> Day {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return Day(unixSeconds: Int(now), utcOffset: Int(parts.tm_gmtoff)) ?? .first
  }
}
