import wretch from "wretch";
import { translate } from "../i18n/index.ts";
import type { Type } from "arktype";
import { API, type Body, type Call, MENTION_INDEX } from "../shared/api-contract.ts";
import type { Envelope } from "../shared/envelope.ts";
import type { Wire } from "../shared/wire.ts";
import { $accessToken, clearSession } from "./session.ts";
import { ApiFailure } from "./api-error.ts";
import { pageLang } from "./lang.ts";
import { goToLogin } from "./navigation.ts";
import { reportServerFailure } from "./report-error.ts";
import type { NotificationSettings } from "./types.ts";

const LOGOUT_STATUSES = new Set([301, 401, 403]);

/** Spec §4/§8: these answers end the session; on a guarded page the visitor goes to login. */
function logout(): void {
  clearSession();
  if (document.documentElement.dataset.guarded === "true") goToLogin();
}

function failureFrom(status: number, body: Envelope<Record<string, unknown>> | null, transport: string): ApiFailure {
  const errors = body?.errors ?? {};
  const first = Object.values(errors).find((list) => list.length > 0)?.[0];
  return new ApiFailure(status, errors, first ?? transport, body?.data ?? {});
}

/** The only HTTP client: bearer token and language on every call, envelopes unwrapped, failures as ApiFailure. */
const http = wretch("/api", { redirect: "manual" })
  .defer((w) => {
    const token = $accessToken.get();
    // JSON asked for: a route that would redirect a page (the Meta connection's start) answers the address instead.
    const withLang = w.headers({ "accept-language": pageLang(), accept: "application/json" });
    return token ? withLang.auth(`Bearer ${token}`) : withLang;
  })
  .customError(async (error, response) => {
    const body = (await response.json().catch(() => null)) as Envelope<Record<string, unknown>> | null;
    const failure = failureFrom(response.status, body, error.message || response.statusText);
    reportServerFailure(response.status, response.url, failure.message);
    return failure;
  })
  .catcherFallback((error: unknown) => {
    if (error instanceof ApiFailure) {
      if (LOGOUT_STATUSES.has(error.status)) logout();
      throw error;
    }
    throw new ApiFailure(0, {}, translate(pageLang(), "error.network"));
  });

function unwrap<T>(envelope: Envelope<T>, isForm: boolean): T {
  // 200 and 0 are success; 101 passes through untouched (spec §4).
  if (envelope.code === 200 || envelope.code === 0 || envelope.code === 101) return envelope.data;
  if (isForm && envelope.code === 403) logout();
  throw failureFrom(envelope.code, envelope as Envelope<Record<string, unknown>>, "");
}

/** A 301 arrives as an opaque redirect (redirect: "manual") and ends the session like 401 and 403. */
function rejectRedirect(response: Response): void {
  if (response.type !== "opaqueredirect") return;
  logout();
  throw new ApiFailure(301, {}, translate(pageLang(), "error.unauthorized"));
}

async function send<T>(request: Promise<unknown>, isForm: boolean): Promise<T> {
  const response = (await request) as Response;
  rejectRedirect(response);
  return unwrap((await response.json()) as Envelope<T>, isForm);
}

/** Query parameters of GET calls (the dashboard filters use the spec's keys). */
export type QueryParams = Record<string, string | number>;

