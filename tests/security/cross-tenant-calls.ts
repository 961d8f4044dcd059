import type { Endpoint, IdPlacement } from "./route-ids.ts";
import { PROFILE_B, type Tenant } from "./tenants.ts";

/**
 * not-found: exactly 404, and the same answer as for an id that never existed (no existence oracle);
 * refused: 404 or 422; clean: any answer below 500. Every answer must carry none of the victim's data.
 */
export type Expect = "not-found" | "refused" | "clean";

export type Call = {
  label: string;
  method: string;
  path: string;
  query?: [string, string][];
  json?: unknown;
  expect: Expect;
  /** For not-found: the same call with ids that never existed. */
  twin?: Omit<Call, "twin" | "expect" | "label">;
};

/** Everything a cross-tenant call needs: the victim, the attacker (its own ids, possibly none) and unused ids. */
export type Scene = {
  victim: Tenant;
  attacker: Tenant;
  /** The victim's documents that no attacker project mentions. */
  victimDocuments: number[];
  /** Documents both the victim and the attacker mention (public ones). */
  sharedDocuments: number[];
  missingProject: number;
  missingDocument: number;
  /** Stories of the victim's own documents, and the victim's mention edits. */
  victimStories: number[];
  victimEdits: number[];
  missingStory: number;
  missingEdit: number;
  missingIncident: number;
  /** The victim's connected accounts and their pages and Instagram accounts, and ids no connection or source has. */
  victimConnections: number[];
  victimSources: number[];
  missingConnection: number;
  missingSource: number;
};

/** Query parameters that put the tenants' documents (the days before the test clock's 2026-11-21) in range. */
export const PERIOD: [string, string][] = [
  ["start_date", "2026-10-01"],
  ["end_date", "2026-11-21"],
];

/** Spellings of one id that a lax parser could turn back into the id. */
const idSpellings = (id: number) => [`0${id}`, `+${id}`, `-${id}`, `${id}.0`, ` ${id} `, `${id}e0`, `${id},`, `0x${id.toString(16)}`];

function ownDocuments(scene: Scene, projectId: number | undefined): number[] {
  if (projectId === undefined) return [];
  const shared = new Set(scene.sharedDocuments);
  return (scene.attacker.mentionIds.get(projectId) ?? []).filter((id) => !shared.has(id)).slice(0, 5);
}

function victimDocumentsOf(scene: Scene, projectId: number): number[] {
  const exclusive = new Set(scene.victimDocuments);
  return (scene.victim.mentionIds.get(projectId) ?? []).filter((id) => exclusive.has(id));
}

export function callsFor(endpoint: Endpoint, placement: IdPlacement, scene: Scene): Call[] {
  switch (placement.kind) {
    case "project-query":
      return projectQueryCalls(endpoint, scene, placement.query ?? {}, placement.singleProject ?? false);
    case "mention-body":
      return mentionBodyCalls(endpoint, scene);
    case "project-path":
      return projectPathCalls(endpoint, scene, placement.body);
    case "caller":
      return callerCalls(endpoint, scene, placement.body);
    case "mention-query":
      return mentionQueryCalls(endpoint, scene);
    case "story-path":
      return storyPathCalls(endpoint, scene);
    case "edit-body":
      return editBodyCalls(endpoint, scene);
    case "incident":
      return incidentCalls(endpoint, scene, placement.body);
    case "project-body":
      return projectBodyCalls(endpoint, scene, placement.body);
    case "connection-path":
      return connectionPathCalls(endpoint, scene, placement.body);
    case "connection-body":
      return connectionBodyCalls(endpoint, scene);
    default:
      return [];
  }
}

