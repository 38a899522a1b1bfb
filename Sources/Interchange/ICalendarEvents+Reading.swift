internal import DisplayText
internal import Recurrence

/// One `VCALENDAR` being read: its properties, its `VTIMEZONE`s and its `VEVENT`s by `UID`,
/// turned into series at its end (a `TZID` may name a `VTIMEZONE` written after the event).
struct CalendarReading {
  let zones: ZoneLookup
  /// Its `METHOD` and `X-WR-TIMEZONE` properties (the others say nothing to the reading).
  private(set) var properties: [ICalendarProperty] = []
  var definitions: [String: ICalendarComponent] = [:]
  /// The `VEVENT`s by `UID`, in the order of each `UID`'s first component: the first `UID`'s
  /// apart (most calendars, a vdir's files, hold one: no list is made for them), then the
  /// others.
  var firstGroup: Group?
  var groups: [Group] = []
  /// The index in `groups` of each `UID` but the first's.
  var groupIndex: [String: Int] = [:]
  /// The first zone looked up, by its `TZID` (nil: unknown): most calendars name one, which
  /// then needs no dictionary.
  var firstResolved: ResolvedZone?
  /// The other zones looked up already, by `TZID` (nil: unknown).
  var resolved: [String: (any ZoneRules)?] = [:]
  var problems: [EventProblem] = []

  /// The components of one `UID`.
  struct Group {
    let uid: String
    let first: EventComponent
    var others: [EventComponent] = []
  }

  /// A zone looked up, by its `TZID` (nil: unknown).
  struct ResolvedZone {
    let tzid: String
    let zone: (any ZoneRules)?
  }

  init(zones: @escaping ZoneLookup) {
    self.zones = zones
  }

  /// Whether the reading looks at a calendar property of this name: the others are not
  /// kept (`ICalendarParser`'s `keepsCalendarProperty`).
  static func reads(_ name: String) -> Bool {
    name == "METHOD" || name == "X-WR-TIMEZONE"
  }

  /// Takes in a property of the calendar.
  mutating func add(_ property: ICalendarProperty) {
    if Self.reads(property.name) { properties.append(property) }
  }

  mutating func add(_ event: EventComponent) {
    // An event without a UID is still shown: a name of its own, from where it is.
    let uid = event.properties.withFirst(.uid) { $0.text } ?? "line-\(event.line)"
    guard let first = firstGroup?.uid else {
      firstGroup = Group(uid: uid, first: event)
      return
    }
    if first == uid {
      firstGroup?.others.append(event)
    } else if !groupIndex.isEmpty, let index = groupIndex[uid] {
      groups[index].others.append(event)
    } else {
      groupIndex[uid] = groups.count
      groups.append(Group(uid: uid, first: event))
    }
  }

  mutating func finish(into file: inout EventFile) {
    let method = properties.first { $0.name == "METHOD" }?.text.uppercased()
    let floatingZoneName = properties.first { $0.name == "X-WR-TIMEZONE" }?.text
    let floatingZone = floatingZoneName.flatMap { zone(named: $0, line: nil) }
    // RFC 5546 §3.2.5: a CANCEL names whole events, or with RECURRENCE-ID single instances
    // (RANGE=THISANDFUTURE: that one and the later ones).
    let cancels = method == "CANCEL"
    if let firstGroup {
      finish(firstGroup, cancels: cancels, floatingZone: floatingZone, into: &file)
    }
    for group in groups {
      finish(group, cancels: cancels, floatingZone: floatingZone, into: &file)
    }
    if !problems.isEmpty { file.problems += problems }
    self = CalendarReading(zones: zones)
  }

