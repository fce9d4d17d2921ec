/*
 * A strict little iCalendar reader for the tests: it refuses what RFC 5545
 * forbids (bare line feeds, lines over 75 octets, unbalanced components) and
 * resolves a TZID time through the file's own VTIMEZONE, independently of the
 * code that wrote it.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

/** The colon that ends name and parameters: the first one outside a quoted parameter value. */
function nameEnd(line: string) {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return i;
  }
  return -1;
}

export function readIcs(text: string): IcsComponent {
  if (/(^|[^\r])\n/.test(text) || /\r(?!\n)/.test(text)) throw new Error("every line must end with CRLF");
  if (!text.endsWith("\r\n")) throw new Error("the file must end with CRLF");
  for (const physical of text.slice(0, -2).split("\r\n")) {
    if (Buffer.byteLength(physical, "utf8") > 75) throw new Error(`line longer than 75 octets: ${physical}`);
  }
  const lines = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  const root: IcsComponent = { name: "", properties: [], components: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = nameEnd(line);
    if (colon <= 0) throw new Error(`not a content line: ${line}`);
    const [name = "", ...rawParams] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    const current = stack.at(-1)!;
    if (name === "BEGIN") {
      const component = { name: value, properties: [], components: [] };
      current.components.push(component);
      stack.push(component);
    } else if (name === "END") {
      if (current.name !== value) throw new Error(`END:${value} closes ${current.name || "nothing"}`);
      stack.pop();
    } else {
      const params = Object.fromEntries(rawParams.map((param) => param.split("=") as [string, string]));
      current.properties.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed component ${stack.at(-1)!.name}`);
  const [calendar] = root.components;
  if (root.components.length !== 1 || calendar?.name !== "VCALENDAR") throw new Error("expected one VCALENDAR");
  return calendar;
}

export const child = (component: IcsComponent, name: string) => component.components.filter((c) => c.name === name);

export function prop(component: IcsComponent, name: string) {
  const found = component.properties.find((property) => property.name === name);
  if (!found) throw new Error(`${component.name} has no ${name}`);
  return found;
}

export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_match, char: string) => (char === "n" || char === "N" ? "\n" : char));

const parseOffset = (value: string) => {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(value);
  if (!match) throw new Error(`bad UTC offset ${value}`);
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
};

/** Wall-clock `yyyyMMddTHHmmss` read as if it were UTC, to do arithmetic on. */
const naive = (value: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) throw new Error(`bad local date-time ${value}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
};

interface Observance {
  offsetFrom: number;
  offsetTo: number;
  /** When it begins in a year, in UTC. */
  onset: (year: number) => number;
}

function observances(zone: IcsComponent): Observance[] {
  return zone.components.map((observance) => {
    const start = prop(observance, "DTSTART").value;
    const rule = Object.fromEntries(
      prop(observance, "RRULE")
        .value.split(";")
        .map((part) => part.split("=")),
    );
    if (rule.FREQ !== "YEARLY" || rule.BYDAY !== "-1SU") throw new Error(`unsupported RRULE ${JSON.stringify(rule)}`);
    const offsetFrom = parseOffset(prop(observance, "TZOFFSETFROM").value);
    const timeOfDay = naive(start) % 86_400_000;
    return {
      offsetFrom,
      offsetTo: parseOffset(prop(observance, "TZOFFSETTO").value),
      onset: (year) => {
        const lastDay = new Date(Date.UTC(year, Number(rule.BYMONTH), 0));
        const lastSunday = lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
        return lastSunday + timeOfDay - offsetFrom;
      },
    };
  });
}

/** The instant of a `DTSTART;TZID=…` style property, using the calendar's own VTIMEZONE. */
export function resolveInstant(calendar: IcsComponent, property: IcsProperty): Date {
  const zone = child(calendar, "VTIMEZONE").find((candidate) => prop(candidate, "TZID").value === property.params.TZID);
  if (!zone) throw new Error(`no VTIMEZONE for ${property.params.TZID}`);
  const rules = observances(zone);
  const local = naive(property.value);
  const year = new Date(local).getUTCFullYear();
  const activeAt = (instant: number) =>
    rules
      .flatMap((rule) => [year - 1, year, year + 1].map((y) => ({ rule, at: rule.onset(y) })))
      .filter((onset) => onset.at <= instant)
      .sort((a, b) => b.at - a.at)[0]?.rule;
  for (const rule of rules) {
    const instant = local - rule.offsetTo;
    if (activeAt(instant) === rule) return new Date(instant);
  }
  throw new Error(`${property.value} does not exist in ${property.params.TZID}`);
}
