import { sql } from "kysely";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { IncidentMentionsQuery } from "../../../shared/schemas/incident.ts";
import { parseOrThrow } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { mentionScope } from "../mention-query/mention-scope.ts";
import { userChannelIds } from "../users/user-view.ts";
import { mentionNumbers, orderMentions, PAGE_SIZE, selectMentionView } from "../mentions/mention-view.ts";
import { findIncident } from "./find-incident.ts";
import { incidentFilters } from "./incident-filters.ts";

const ALL_TIME = { start: new Date(0), end: new Date(Date.UTC(9999, 0, 1)) };

/** One page (20) of the mentions attached to an incident, newest first, with the list's search and sentiment filters. */
export async function incidentMentions(deps: Deps, user: AuthUser, rawQuery: Record<string, string>) {
  const query = parseOrThrow(IncidentMentionsQuery, rawQuery);
  const incident = await findIncident(deps, user, query.id, query.project_id);
  const filters = incidentFilters(incident, deps.now(), {
    channels: await userChannelIds(deps.db, user.id),
    hideNoise: user.accountType !== ACCOUNT_TYPE.contracted,
    search: query.search?.trim() || null,
    sentiments: query.sentiment_ids?.length ? query.sentiment_ids : null,
  });
  const page = query.page ?? 1;
  const scope = mentionScope(deps.db, filters, ALL_TIME).where(
    "m.document_id",
    "in",
    deps.db.selectFrom("incident_mentions").select("document_id").where("incident_id", "=", incident.id),
  );
  const [rows, total] = await Promise.all([
    orderMentions(selectMentionView(scope), "time")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    scope.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(mentionNumbers), total: Number(total.n), page };
}