function projectQueryCalls(endpoint: Endpoint, scene: Scene, extra: Record<string, string>, singleProject: boolean): Call[] {
  const base: [string, string][] = [...PERIOD, ...Object.entries(extra)];
  const at = (label: string, expect: Expect, query: [string, string][], twinQuery?: [string, string][]): Call => {
    // Where only project_id is read, a call without one asks for the caller's own brand: any clean answer will do.
    if (singleProject && !query.some(([name]) => name === "project_id"))
      return { label, method: endpoint.method, path: endpoint.path, query: [...query, ...base], expect: "clean" };
    return {
      label,
      method: endpoint.method,
      path: endpoint.path,
      query: [...query, ...base],
      expect,
      ...(twinQuery ? { twin: { method: endpoint.method, path: endpoint.path, query: [...twinQuery, ...base] } } : {}),
    };
  };
  const { victim, attacker, missingProject } = scene;
  const calls: Call[] = [];
  const own = attacker.projectIds;
  const o = own[0];
  for (const a of victim.projectIds) {
    calls.push(
      at(`project_id=${a}`, "not-found", [["project_id", String(a)]], [["project_id", String(missingProject)]]),
      at(`project_ids=${a}`, "not-found", [["project_ids", String(a)]], [["project_ids", String(missingProject)]]),
      at(`project_ids=${a}×3`, "refused", [["project_ids", `${a},${a},${a}`]]),
      at(`project_ids=${a}×60`, "refused", [["project_ids", Array(60).fill(a).join(",")]]),
      at(`project_id and project_ids=${a}`, "refused", [
        ["project_id", String(a)],
        ["project_ids", String(a)],
      ]),
      at(`project_id twice=${a}`, "refused", [
        ["project_id", String(a)],
        ["project_id", String(a)],
      ]),
      at(`every victim project`, "refused", [["project_ids", victim.projectIds.join(",")]]),
      ...idSpellings(a).flatMap((spelled) => [
        at(`project_id="${spelled}"`, "refused", [["project_id", spelled]]),
        at(`project_ids="${spelled}"`, "refused", [["project_ids", spelled]]),
      ]),
    );
    if (o === undefined) continue;
    calls.push(
      at(`project_ids=own,${a}`, "clean", [["project_ids", `${o},${a}`]]),
      at(`project_ids=${a},own`, "clean", [["project_ids", `${a},${o}`]]),
      at(`project_ids=all own,${a}`, "clean", [["project_ids", [...own, a].join(",")]]),
      at(`project_ids=own,${a} repeated`, "clean", [["project_ids", [o, a, o, a, a].join(",")]]),
      at(`project_ids=own,-${a}`, "clean", [["project_ids", `${o},-${a}`]]),
      at(`project_id=own&project_ids=${a}`, "clean", [
        ["project_id", String(o)],
        ["project_ids", String(a)],
      ]),
      at(`project_id=${a}&project_ids=own`, "clean", [
        ["project_id", String(a)],
        ["project_ids", String(o)],
      ]),
      at(`project_id=own&project_id=${a}`, "clean", [
        ["project_id", String(o)],
        ["project_id", String(a)],
      ]),
      at(`project_id=${a}&project_id=own`, "clean", [
        ["project_id", String(a)],
        ["project_id", String(o)],
      ]),
      at(`project_ids=own&project_ids=${a}`, "clean", [
        ["project_ids", String(o)],
        ["project_ids", String(a)],
      ]),
    );
  }
  if (o !== undefined) {
    const victimText = "Sữa tươi Vinamilk ít đường";
    calls.push(
      at("own project, victim's sub brand", "clean", [
        ["project_id", String(o)],
        ["sub_brand", String(victim.subBrandIds[0])],
      ]),
      at("own project, victim's service", "clean", [
        ["project_id", String(o)],
        ["service_id", String(victim.serviceIds[0])],
      ]),
      at("own projects, victim's sub brand and service", "clean", [
        ["project_ids", own.join(",")],
        ["sub_brand", String(victim.subBrandIds[0])],
        ["service_id", String(victim.serviceIds[0])],
      ]),
      at("own project, search for the victim's text", "clean", [
        ["project_id", String(o)],
        ["search", victimText],
      ]),
    );
  }
  return calls;
}