  /// Adds to `file` the series of a `UID`'s components, or in a cancel what they cancel.
  private mutating func finish(
    _ group: Group, cancels: Bool, floatingZone: (any ZoneRules)?, into file: inout EventFile
  ) {
    let (uid, first, others) = (group.uid, group.first, group.others)
    // The components without RECURRENCE-ID (the first is the master), and the overrides.
    var master: EventComponent?
    var secondMasterLine: Int?
    var overrides: [EventComponent] = []
    func sort(_ component: EventComponent) {
      if component.properties.has(.recurrenceID) {
        overrides.append(component)
      } else if master == nil {
        master = component
      } else if secondMasterLine == nil {
        secondMasterLine = component.line
      }
    }
    sort(first)
    for component in others { sort(component) }
    if cancels && overrides.isEmpty { file.cancelledUIDs.append(uid) }
    if cancels && master == nil {
      // Instances of a series this calendar object does not hold: nothing to show (they
      // are not events); the index cancels them in the series' own file.
      for override in overrides {
        guard let property = override.properties.recurrenceID,
          let id = dateTime(property, floatingZone: floatingZone)
        else { continue }
        file.cancelledInstances.append(
          InstanceCancel(
            uid: uid, recurrenceID: id,
            thisAndFuture: property.parameter("RANGE")?.uppercased() == "THISANDFUTURE"))
      }
      return
    }
    if let secondMasterLine {
      problems.append(
        EventProblem(
          line: secondMasterLine,
          reason: "the UID \(Quote.quoted(uid)) has more than one VEVENT without "
            + "RECURRENCE-ID: the first is shown"))
    }
    guard let master else {
      // Instances without their series (an invitation to one of them): each on its own.
      for override in overrides {
        addSeries(
          uid: uid, master: override, overrides: [], floatingZone: floatingZone,
          to: &file.events)
      }
      return
    }
    addSeries(
      uid: uid, master: master, overrides: overrides, floatingZone: floatingZone,
      cancelsInstances: cancels, to: &file.events)
  }

  /// Adds the series of `master` and its `overrides` to `events`; none (and a problem) when
  /// the master has no readable `DTSTART`.
  ///
  /// With `cancelsInstances` (a `METHOD:CANCEL` calendar) each override cancels the instance
  /// its `RECURRENCE-ID` names, matched by instant as any override, whatever its `STATUS`.
  private mutating func addSeries(
    uid: String, master: EventComponent, overrides: [EventComponent],
    floatingZone: (any ZoneRules)?, cancelsInstances: Bool = false,
    to events: inout [CalendarEvent]
  ) {
    guard let startProperty = master.properties.start else {
      problems.append(
        EventProblem(
          line: master.line, reason: "the event \(Quote.quoted(uid)) has no DTSTART: not shown"))
      return
    }
    guard let start = dateTime(startProperty, floatingZone: floatingZone) else { return }
    let startZone: (any ZoneRules)? =
      if case .zoned(_, let zone) = start { zone } else if case .utc = start {
        FixedOffsetZone.utc
      } else { nil }
    var rules: [RecurrenceRule] = []
    master.properties.forEach(.rule) { property in
      do throws(RecurrenceError) {
        rules.append(
          try property.valueBytes.withUnsafeBufferPointer { (value) throws(RecurrenceError) in
            try RecurrenceRule(parsingUTF8: value, untilZone: startZone)
          })
      } catch {
        problems.append(
          EventProblem(
            line: property.line,
            reason: "the event \(Quote.quoted(uid)) has an RRULE calpager cannot read "
              + "(\(error.description)): only its first occurrence is shown"))
      }
    }
    var dates: [RecurrenceDate] = []
    master.properties.forEach(.date) { property in
      let zone = zoneParameter(property)
      let kind = property.parameter("VALUE")?.uppercased()
      for value in property.values {
        do throws(RecurrenceError) {
          var date = try RecurrenceDate(
            parsing: value, zone: zone, isDate: kind == "DATE" ? true : nil,
            isPeriod: kind == "PERIOD" ? true : nil)
          if zone == nil, let floatingZone, case .value(.floating(let local)) = date {
            date = .value(.zoned(local, floatingZone))
          }
          dates.append(date)
        } catch {
          problems.append(skipped("RDATE", property, uid: uid, error: error))
        }
      }
    }
    var exceptions: [DateTimeValue] = []
    master.properties.forEach(.exception) { property in
      let zone = zoneParameter(property)
      let isDate: Bool? = property.parameter("VALUE")?.uppercased() == "DATE" ? true : nil
      property.forEachValue { value in
        do throws(RecurrenceError) {
          exceptions.append(
            floating(
              try DateTimeValue(parsingUTF8: value, zone: zone, isDate: isDate),
              zone: floatingZone))
        } catch {
          problems.append(skipped("EXDATE", property, uid: uid, error: error))
        }
      }
    }
    var eventOverrides: [EventOverride] = []
    for component in overrides {
      guard let idProperty = component.properties.recurrenceID,
        let id = dateTime(idProperty, floatingZone: floatingZone)
      else { continue }
      let overrideStart =
        component.properties.start.flatMap { dateTime($0, floatingZone: floatingZone) } ?? id
      eventOverrides.append(
        EventOverride(
          recurrenceID: id,
          thisAndFuture: idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE",
          start: overrideStart, end: end(of: component, uid: uid, floatingZone: floatingZone),
          fields: cancelsInstances ? EventFields(status: .cancelled) : fields(of: component)))
    }
    let recurs = !rules.isEmpty || !dates.isEmpty || !eventOverrides.isEmpty
    // Made in place in the list: an event is a large value, and a copy of it a retain of each
    // of its many parts.
    events.append(
      CalendarEvent(
        series: EventSeries(
          uid: uid, start: start, end: end(of: master, uid: uid, floatingZone: floatingZone),
          rules: rules, dates: dates, exceptions: exceptions, fields: fields(of: master),
          overrides: eventOverrides),
        text: text(of: master, overrides, cancelsInstances: cancelsInstances), recurs: recurs,
        line: master.line))
  }

