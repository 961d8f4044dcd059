/** Units per call, from the API's quota table. */
export const QUOTA_COST = { search: 100, videos: 1, commentThreads: 1 } as const;

export type QuotaUsage = {
  /** The quota day, YYYY-MM-DD in Pacific Time: YouTube resets quotas at midnight there. */
  day: string;
  used: number;
};

const pacificDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function quotaDay(now: Date): string {
  return pacificDate.format(now);
}

/** The usage to count against this round: yesterday's usage is forgotten. */
export function currentUsage(usage: QuotaUsage | undefined, now: Date): QuotaUsage {
  const day = quotaDay(now);
  return usage?.day === day ? { ...usage } : { day, used: 0 };
}