/** A call of the endpoint with a JSON body, and the body of its twin (the same call on the caller's own rows) if any. */
function bodyCallTo(endpoint: Endpoint) {
  return (label: string, expect: Expect, json: unknown, twinJson?: unknown): Call => ({
    label,
    method: endpoint.method,
    path: endpoint.path,
    json,
    expect,
    ...(twinJson ? { twin: { method: endpoint.method, path: endpoint.path, json: twinJson } } : {}),
  });
}

function mentionBodyCalls(endpoint: Endpoint, scene: Scene): Call[] {
  const { victim, attacker, missingProject, missingDocument, sharedDocuments } = scene;
  const at = bodyCallTo(endpoint);
  const o = attacker.projectIds[0];
  const oDocs = ownDocuments(scene, o);
  const allVictim = scene.victimDocuments.slice(0, 500);
  const calls: Call[] = [];
  for (const a of victim.projectIds) {
    const aDocs = victimDocumentsOf(scene, a).slice(0, 5);
    calls.push(
      at(
        `project ${a}, its mentions`,
        "not-found",
        { project_id: a, ids: aDocs, sentiment: 0 },
        { project_id: missingProject, ids: aDocs, sentiment: 0 },
      ),
      ...([1, 2] as const).map((sentiment) =>
        at(`project ${a}, sentiment ${sentiment}`, "refused", { project_id: a, ids: aDocs, sentiment }),
      ),
      at(`project ${a}, status`, "refused", { project_id: a, ids: aDocs.slice(0, 1), status: 2 }),
      at(`project ${a}, victim's sub brand`, "refused", { project_id: a, ids: aDocs, sub_brand_id: victim.subBrandIds[0] }),
      at(`project ${a}, victim's service`, "refused", { project_id: a, ids: aDocs, service_id: victim.serviceIds[0] }),
      at(`project ${a}, clear sub brand and service`, "refused", { project_id: a, ids: aDocs, sub_brand_id: null, service_id: null }),
      at(`project ${a}, bulk of every victim mention`, "refused", { project_id: a, ids: allVictim, sentiment: 2, status: 3 }),
      at(`project ${a}, one mention repeated`, "refused", { project_id: a, ids: Array(20).fill(aDocs[0]), status: 3 }),
      at(`project ${a} and ids as strings`, "refused", { project_id: String(a), ids: aDocs.map(String), sentiment: 1 }),
      at(`project -${a}`, "refused", { project_id: -a, ids: aDocs, sentiment: 1 }),
      at(`project ${a}, negative ids`, "refused", { project_id: a, ids: aDocs.map((id) => -id), sentiment: 1 }),
      at(`project ${a}, stray owner ids`, "refused", { project_id: a, ids: aDocs, sentiment: 1, user_id: victim.userId, project_ids: [a] }),
    );
    if (o === undefined) continue;
    calls.push(
      at(
        `own project, victim's mentions of ${a}`,
        "not-found",
        { project_id: o, ids: aDocs, sentiment: 2 },
        { project_id: o, ids: aDocs.map((_, i) => missingDocument + i), sentiment: 2 },
      ),
      at(`project ${a}, attacker's mentions`, "refused", { project_id: a, ids: oDocs, sentiment: 1 }),
      at(`own project, own and victim's mentions of ${a}`, "clean", { project_id: o, ids: [...oDocs, ...aDocs], sentiment: 1 }),
      at(`own project, victim's and shared mentions of ${a}`, "clean", {
        project_id: o,
        ids: [...aDocs, ...sharedDocuments],
        sentiment: 2,
      }),
      at(`own project, repeated mixed ids of ${a}`, "clean", { project_id: o, ids: [aDocs[0], aDocs[0], oDocs[0], aDocs[1]], status: 1 }),
      at(`own project, victim's ids of ${a} as strings`, "clean", { project_id: o, ids: aDocs.map(String), sentiment: 0 }),
      at(`own project, negative victim ids of ${a}`, "clean", { project_id: o, ids: [-aDocs[0], oDocs[0]], sentiment: 0 }),
    );
  }
  if (o !== undefined) {
    calls.push(
      at("own project, bulk of every victim mention and own", "clean", {
        project_id: o,
        ids: [...allVictim, ...oDocs].slice(-500),
        status: 2,
      }),
      at("own mentions, victim's sub brand", "clean", { project_id: o, ids: oDocs, sub_brand_id: victim.subBrandIds[0] }),
      at("own mentions, victim's service", "clean", { project_id: o, ids: oDocs, service_id: victim.serviceIds[0] }),
      at("own mentions, stray victim ids", "clean", {
        project_id: o,
        ids: oDocs,
        sentiment: 0,
        user_id: victim.userId,
        project_ids: victim.projectIds,
      }),
    );
  }
  return calls;
}

