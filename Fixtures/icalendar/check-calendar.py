#!/usr/bin/python3
"""Checks a whole iCalendar export the way a calendar app reads it, with the icalendar
library (Debian's python3-icalendar).

Usage: check-calendar.py FILE
Prints one JSON object: the calendar's NAME (RFC 7986), UID and X-WR-CALNAME; "events", each
VEVENT's UID with its DTSTART, DTEND and TRANSP; "todos", each VTODO's UID with its DUE when
it has one. Exits 1, saying why on standard error, when the file breaks RFC 5545 or RFC 7986
in a way checked here.
"""
import datetime
import json
import sys

import icalendar


def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(1)


def text(value):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.strftime("%Y-%m-%d")


def main():
    raw = open(sys.argv[1], "rb").read()
    if b"\n" in raw.replace(b"\r\n", b""):
        fail("a line ends without CRLF")
    calendar = icalendar.Calendar.from_ical(raw)
    if calendar.get("VERSION") != "2.0" or not calendar.get("PRODID"):
        fail("VCALENDAR needs VERSION:2.0 and PRODID")
    for name in ("NAME", "UID"):
        if name not in calendar:
            fail("VCALENDAR without %s (RFC 7986)" % name)
    uids = set()
    events, todos = {}, {}
    for component in calendar.subcomponents:
        errors = getattr(component, "errors", [])
        if errors:
            fail("%s: %s" % (component.get("UID"), errors))
        uid = str(component.get("UID", ""))
        if not uid or uid in uids:
            fail("a %s without a UID of its own: %r" % (component.name, uid))
        uids.add(uid)
        if "DTSTAMP" not in component or "SUMMARY" not in component:
            fail("%s: no DTSTAMP or SUMMARY" % uid)
        if component.name == "VEVENT":
            start, end = component.decoded("DTSTART"), component.decoded("DTEND")
            if not end > start:
                fail("%s: DTEND %s is not after DTSTART %s" % (uid, end, start))
            transp = str(component.get("TRANSP", "OPAQUE"))
            if transp not in ("OPAQUE", "TRANSPARENT"):
                fail("%s: TRANSP %s" % (uid, transp))
            events[uid] = {"start": text(start), "end": text(end), "transp": transp}
        elif component.name == "VTODO":
            entry = {}
            if "DUE" in component:
                entry["due"] = text(component.decoded("DUE"))
            if "DTSTART" in component and "DUE" in component:
                if not component.decoded("DUE") > component.decoded("DTSTART"):
                    fail("%s: DUE is not after DTSTART" % uid)
            todos[uid] = entry
        else:
            fail("an unexpected component %s" % component.name)
    result = {
        "name": str(calendar["NAME"]), "uid": str(calendar["UID"]),
        "calname": str(calendar.get("X-WR-CALNAME", "")), "events": events, "todos": todos,
    }
    print(json.dumps(result, sort_keys=True))


main()
