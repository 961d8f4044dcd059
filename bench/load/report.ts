import { percentile } from "../dashboard.bench.ts";
import type { Outcome } from "./drive.ts";

/** The issue's goal for a database: this many users see a p95 under `p95Ms` and no error. */
export type Goal = { users: number; p95Ms: number };

const failed = (outcome: Outcome) => outcome.status < 200 || outcome.status >= 300;
const ms = (value: number | undefined) => (value === undefined ? "-" : value.toFixed(0)).padStart(7);

/** Latency counts answered requests only (an unanswered one has none); errors are non-2xx answers and no answer at all. */
function figures(outcomes: Outcome[]) {
  const latencies = outcomes
    .filter((outcome) => outcome.status > 0)
    .map((outcome) => outcome.ms)
    .sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: outcomes.filter(failed).length,
  };
}

function printRow(name: string, outcomes: Outcome[]) {
  const row = figures(outcomes);
  const { p50, p95, p99, errors } = row;
  console.log(`  ${name.padEnd(56)} ${String(outcomes.length).padStart(8)} ${ms(p50)} ${ms(p95)} ${ms(p99)} ${String(errors).padStart(7)}`);
  return row;
}

export function printFigures(outcomes: Outcome[], seconds: number, users: number, goal: Goal) {
  console.log(
    `  ${"endpoint (latency in ms)".padEnd(56)} ${"requests".padStart(8)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)} errors`,
  );
  const endpoints = [...new Set(outcomes.map((outcome) => outcome.endpoint))].sort();
  for (const endpoint of endpoints) {
    printRow(
      endpoint,
      outcomes.filter((outcome) => outcome.endpoint === endpoint),
    );
  }
  const overall = printRow("all", outcomes);

  const errors = outcomes.filter(failed);
  if (errors.length > 0) {
    const byStatus = Object.entries(Object.groupBy(errors, (outcome) => (outcome.status === 0 ? "no answer" : String(outcome.status))));
    console.log(`  errors: ${byStatus.map(([status, list]) => `${status} × ${list?.length}`).join(", ")}`);
  }
  console.log(`  ${outcomes.length.toLocaleString("en")} requests in ${seconds} s: ${(outcomes.length / seconds).toFixed(1)} requests/s`);

  const goalLine = `goal, ${goal.users} users: p95 < ${goal.p95Ms} ms and 0 errors`;
  if (users !== goal.users) return console.log(`  ${goalLine}: not judged, measured with ${users} users`);
  const met = overall.p95 !== undefined && overall.p95 < goal.p95Ms && overall.errors === 0;
  console.log(`  ${goalLine}: ${met ? "met" : "NOT met"}`);
}