function mentionQueryCalls(endpoint: Endpoint, scene: Scene): Call[] {
  const { victim, attacker, missingProject, missingDocument, sharedDocuments } = scene;
  const at = (label: string, expect: Expect, query: [string, string][], twin?: [string, string][]): Call => ({
    label,
    method: endpoint.method,
    path: endpoint.path,
    query,
    expect,
    ...(twin ? { twin: { method: endpoint.method, path: endpoint.path, query: twin } } : {}),
  });
  const o = attacker.projectIds[0];
  const calls: Call[] = [];
  for (const a of victim.projectIds) {
    for (const d of [...victimDocumentsOf(scene, a).slice(0, 2), ...sharedDocuments.slice(0, 1)]) {
      calls.push(
        at(
          `project_id=${a}, mention ${d}`,
          "not-found",
          [
            ["project_id", String(a)],
            ["id", String(d)],
          ],
          [
            ["project_id", String(missingProject)],
            ["id", String(d)],
          ],
        ),
        at(`mention ${d}, no project`, "refused", [["id", String(d)]]),
        ...idSpellings(a).map((spelled) =>
          at(`project_id="${spelled}", mention ${d}`, "refused", [
            ["project_id", spelled],
            ["id", String(d)],
          ]),
        ),
      );
      if (o === undefined) continue;
      calls.push(
        at(`own project, project_id=${a} again, mention ${d}`, "clean", [
          ["project_id", String(o)],
          ["project_id", String(a)],
          ["id", String(d)],
        ]),
        at(`own project, stray victim ids, mention ${d}`, "clean", [
          ["project_id", String(o)],
          ["id", String(d)],
          ["project_ids", String(a)],
          ["user_id", String(victim.userId)],
        ]),
      );
    }
  }
  if (o === undefined) return calls;
  for (const d of victim.projectIds.flatMap((a) => victimDocumentsOf(scene, a).slice(0, 2))) {
    calls.push(
      at(
        `own project, victim's mention ${d}`,
        "not-found",
        [
          ["project_id", String(o)],
          ["id", String(d)],
        ],
        [
          ["project_id", String(o)],
          ["id", String(missingDocument)],
        ],
      ),
      ...idSpellings(d).map((spelled) =>
        at(`own project, mention "${spelled}"`, "refused", [
          ["project_id", String(o)],
          ["id", spelled],
        ]),
      ),
    );
  }
  return calls;
}

