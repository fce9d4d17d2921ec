import ICAL from "ical.js";

/**
 * Reads a calendar file with ical.js, a parser written apart from ours, after the line rules of RFC 5545
 * that lenient parsers let pass (CRLF endings, no line over 75 octets). The file's own VTIMEZONE is
 * registered, so its TZID times resolve by the rules the file states, not by the machine's zone data.
 */
export function readCalendar(text: string) {
  if (/(^|[^\r])\n/.test(text) || /\r(?!\n)/.test(text)) throw new Error("every line must end with CRLF");
  if (!text.endsWith("\r\n")) throw new Error("the file must end with CRLF");
  for (const line of text.slice(0, -2).split("\r\n")) {
    if (Buffer.byteLength(line, "utf8") > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== "vcalendar") throw new Error("expected one VCALENDAR");
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("the calendar has no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}