function withQuery(path: string, query: Partial<QueryParams>): string {
  const given = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const search = new URLSearchParams(given.map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

export type DownloadedFile = { blob: Blob; filename: string };

/** A file answer (attachment) through the same client, so the token, language, failure and logout rules apply. */
async function download(path: string, query: QueryParams): Promise<DownloadedFile> {
  const response = (await http.url(withQuery(path, query)).get().res()) as Response;
  rejectRedirect(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "export.xlsx";
  return { blob: await response.blob(), filename: decodeURIComponent(filename) };
}
/** A call's query string: only the keys its schema names (a renamed key fails typecheck), each as the URL carries it. */
type QueryOf<C extends Call> = C extends { query: Type } ? Partial<Record<keyof C["query"]["inferIn"], string | number>> : never;

type Input<C extends Call> = { id?: number; query?: QueryOf<C>; form?: FormData } & (C extends { body: Type }
  ? { body: C["body"]["inferIn"] }
  : { body?: never });

/**
 * One call of the contract (shared/api-contract.ts): its path, its method, a body its route's schema takes, and its
 * answer's type as JSON brings it.
 */
function call<C extends Call>(contract: C, input = {} as Input<C>): Promise<Wire<C["response"]["infer"]>> {
  const path = contract.path.replace("{id}", String(input.id));
  if (contract.method === "GET")
    return send(
      http
        .url(withQuery(path, input.query ?? {}))
        .get()
        .res(),
      false,
    );
  if (contract.method === "DELETE") return send(http.url(path).delete().res(), true);
  const request = input.form ? http.url(path).body(input.form) : http.url(path).json(input.body ?? {});
  return send(contract.method === "PUT" ? request.put().res() : request.post().res(), true);
}

export const api = {
  appConfig: () => call(API.appConfig),
  register: (body: Body<"register">) => call(API.register, { body }),
  verifyRegistration: (body: Body<"verifyRegistration">) => call(API.verifyRegistration, { body }),
  resendOtp: (phone: string) => call(API.resendOtp, { body: { phone } }),
  login: (body: Body<"login">) => call(API.login, { body }),
  logout: () => call(API.logout),
  forgetPassword: (body: Body<"forgetPassword">) => call(API.forgetPassword, { body }),
  resetPassword: (body: Body<"resetPassword">) => call(API.resetPassword, { body }),
  showUser: () => call(API.showUser),
  updateInfo: (body: Body<"updateInfo">) => call(API.updateInfo, { body }),
  changePassword: (body: Body<"changePassword">) => call(API.changePassword, { body }),
  changeAvatar: (file: File) => {
    const form = new FormData();
    form.set("avatar", file);
    return call(API.changeAvatar, { form });
  },
  requestUpgrade: () => call(API.requestUpgrade),
  adviseEmail: (body: Body<"adviseEmail">) => call(API.adviseEmail, { body }),
  channelUser: () => call(API.channelUser),
  showProject: () => call(API.showProject),
  listUserProjects: () => call(API.listUserProjects),
  dataStatus: () => call(API.dataStatus),
  getBrands: () => call(API.getBrands),
  createProject: (body: Body<"createProject">) => call(API.createProject, { body: { ...body, unlimited: true } }),
  updateProject: (id: number, body: Body<"updateProject">) => call(API.updateProject, { id, body: { ...body, unlimited: true } }),
  scanData: () => call(API.scanData),
  previewProject: (body: Body<"previewProject">) => call(API.previewProject, { body }),
  showNotification: () => call(API.showNotification),
  updateNotification: (body: Body<"updateNotification">) => call(API.updateNotification, { body }),
  testAlert: (body: Body<"testAlert">) => call(API.testAlert, { body }),
  notificationHistory: () => call(API.notificationHistory),
  notificationPreview: (frequency: NotificationSettings["time_reports"][number]) => call(API.notificationPreview, { query: { frequency } }),
  dashboardStats: (query: QueryParams) => call(API.dashboardStats, { query }),
  trendDiscuss: (query: QueryParams) => call(API.trendDiscuss, { query }),
  trendSentiment: (query: QueryParams) => call(API.trendSentiment, { query }),
  numberMention: (query: QueryParams) => call(API.numberMention, { query }),
  sentimentByProjects: (query: QueryParams) => call(API.sentimentByProjects, { query }),
  topWords: (query: QueryParams) => call(API.topWords, { query }),
  topMention: (query: QueryParams) => call(API.topMention, { query }),
  mentionLatest: (query: QueryParams) => call(API.mentionLatest, { query }),
  hotMention: (query: QueryParams) => call(API.hotMention, { query }),
  compareProjects: (query: QueryParams) => call(API.compareProjects, { query }),
  mentionIndex: (query: QueryParams) => call(MENTION_INDEX.mention, { query }),
  storyIndex: (query: QueryParams) => call(MENTION_INDEX.story, { query: { ...query, group: "story" } }),
  storyMentions: (id: number, query: QueryParams) => call(API.storyMentions, { id, query }),
  undoEdit: (body: Body<"undoEdit">) => call(API.undoEdit, { body }),
  audienceCount: (query: QueryParams) => call(API.audienceCount, { query }),
  audienceStats: (query: QueryParams) => call(API.audienceStats, { query }),
  audienceProvinces: (query: QueryParams) => call(API.audienceProvinces, { query }),
  audienceAreas: (query: QueryParams) => call(API.audienceAreas, { query }),
  audienceJobs: (query: QueryParams) => call(API.audienceJobs, { query }),
  audienceAgeByChannel: (query: QueryParams) => call(API.audienceAgeByChannel, { query }),
  audienceAgeByProject: (query: QueryParams) => call(API.audienceAgeByProject, { query }),
  audienceTopAuthors: (query: QueryParams) => call(API.audienceTopAuthors, { query }),
  mentionStats: (query: QueryParams) => call(API.mentionStats, { query }),
  updateMentions: (body: Body<"updateMentions">) => call(API.updateMentions, { body }),
  sentimentReasons: (projectId: number, id: number) => call(API.sentimentReasons, { query: { project_id: projectId, id } }),
  subBrands: (projectId: number) => call(API.subBrands, { query: { project_id: projectId } }),
  services: (projectId: number) => call(API.services, { query: { project_id: projectId } }),
  exportMentions: (query: QueryParams) => download("/mention/export-excel", query),
  incidentIndex: (query: QueryParams) => call(API.incidentIndex, { query }),
  incidentShow: (id: number) => call(API.incidentShow, { query: { id } }),
  crisisSettings: (projectId: number) => call(API.crisisSettings, { query: { project_id: projectId } }),
  updateCrisisSettings: (body: Body<"updateCrisisSettings">) => call(API.updateCrisisSettings, { body }),
  createIncident: (body: Body<"createIncident">) => call(API.createIncident, { body }),
  mergeIncident: (id: number, intoId: number) => call(API.mergeIncident, { body: { id, into_id: intoId } }),
  incidentStats: (id: number) => call(API.incidentStats, { query: { id } }),
  incidentSentimentDevelopment: (id: number) => call(API.incidentSentimentDevelopment, { query: { id } }),
  incidentSentiment: (id: number) => call(API.incidentSentiment, { query: { id } }),
  incidentSentimentByChannel: (id: number) => call(API.incidentSentimentByChannel, { query: { id } }),
  incidentHotNegative: (id: number, limit: number) => call(API.incidentHotNegative, { query: { id, limit } }),
  incidentNewest: (id: number, limit: number) => call(API.incidentNewest, { query: { id, limit } }),
  incidentTrending: (id: number, limit: number) => call(API.incidentTrending, { query: { id, limit } }),
  incidentHotPages: (id: number) => call(API.incidentHotPages, { query: { id } }),
  incidentHotTopics: (id: number) => call(API.incidentHotTopics, { query: { id } }),
  incidentWordCloud: (id: number) => call(API.incidentWordCloud, { query: { id } }),
  incidentMentions: (query: QueryParams) => call(API.incidentMentions, { query }),
  attachMentions: (id: number, documentIds: number[]) => call(API.attachMentions, { body: { id, document_ids: documentIds } }),
  detachMentions: (id: number, documentIds: number[]) => call(API.detachMentions, { body: { id, document_ids: documentIds } }),
  incidentSolutions: (id: number) => call(API.incidentSolutions, { id }),
  addIncidentSolution: (id: number, body: Body<"addIncidentSolution">) => call(API.addIncidentSolution, { id, body }),
  incidentHistory: (id: number) => call(API.incidentHistory, { id }),
  updateIncident: (body: Body<"updateIncident">) => call(API.updateIncident, { body }),
  exportIncident: (id: number) => download("/incident/export-excel", { id }),
  connections: (projectId: number) => call(API.connections, { query: { project_id: projectId } }),
  followSources: (body: Body<"followSources">) => call(API.followSources, { body }),
  addPublicPage: (id: number, body: Body<"addPublicPage">) => call(API.addPublicPage, { id, body }),
  disconnect: (id: number) => call(API.disconnect, { id }),
  startMetaConnection: (projectId: number) => call(API.startMetaConnection, { query: { project_id: projectId } }),
  startThreadsConnection: (projectId: number) => call(API.startThreadsConnection, { query: { project_id: projectId } }),
  startZaloConnection: (projectId: number) => call(API.startZaloConnection, { query: { project_id: projectId } }),
  startTiktokConnection: (projectId: number) => call(API.startTiktokConnection, { query: { project_id: projectId } }),
  startLinkedinConnection: (projectId: number) => call(API.startLinkedinConnection, { query: { project_id: projectId } }),
};