function storyPathCalls(endpoint: Endpoint, scene: Scene): Call[] {
  const { victim, attacker, missingProject, missingStory } = scene;
  const pathWith = (id: string) => endpoint.path.replace(":id", encodeURIComponent(id));
  const at = (
    label: string,
    expect: Expect,
    id: string,
    query: [string, string][],
    twin?: { id: string; query: [string, string][] },
  ): Call => ({
    label,
    method: endpoint.method,
    path: pathWith(id),
    query: [...query, ...PERIOD],
    expect,
    ...(twin ? { twin: { method: endpoint.method, path: pathWith(twin.id), query: [...twin.query, ...PERIOD] } } : {}),
  });
  const o = attacker.projectIds[0];
  const calls: Call[] = [];
  for (const story of scene.victimStories.slice(0, 3)) {
    const s = String(story);
    calls.push(at(`story ${s}, no project`, "not-found", s, [], { id: String(missingStory), query: [] }));
    for (const a of victim.projectIds) {
      calls.push(
        at(`story ${s}, project_id=${a}`, "not-found", s, [["project_id", String(a)]], {
          id: s,
          query: [["project_id", String(missingProject)]],
        }),
        at(`story ${s}, project_ids=${a}`, "not-found", s, [["project_ids", String(a)]], {
          id: s,
          query: [["project_ids", String(missingProject)]],
        }),
      );
      if (o !== undefined) calls.push(at(`story ${s}, project_ids=own,${a}`, "clean", s, [["project_ids", `${o},${a}`]]));
    }
    if (o !== undefined) {
      calls.push(
        at(`story ${s}, own project`, "not-found", s, [["project_id", String(o)]], {
          id: String(missingStory),
          query: [["project_id", String(o)]],
        }),
        at(`story ${s}, all own projects`, "not-found", s, [["project_ids", attacker.projectIds.join(",")]], {
          id: String(missingStory),
          query: [["project_ids", attacker.projectIds.join(",")]],
        }),
      );
    }
    calls.push(
      ...idSpellings(story).map((spelled) =>
        at(`story "${spelled}"`, "refused", spelled, o === undefined ? [] : [["project_id", String(o)]]),
      ),
    );
  }
  return calls;
}

function editBodyCalls(endpoint: Endpoint, scene: Scene): Call[] {
  const { victim, attacker, missingProject, missingEdit } = scene;
  const at = bodyCallTo(endpoint);
  const o = attacker.projectIds[0];
  const calls: Call[] = [];
  for (const edit of scene.victimEdits.slice(0, 3)) {
    for (const a of victim.projectIds) {
      calls.push(
        at(`edit ${edit} of project ${a}`, "not-found", { project_id: a, edit_id: edit }, { project_id: missingProject, edit_id: edit }),
        at(`edit ${edit}, project ${a} as a string`, "refused", { project_id: String(a), edit_id: edit }),
        at(`edit ${edit}, project -${a}`, "refused", { project_id: -a, edit_id: edit }),
        at(`edit ${edit}, project ${a}, stray owner ids`, "refused", {
          project_id: a,
          edit_id: edit,
          user_id: victim.userId,
          project_ids: [a],
        }),
      );
    }
    if (o !== undefined) {
      calls.push(
        at(`own project, victim's edit ${edit}`, "not-found", { project_id: o, edit_id: edit }, { project_id: o, edit_id: missingEdit }),
        at(`own project, victim's edit ${edit} as a string`, "refused", { project_id: o, edit_id: String(edit) }),
      );
    }
  }
  return calls;
}

/** The rest of a valid body for each incident call that takes one. */
function incidentBody(kind: "update" | "merge" | "attach" | "solution", scene: Scene): Record<string, unknown> {
  switch (kind) {
    case "update":
      return { title: "Kẻ Lạ Đổi Tên Sự Cố", review: "dismissed", status: 1 };
    case "merge":
      // Never the incident itself: merging an incident into itself is refused before either is looked up.
      return { into_id: scene.attacker.incidentIds[0] ?? scene.missingIncident + 1 };
    case "attach":
      return { document_ids: scene.victimDocuments.slice(0, 5), story_ids: scene.victimStories.slice(0, 3) };
    case "solution":
      return { action: "Kẻ lạ ghi giải pháp", done_by: "Kẻ lạ", done_at: "2026-11-20T00:00:00Z", evaluation: "effective" };
  }
}

