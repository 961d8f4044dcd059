import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10;

/**
 * CPU milliseconds used so far by every PostgreSQL process of this machine (user + system, from /proc), or null when
 * there is no /proc: with the server on this machine, the bench can say what a document costs it as well.
 */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    if (!stat.includes("(postgres)")) continue;
    // Fields after the command name: state is the first, utime the 12th and stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}
