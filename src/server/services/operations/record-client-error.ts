import type { ClientErrorBody } from "../../../shared/schemas/client-error.ts";
import type { Deps } from "../../deps.ts";
import { assertUnderLimit, recordHit, type Limit } from "../security/index.ts";

// A broken release can make every page fail; a few reports per browser say as much as thousands.
const CLIENT_ERRORS_PER_IP = { bucket: "client-error-ip", max: 30, windowMs: 60 * 60_000 } as const satisfies Limit;

/** Stores a server failure a browser saw (spec §8: status 500 or above goes to error reporting) and logs it. */
export async function recordClientError(
  deps: Deps,
  report: typeof ClientErrorBody.infer,
  context: { ip: string; userAgent: string },
): Promise<void> {
  const now = deps.now();
  await assertUnderLimit(deps.db, CLIENT_ERRORS_PER_IP, context.ip, now);
  await recordHit(deps.db, CLIENT_ERRORS_PER_IP, context.ip, now);
  await deps.db
    .insertInto("client_errors")
    .values({
      status: report.status,
      url: report.url,
      message: report.message ?? "",
      page: report.page,
      user_agent: context.userAgent.slice(0, 500),
      ip: context.ip,
      created_at: now,
    })
    .execute();
  deps.log.warn(`Client saw ${report.status} from ${report.url} on ${report.page}`);
}