function incidentCalls(endpoint: Endpoint, scene: Scene, bodyKind: "update" | "merge" | "attach" | "solution" | undefined): Call[] {
  const { victim, attacker, missingIncident, missingProject } = scene;
  const { method } = endpoint;
  const body = bodyKind ? incidentBody(bodyKind, scene) : undefined;
  const inPath = endpoint.path.includes(":id");
  /** The request naming incident `id` where the route takes it (path, query or body), with `query` and `json` added. */
  const request = (id: string | number, query: [string, string][] = [], json: Record<string, unknown> = {}) =>
    inPath
      ? { method, path: endpoint.path.replace(":id", encodeURIComponent(String(id))), query, json: body && { ...body, ...json } }
      : method === "GET"
        ? { method, path: endpoint.path, query: [["id", String(id)] as [string, string], ...query] }
        : { method, path: endpoint.path, json: { id, ...body, ...json } };
  const at = (label: string, expect: Expect, call: ReturnType<typeof request>, twin?: ReturnType<typeof request>): Call => ({
    label,
    expect,
    ...call,
    ...(twin ? { twin } : {}),
  });
  const own = attacker.incidentIds[0];
  const o = attacker.projectIds[0];
  const takesProject = method === "GET" && !inPath;
  const calls: Call[] = [];
  for (const v of victim.incidentIds) {
    calls.push(
      at(`incident ${v}`, "not-found", request(v), request(missingIncident)),
      at(
        `incident ${v}, stray owner ids`,
        "refused",
        request(v, [["user_id", String(victim.userId)]], { project_id: victim.projectIds[0] }),
      ),
      ...idSpellings(v).map((spelled) => at(`incident "${spelled}"`, "refused", request(spelled))),
    );
    if (takesProject)
      for (const a of victim.projectIds)
        calls.push(
          at(
            `incident ${v}, project_id=${a}`,
            "not-found",
            request(v, [["project_id", String(a)]]),
            request(v, [["project_id", String(missingProject)]]),
          ),
        );
    if (takesProject && o !== undefined)
      calls.push(
        at(
          `incident ${v}, own project`,
          "not-found",
          request(v, [["project_id", String(o)]]),
          request(missingIncident, [["project_id", String(o)]]),
        ),
      );
    if (bodyKind === "merge") {
      const other = victim.incidentIds.find((i) => i !== v)!;
      calls.push(
        at(
          `incident ${v} into the victim's ${other}`,
          "not-found",
          request(v, [], { into_id: other }),
          request(missingIncident, [], { into_id: other }),
        ),
      );
      if (own !== undefined)
        calls.push(
          at(
            `own incident into the victim's ${v}`,
            "not-found",
            request(own, [], { into_id: v }),
            request(own, [], { into_id: missingIncident }),
          ),
        );
    }
  }
  if (own === undefined) return calls;
  // The attacker's own incident with the victim's ids everywhere else: only the attacker's rows may change.
  if (takesProject)
    for (const a of victim.projectIds)
      calls.push(
        at(
          `own incident, project_id=${a}`,
          "not-found",
          request(own, [["project_id", String(a)]]),
          request(own, [["project_id", String(missingProject)]]),
        ),
      );
  if (bodyKind !== "merge")
    calls.push(
      at(
        "own incident, stray victim ids",
        "clean",
        request(own, [["project_id", String(victim.projectIds[0])]], {
          project_id: victim.projectIds[0],
          user_id: victim.userId,
          incident_id: victim.incidentIds[0],
        }),
      ),
    );
  if (bodyKind === "attach")
    calls.push(
      at(
        "own incident, the victim's shared and exclusive mentions",
        "clean",
        request(own, [], { document_ids: [...scene.sharedDocuments, ...scene.victimDocuments.slice(0, 20)] }),
      ),
      at("own incident, the victim's stories", "clean", request(own, [], { document_ids: undefined, story_ids: scene.victimStories })),
    );
  return calls;
}

