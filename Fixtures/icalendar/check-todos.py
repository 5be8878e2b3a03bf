#!/usr/bin/python3
"""Checks an iCalendar file the way a calendar app reads it, with the icalendar library
(Debian's python3-icalendar) and dateutil's RRULE expansion.

Usage: check-todos.py FILE COUNT
Prints one JSON object: for each VTODO's UID, its DTSTART and DUE (each when present) and the
first COUNT times its RRULE gives, as yyyy-mm-dd for dates and ISO 8601 UTC for date-times. Exits 1, saying
why on standard error, when the file breaks RFC 5545 in a way checked here.
"""
import datetime
import json
import sys

import icalendar
from dateutil import rrule


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(1)


def text(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            fail("a floating date-time: %s" % value)
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.strftime("%Y-%m-%d")


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    raw = open(path, "rb").read()
    if b"\n" in raw.replace(b"\r\n", b""):
        fail("a line ends without CRLF")
    for line in raw.split(b"\r\n"):
        if len(line) > 75:
            fail("a line longer than 75 octets: %r" % line)
    calendar = icalendar.Calendar.from_ical(raw)
    if calendar.get("VERSION") != "2.0" or not calendar.get("PRODID"):
        fail("VCALENDAR needs VERSION:2.0 and PRODID")
    result = {}
    for todo in calendar.walk("VTODO"):
        errors = getattr(todo, "errors", [])
        if errors:
            fail("%s: %s" % (todo.get("UID"), errors))
        for name in ("UID", "DTSTAMP", "SUMMARY"):
            if name not in todo:
                fail("a VTODO without %s" % name)
        uid = str(todo["UID"])
        # A to-do may have neither DTSTART nor DUE (an undated task), or either; a repeating
        # one needs DTSTART; with both, DUE must be later (RFC 5545 3.8.2.3).
        start = todo.decoded("DTSTART") if "DTSTART" in todo else None
        due = todo.decoded("DUE") if "DUE" in todo else None
        if start is not None and due is not None:
            if isinstance(start, datetime.datetime) != isinstance(due, datetime.datetime):
                fail("%s: DTSTART and DUE are not of the same value type" % uid)
            if not due > start:
                fail("%s: DUE %s is not after DTSTART %s" % (uid, due, start))
        if "RRULE" in todo and start is None:
            fail("%s: RRULE without DTSTART" % uid)
        status = str(todo.get("STATUS", "NEEDS-ACTION"))
        if status not in ("NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "CANCELLED"):
            fail("%s: STATUS %s is not one a VTODO may have" % (uid, status))
        entry = {"occurrences": []}
        if start is not None:
            entry["start"] = text(start)
        if due is not None:
            entry["due"] = text(due)
        if "RRULE" in todo:
            rule_text = todo["RRULE"].to_ical().decode()
            first = start if isinstance(start, datetime.datetime) else datetime.datetime.combine(start, datetime.time())
            times = rrule.rrulestr(rule_text, dtstart=first)
            for index, time in enumerate(times):
                if index == count:
                    break
                entry["occurrences"].append(text(time if isinstance(start, datetime.datetime) else time.date()))
            entry["rrule"] = rule_text
        result[uid] = entry
    print(json.dumps(result, sort_keys=True))


main()
