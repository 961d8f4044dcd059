import { VIETNAM_OFFSET } from "../../shared/time-zone.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const ZONES: Record<string, string> = {
  z: "+00:00",
  gmt: "+00:00",
  ut: "+00:00",
  utc: "+00:00",
  ict: "+07:00",
  est: "-05:00",
  edt: "-04:00",
  cst: "-06:00",
  cdt: "-05:00",
  mst: "-07:00",
  mdt: "-06:00",
  pst: "-08:00",
  pdt: "-07:00",
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
// RFC 822 as used by RSS 2.0, tolerating a non-English day name and a missing zone.
const RFC822 =
  /^(?:[^,]*,\s*)?(\d{1,2})\s+([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([A-Za-z]+(?:[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}:?\d{2})?$/;
const VIETNAMESE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses RFC 822, ISO 8601 / RFC 3339 and dd/mm/yyyy [hh:mm[:ss]] dates; null when unparseable. */
export function parseFeedDate(text: string | null | undefined): Date | null {
  const value = text?.trim();
  if (!value) return null;
  let m = value.match(ISO);
  if (m) return build(m[1], m[2], m[3], m[4], m[5], m[6], zone(m[8]), m[7]);
  m = value.match(RFC822);
  if (m) {
    const month = MONTHS.indexOf(m[2].toLowerCase());
    const year = m[3].length === 2 ? `20${m[3]}` : m[3];
    const offset = zone(m[7]);
    return month < 0 || offset === null ? null : build(year, String(month + 1), m[1], m[4], m[5], m[6], offset);
  }
  m = value.match(VIETNAMESE);
  if (m) return build(m[3], m[2], m[1], m[4], m[5], m[6], VIETNAM_OFFSET);
  return null;
}

/** "+0700", "+07:00", a name from ZONES, or "GMT+7" / "UTC+07:00" as some Vietnamese feeds write it. */
function zone(text: string | undefined): string | null {
  // Vietnamese feeds that omit the zone mean Vietnam time.
  if (!text) return VIETNAM_OFFSET;
  const offset = text.match(/^(?:GMT|UTC|UT)?([+-])(\d{1,2}):?(\d{2})?$/i);
  if (offset) return `${offset[1]}${offset[2].padStart(2, "0")}:${offset[3] ?? "00"}`;
  return ZONES[text.toLowerCase()] ?? null;
}

function build(
  year: string,
  month: string,
  day: string,
  hour = "0",
  minute = "0",
  second = "0",
  offset: string | null,
  fraction = "",
): Date | null {
  // Date rolls 31 Feb over into March; an impossible day means the input was not a date.
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (offset === null || Number(day) < 1 || Number(day) > daysInMonth) return null;
  const pad = (n: string) => n.padStart(2, "0");
  const date = new Date(`${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