function projectBodyCalls(endpoint: Endpoint, scene: Scene, bodyKind: "incident" | "crisis-settings"): Call[] {
  const { victim, attacker, missingProject } = scene;
  const body =
    bodyKind === "incident"
      ? { title: "Sự Cố Kẻ Lạ Tạo", started_at: "2026-11-19T00:00:00Z", severity: 3 }
      : { sensitivity: "low", min_volume: 100_000, cooldown_hours: 720, resolve_hours: 1, enabled: false };
  const at = (label: string, expect: Expect, json: Record<string, unknown>, twinJson?: Record<string, unknown>): Call => ({
    label,
    method: endpoint.method,
    path: endpoint.path,
    json: { ...body, ...json },
    expect,
    ...(twinJson ? { twin: { method: endpoint.method, path: endpoint.path, json: { ...body, ...twinJson } } } : {}),
  });
  const calls: Call[] = [];
  for (const a of victim.projectIds) {
    calls.push(
      at(`project ${a}`, "not-found", { project_id: a }, { project_id: missingProject }),
      at(`project ${a} as a string`, "refused", { project_id: String(a) }),
      at(`project -${a}`, "refused", { project_id: -a }),
      at(`project ${a}, stray owner ids`, "refused", { project_id: a, user_id: victim.userId, id: victim.incidentIds[0] }),
    );
  }
  const o = attacker.projectIds[0];
  if (o !== undefined)
    calls.push(
      at("own project, stray victim ids", "clean", {
        project_id: o,
        project_ids: victim.projectIds,
        user_id: victim.userId,
        id: victim.incidentIds[0],
      }),
    );
  return calls;
}

const renameBody = { name: "Tên Mới Của Kẻ Lạ" };
const overwriteBody = {
  brand_id: 0,
  name: "Bị Ghi Đè",
  keywords: ["từ khóa lạ"],
  competitors: [{ name: "Đối thủ Giả", keywords: ["đối thủ giả"] }],
};
/** The attacker's own form unchanged (no keyword update used), with the victim's ids slipped in. */
const ownForm = (victim: Tenant) => ({
  brand_id: 0,
  ...PROFILE_B.brand,
  id: victim.projectIds[0],
  user_id: victim.userId,
  parent_id: victim.projectIds[0],
  competitors: PROFILE_B.brand.competitors.map((c, i) => ({ ...c, id: victim.projectIds[i + 1], parent_id: victim.projectIds[0] })),
});

function projectPathCalls(endpoint: Endpoint, scene: Scene, bodyKind: "rename" | "project"): Call[] {
  const { victim, attacker, missingProject } = scene;
  const bodies =
    bodyKind === "rename"
      ? [renameBody, { ...renameBody, id: victim.projectIds[0], user_id: victim.userId }]
      : [overwriteBody, ownForm(victim)];
  const pathWith = (id: string) => endpoint.path.replace(":id", encodeURIComponent(id));
  const at = (label: string, expect: Expect, id: string, json: unknown, query?: [string, string][]): Call => ({
    label,
    method: endpoint.method,
    path: pathWith(id),
    query,
    json,
    expect,
    ...(expect === "not-found" ? { twin: { method: endpoint.method, path: pathWith(String(missingProject)), json } } : {}),
  });
  const calls: Call[] = [];
  for (const a of victim.projectIds) {
    for (const [b, json] of bodies.entries()) {
      calls.push(at(`:id=${a} body ${b}`, "not-found", String(a), json));
      calls.push(...idSpellings(a).map((spelled) => at(`:id="${spelled}" body ${b}`, "refused", spelled, json)));
    }
  }
  const o = attacker.projectIds[0];
  if (o !== undefined) {
    // The attacker's own project with the victim's ids everywhere else: only the attacker's rows may change.
    const own = bodyKind === "rename" ? { name: PROFILE_B.brand.name, id: victim.projectIds[0], user_id: victim.userId } : ownForm(victim);
    calls.push(
      at("own :id, victim ids in body and query", "clean", String(o), own, [
        ["id", String(victim.projectIds[0])],
        ["user_id", String(victim.userId)],
      ]),
    );
  }
  return calls;
}