  /// A `VCALENDAR` of `master` and `overrides` alone, with the calendar properties and
  /// `VTIMEZONE`s that reading them needs (`METHOD:CANCEL` where its overrides cancel their
  /// instances).
  private func text(
    of master: EventComponent, _ overrides: [EventComponent], cancelsInstances: Bool
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(overrides.reduce(master.bytes.count + 64) { $0 + $1.bytes.count })
    bytes.append(ascii: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    if cancelsInstances { bytes.append(ascii: "METHOD:CANCEL\r\n") }
    func endLine() {
      if bytes.last != 0x0A { bytes.append(ascii: "\r\n") }
    }
    for property in properties where property.name == "X-WR-TIMEZONE" {
      bytes += property.raw
      endLine()
    }
    if !definitions.isEmpty {
      var named = master.properties.zoneIDs
      for component in overrides {
        for tzid in component.properties.zoneIDs where !named.contains(tzid) { named.append(tzid) }
      }
      for tzid in named.sorted() {
        guard let definition = definitions[tzid] else { continue }
        definition.appendBytes(to: &bytes)
        endLine()
      }
    }
    bytes += master.bytes
    endLine()
    for component in overrides {
      bytes += component.bytes
      endLine()
    }
    bytes.append(ascii: "END:VCALENDAR\r\n")
    return bytes
  }

  private func skipped(
    _ name: String, _ property: ICalendarProperty, uid: String, error: RecurrenceError
  ) -> EventProblem {
    EventProblem(
      line: property.line,
      reason: "the event \(Quote.quoted(uid)) has an \(name) calpager cannot read "
        + "(\(error.description)): skipped")
  }

  /// `DTEND` or `DURATION` of `component`; `.none` when it has neither or they cannot be read.
  private mutating func end(
    of component: EventComponent, uid: String, floatingZone: (any ZoneRules)?
  ) -> EventEnd {
    // Each property read in place.
    if let end = component.properties.withFirst(
      .end,
      { property in
        dateTime(property, floatingZone: floatingZone).map(EventEnd.at) ?? EventEnd.none
      })
    {
      return end
    }
    return component.properties.withFirst(.duration) { property -> EventEnd in
      do throws(RecurrenceError) {
        return .after(
          try property.valueBytes.withUnsafeBufferPointer { (value) throws(RecurrenceError) in
            try CalendarDuration(parsingUTF8: value)
          })
      } catch {
        problems.append(
          EventProblem(
            line: property.line,
            reason: "the event \(Quote.quoted(uid)) has a DURATION calpager cannot read "
              + "(\(error.description)): read as none"))
        return EventEnd.none
      }
    } ?? .none
  }

  private func fields(of component: EventComponent) -> EventFields {
    EventFields(
      summary: component.properties.withFirst(.summary) { $0.text },
      location: component.properties.withFirst(.location) { $0.text },
      description: component.properties.withFirst(.description) { $0.text },
      status: component.properties.withFirst(.status) { EventStatus(parsing: $0.text) })
  }

  /// A DATE or DATE-TIME property's value, in its `TZID`'s zone; nil (and a problem) when it
  /// cannot be read.
  private mutating func dateTime(_ property: ICalendarProperty, floatingZone: (any ZoneRules)?)
    -> DateTimeValue?
  {
    let isDate: Bool? =
      switch property.parameter("VALUE")?.uppercased() {
      case "DATE": true
      case "DATE-TIME": false
      default: nil
      }
    let zone = zoneParameter(property)
    do {
      let value = try property.valueBytes.withUnsafeBufferPointer {
        (value) throws(RecurrenceError) in
        try DateTimeValue(parsingUTF8: value, zone: zone, isDate: isDate)
      }
      return floatingZone == nil ? value : floating(value, zone: floatingZone)
    } catch {
      problems.append(
        EventProblem(
          line: property.line,
          reason: "the \(property.name) \(Quote.quoted(property.value)) cannot be read "
            + "(\(error.description))"))
      return nil
    }
  }

  /// A floating time placed in the calendar's `X-WR-TIMEZONE`, when it names one.
  private func floating(_ value: DateTimeValue, zone: (any ZoneRules)?) -> DateTimeValue {
    guard let zone, case .floating(let local) = value else { return value }
    return .zoned(local, zone)
  }

  /// The zone of the property's `TZID` parameter; nil when it has none or it is unknown.
  private mutating func zoneParameter(_ property: ICalendarProperty) -> (any ZoneRules)? {
    guard let tzid = property.parameter("TZID") else { return nil }
    return zone(named: tzid, line: property.line)
  }

  /// The zone `tzid` names, looked up once per calendar: the calendar's own `VTIMEZONE`,
  /// else the lookup's; an unknown or broken one is named once.
  private mutating func zone(named tzid: String, line: Int?) -> (any ZoneRules)? {
    if firstResolved?.tzid == tzid { return firstResolved?.zone ?? nil }
    if !resolved.isEmpty, let known = resolved[tzid] { return known }
    var zone: (any ZoneRules)?
    if let definition = definitions[tzid] {
      do {
        zone = try ICalendarEvents.zoneRules(of: definition)
      } catch {
        zone = zones(tzid)
        let instead =
          zone == nil
          ? "its times are read as floating" : "the system's zone of that name is used"
        problems.append(
          EventProblem(
            line: definition.line,
            reason: "the VTIMEZONE \(Quote.quoted(tzid)) cannot be read (\(error)): \(instead)"))
      }
    } else {
      zone = zones(tzid)
      if zone == nil {
        problems.append(
          EventProblem(
            line: line,
            reason: "unknown TZID \(Quote.quoted(tzid)): its times are read as floating"))
      }
    }
    if firstResolved == nil {
      firstResolved = ResolvedZone(tzid: tzid, zone: zone)
    } else {
      resolved[tzid] = .some(zone)
    }
    return zone
  }
}
