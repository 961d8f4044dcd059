type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, extra?: unknown) => void>;

const ORDER: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export function createLogger(level: LogLevel): Logger {
  const enabled = (l: LogLevel) => ORDER.indexOf(l) >= ORDER.indexOf(level);
  const write = (l: Exclude<LogLevel, "silent">) => (message: string, extra?: unknown) => {
    if (!enabled(l)) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase().padEnd(5)} ${message}`;
    const out = l === "error" || l === "warn" ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, extra);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