function callerCalls(endpoint: Endpoint, scene: Scene, bodyKind: "notification" | undefined): Call[] {
  const { victim } = scene;
  const calls: Call[] = [];
  const at = (label: string, query: [string, string][], json?: unknown): Call => ({
    label,
    method: endpoint.method,
    path: endpoint.path,
    query,
    json,
    expect: "clean",
  });
  for (const a of victim.projectIds) {
    const query: [string, string][] = [
      ["id", String(a)],
      ["user_id", String(victim.userId)],
      ["project_id", String(a)],
      ["project_ids", String(a)],
    ];
    if (endpoint.method === "GET") {
      calls.push(...query.map(([name, value]) => at(`${name}=${value}`, [[name, value]])), at("every stray id", query));
      continue;
    }
    const stray = { id: a, user_id: victim.userId, project_id: a, project_ids: [a], ids: victim.mentionIds.get(a)?.slice(0, 5) ?? [] };
    calls.push(at("stray ids in body", [], stray), at("stray ids in query and body", query, stray));
    if (bodyKind === "notification") {
      calls.push(at("own settings with stray ids", query, { time_reports: ["monthly"], phones: [], emails: [PROFILE_B.email], ...stray }));
    }
  }
  return calls;
}

function connectionPathCalls(endpoint: Endpoint, scene: Scene, body?: "public-page"): Call[] {
  // A public Page to follow through the victim's connection, for the victim's own project.
  const json = body ? { project_id: scene.victim.projectIds[0], page: "caphemuoihue" } : undefined;
  const at = (label: string, expect: Expect, id: string, twinId?: number): Call => ({
    label,
    method: endpoint.method,
    path: endpoint.path.replace(":id", id),
    json,
    expect,
    ...(twinId ? { twin: { method: endpoint.method, path: endpoint.path.replace(":id", String(twinId)), json } } : {}),
  });
  return scene.victimConnections.flatMap((id) => [
    at(`connection ${id}`, "not-found", String(id), scene.missingConnection),
    ...idSpellings(id).map((spelled) => at(`connection "${spelled}"`, "refused", encodeURIComponent(spelled))),
  ]);
}

function connectionBodyCalls(endpoint: Endpoint, scene: Scene): Call[] {
  const { victim, attacker, victimSources, missingProject, missingSource } = scene;
  const at = bodyCallTo(endpoint);
  const calls: Call[] = [];
  for (const followed of [true, false]) {
    for (const a of victim.projectIds) {
      calls.push(
        at(
          `project ${a}, its sources, followed ${followed}`,
          "not-found",
          { project_id: a, source_ids: victimSources, followed },
          { project_id: missingProject, source_ids: victimSources, followed },
        ),
        at(`project ${a} and sources as strings`, "refused", { project_id: String(a), source_ids: victimSources.map(String), followed }),
        at(`project ${a}, stray owner ids`, "refused", { project_id: a, source_ids: victimSources, followed, account_id: victim.userId }),
      );
    }
    const o = attacker.projectIds[0];
    if (o === undefined) continue;
    calls.push(
      at(
        `own project, victim's sources, followed ${followed}`,
        "not-found",
        { project_id: o, source_ids: victimSources, followed },
        { project_id: o, source_ids: victimSources.map((_, i) => missingSource + i), followed },
      ),
      ...victimSources.map((id) =>
        at(
          `own project, victim's source ${id}`,
          "not-found",
          { project_id: o, source_ids: [id], followed },
          { project_id: o, source_ids: [missingSource], followed },
        ),
      ),
      at("own project, victim's sources repeated", "refused", {
        project_id: o,
        source_ids: [...victimSources, ...victimSources],
        followed,
      }),
    );
  }
  return calls;
}
