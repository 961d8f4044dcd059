import { isCalendarDate } from "../../shared/schemas/fields.ts";
import { isReportFrequency } from "../../shared/report-periods.ts";
import { listDeliveries, sendReportNow } from "../services/reports/index.ts";
import { done, failed, type CommandResult, type DbCommand } from "./command.ts";

const USAGE =
  "report send <project_id> <daily|weekly|monthly|annual> [--period YYYY-MM-DD] [--dry-run] [--force] | report list [--project <project_id>] [--limit N]";

const lines = (rows: unknown[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

/** `--name value` options and `--flag`s after the positional arguments. */
function parseOptions(args: string[], valued: string[]) {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (!arg.startsWith("--")) positional.push(arg);
    else if (valued.includes(arg)) options.set(arg, args[++i] ?? "");
    else options.set(arg, true);
  }
  return { positional, options };
}

async function send(deps: Parameters<DbCommand["run"]>[0], args: string[]): Promise<CommandResult> {
  const { positional, options } = parseOptions(args, ["--period"]);
  const [projectArg, frequency] = positional;
  const projectId = Number(projectArg);
  const date = options.get("--period");
  const unknown = [...options.keys()].filter((o) => !["--period", "--dry-run", "--force"].includes(o));
  if (!Number.isSafeInteger(projectId) || projectId < 1 || !isReportFrequency(frequency) || positional.length !== 2 || unknown.length > 0) {
    return failed(`Usage: ${USAGE}\n`, 2);
  }
  if (date !== undefined && (typeof date !== "string" || !isCalendarDate(date))) return failed("--period takes a date as YYYY-MM-DD.\n", 2);

  const result = await sendReportNow(deps, {
    projectId,
    frequency,
    date: date as string | undefined,
    dryRun: options.has("--dry-run"),
    force: options.has("--force"),
  });
  switch (result.kind) {
    case "refused":
      return failed(`${result.reason}\n`);
    case "already-sent":
      return done(
        `Already delivered (delivery #${result.delivery.id} at ${result.delivery.sent_at?.toISOString()}); nothing sent. Add --force to send it again.\n`,
      );
    case "dry-run":
      return done(
        [
          `Dry run: nothing sent.`,
          `Period: ${result.period.start} – ${result.period.end}${result.existing ? ` (${result.existing})` : ""}`,
          `E-mail to: ${result.emails.join(", ") || "nobody"}`,
          `Subject: ${result.subject}`,
          `Attachment: ${result.attachment ? `${result.attachment} (${result.rows} mentions)` : `none (${result.rows} mentions, too many to attach)`}`,
          result.sms
            ? `SMS to: ${result.phones.join(", ")} (${result.sms.encoding}, ${result.sms.segments} segment${result.sms.segments > 1 ? "s" : ""}): ${result.sms.text}`
            : "SMS: none",
          "",
        ].join("\n"),
      );
    case "sent": {
      const { outcome } = result;
      const summary = `Delivery #${result.deliveryId}: ${outcome.status}, ${outcome.reached} recipient${outcome.reached === 1 ? "" : "s"} reached`;
      if (outcome.status === "sent") return done(`${summary}.\n`);
      return failed(`${summary}; ${outcome.error}${outcome.status === "pending" ? " (the worker retries it)" : ""}.\n`);
    }
  }
}

/** `report send|list`: staff sends a report by hand (or checks one without sending) and reads the delivery log. */
export const reportCommand: DbCommand = {
  name: "report",
  usage: USAGE,
  sends: ([sub, ...args]) => sub === "send" && !args.includes("--dry-run"),
  async run(deps, [sub, ...args]) {
    if (sub === "send") return send(deps, args);
    if (sub === "list") {
      const { options } = parseOptions(args, ["--project", "--limit"]);
      const projectId = options.has("--project") ? Number(options.get("--project")) : undefined;
      const limit = options.has("--limit") ? Number(options.get("--limit")) : 50;
      if ((projectId !== undefined && !Number.isSafeInteger(projectId)) || !Number.isSafeInteger(limit) || limit < 1)
        return failed(`Usage: ${USAGE}\n`, 2);
      return done(lines(await listDeliveries(deps, { projectId, limit: Math.min(limit, 1000) })));
    }
    return failed(`Unknown report command. Usage: ${USAGE}\n`, 2);
  },
};
