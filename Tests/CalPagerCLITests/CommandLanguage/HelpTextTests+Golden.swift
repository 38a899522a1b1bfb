extension HelpTextTests {
  static let overview = """
    OVERVIEW: A persistent calendar pager for the terminal.

    calpager pages through calendar days, remembers the selected day between runs
    and keeps free-text notes on days, all in one SQLite file. With no subcommand it
    shows the selected day.

    USAGE: calpager <subcommand>

    OPTIONS:
      --db <path>             The database file. (default: $CALPAGER_DB, else
                              $XDG_DATA_HOME/calpager/calpager.db, else
                              ~/.local/share/calpager/calpager.db)
      --json                  Print one JSON object per command instead of text.
      --color <when>          When to colour the output: auto (on a terminal, unless
                              NO_COLOR is set), always (even with NO_COLOR set) or
                              never. (default: auto)
      --width <n>             The width in columns, 1 to 10000. (default: the
                              terminal's width, else $COLUMNS, else 80)
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      show (default)          Show the selected day and its notes.
      next                    Move the selection forward by N days.
      prev                    Move the selection back by N days.
      goto                    Select a day.
      today                   Select today.
      add                     Add a note to the selected day or another day.
      edit                    Replace the text of a note.
      rm                      Remove a note.
      mv                      Move a note to another day.
      list                    List the events and notes in a range of days.
      search                  Search the notes' and events' text.
      undo                    Undo the last change to the notes.
      export                  Write the notes to a file or standard output.
      import                  Read notes from a file or standard input.
      config                  Show or change the settings.
      check                   Check the database's integrity.
      backup                  Copy the database to a file, safely while in use.
      browse                  Page through the days full-screen, a key at a time.
      shell                   Read commands line by line from standard input.
      help                    Show help information.

      See 'calpager help <subcommand>' for detailed help.
    """

  static let add = """
    OVERVIEW: Add a note to the selected day or another day.

    The words of TEXT are joined by one space. A lone '-' reads the text from
    standard input, which may hold several lines. With no TEXT, calpager opens
    $VISUAL or $EDITOR on an empty file and adds what you save; an empty file adds
    nothing. Everything after '--' is text, even words starting with '-' and a lone
    '-'.

    DATE is YYYY-MM-DD, today, yesterday, tomorrow, a weekday, days, weeks or months
    from the selected day, a month YYYY-MM or an ISO week YYYY-Www: 2024-05-01; fri
    or friday (the next Friday after today); +3 or -2 (days); +2w or -1m (weeks or
    months; a month step keeps the day of the month, clamped to a shorter month's
    end); 2024-06 (its first day); 2024-W18 (its Monday).

    Examples:
      calpager add Dentist at 10:00
      calpager add --day 2024-05-01 "Call the bank"
      printf 'Shopping\\n- milk\\n- bread\\n' | calpager add -
      calpager add -- --verbose is not an option here

    USAGE: calpager add [--day <date>] [<text> ...]

    ARGUMENTS:
      <text> ...              The note's text.

    OPTIONS:
      --day <date>            The day to add the note to. (default: the selected
                              day)
      --db <path>             The database file. (default: $CALPAGER_DB, else
                              $XDG_DATA_HOME/calpager/calpager.db, else
                              ~/.local/share/calpager/calpager.db)
      --json                  Print one JSON object per command instead of text.
      --color <when>          When to colour the output: auto (on a terminal, unless
                              NO_COLOR is set), always (even with NO_COLOR set) or
                              never. (default: auto)
      --width <n>             The width in columns, 1 to 10000. (default: the
                              terminal's width, else $COLUMNS, else 80)
      --version               Show the version.
      -h, --help              Show help information.
    """

  static let next = """
    OVERVIEW: Move the selection forward by N days.

    The new selection is saved, so the next command starts from it. With
    --with-notes, move to the Nth following day that has notes instead. With --by
    week or --by month (or the page-by setting), move by N weeks or N months and
    show the week or the month: a move by months keeps the day of the month, clamped
    once to a shorter month's end, so 'next 2 --by month' is one move of two months.
    A move past 9999-12-31 fails and leaves the selection where it was.

    Examples:
      calpager next
      calpager next 7
      calpager next --with-notes
      calpager next --by week
      calpager next 2 --by month

    USAGE: calpager next [<n>] [--with-notes] [--by <unit>]

    ARGUMENTS:
      <n>                     How many days, weeks or months to move, a positive
                              whole number. (default: 1)

    OPTIONS:
      --with-notes            Count only the days that have notes.
      --by <unit>             What to step and show by: day, week (its seven days,
                              from first-weekday) or month (a grid and the selected
                              day's notes). (default: the page-by setting, day)
      --db <path>             The database file. (default: $CALPAGER_DB, else
                              $XDG_DATA_HOME/calpager/calpager.db, else
                              ~/.local/share/calpager/calpager.db)
      --json                  Print one JSON object per command instead of text.
      --color <when>          When to colour the output: auto (on a terminal, unless
                              NO_COLOR is set), always (even with NO_COLOR set) or
                              never. (default: auto)
      --width <n>             The width in columns, 1 to 10000. (default: the
                              terminal's width, else $COLUMNS, else 80)
      --version               Show the version.
      -h, --help              Show help information.
    """
}
