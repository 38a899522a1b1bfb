/// A `VEVENT` with the properties that reading it as an event looks at, found in one walk over
/// its children: what `CalendarReading` reads, in place of a search by name for each (a dozen
/// walks, each copying every property it passes).
///
/// Each single property is the first of its name, each list every one in order, as
/// `ICalendarComponent.property(named:)` and `properties(named:)` find them. A class: a
/// calendar's reading groups, filters and passes its events around, and a copy of this many
/// properties would be a retain for each.
final class EventComponent {
  /// The component.
  let component: ICalendarComponent
  /// `UID`.
  private(set) var uid: ICalendarProperty?
  /// `RECURRENCE-ID`.
  private(set) var recurrenceID: ICalendarProperty?
  /// `DTSTART`.
  private(set) var start: ICalendarProperty?
  /// `DTEND`.
  private(set) var end: ICalendarProperty?
  /// `DURATION`.
  private(set) var duration: ICalendarProperty?
  /// `SUMMARY`.
  private(set) var summary: ICalendarProperty?
  /// `LOCATION`.
  private(set) var location: ICalendarProperty?
  /// `DESCRIPTION`.
  private(set) var description: ICalendarProperty?
  /// `STATUS`.
  private(set) var status: ICalendarProperty?
  /// The `RRULE`s.
  private(set) var rules: [ICalendarProperty] = []
  /// The `RDATE`s.
  private(set) var dates: [ICalendarProperty] = []
  /// The `EXDATE`s.
  private(set) var exceptions: [ICalendarProperty] = []
  /// The `TZID` parameter values of the properties directly inside it, each once, in the
  /// order of first use.
  private(set) var zoneIDs: [String] = []

  /// Walks `component`'s properties once.
  init(_ component: ICalendarComponent) {
    self.component = component
    for case .property(let property) in component.children {
      if !property.parameters.isEmpty, let tzid = property.parameter("TZID"),
        !zoneIDs.contains(tzid)
      {
        zoneIDs.append(tzid)
      }
      let name = property.name
      // By length first: most names then meet one comparison, not a dozen.
      switch name.utf8.count {
      case 3: if name == "UID" { Self.keepFirst(property, in: &uid) }
      case 5:
        if name == "RRULE" {
          rules.append(property)
        } else if name == "RDATE" {
          dates.append(property)
        } else if name == "DTEND" {
          Self.keepFirst(property, in: &end)
        }
      case 6:
        if name == "EXDATE" {
          exceptions.append(property)
        } else if name == "STATUS" {
          Self.keepFirst(property, in: &status)
        }
      case 7:
        if name == "DTSTART" {
          Self.keepFirst(property, in: &start)
        } else if name == "SUMMARY" {
          Self.keepFirst(property, in: &summary)
        }
      case 8:
        if name == "DURATION" {
          Self.keepFirst(property, in: &duration)
        } else if name == "LOCATION" {
          Self.keepFirst(property, in: &location)
        }
      case 11: if name == "DESCRIPTION" { Self.keepFirst(property, in: &description) }
      case 13: if name == "RECURRENCE-ID" { Self.keepFirst(property, in: &recurrenceID) }
      default: break
      }
    }
  }

  /// The line of the component's `BEGIN:`.
  var line: Int { component.line }

  private static func keepFirst(_ property: ICalendarProperty, in slot: inout ICalendarProperty?) {
    if slot == nil { slot = property }
  }
}
