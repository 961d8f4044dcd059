import wretch from "wretch";
import { translate } from "../i18n/index.ts";
import type {
  AudienceAgeByChannel,
  AudienceAgeByProject,
  AudienceByArea,
  AudienceByJob,
  AudienceByProvince,
  AudienceCount,
  AudienceStats,
  AudienceTopAuthors,
} from "../shared/audience.ts";
import type { Envelope } from "../shared/envelope.ts";
import { $accessToken, clearSession } from "../stores/session.ts";
import { ApiFailure } from "./api-error.ts";
import type {
  ChannelSentiment,
  CrisisSettings,
  CrisisSettingsInput,
  Incident,
  IncidentChange,
  IncidentCreate,
  IncidentDetail,
  IncidentDrivers,
  IncidentPage,
  IncidentSolution,
  IncidentSolutionInput,
  IncidentUpdate,
  SentimentDevelopment,
} from "./incident-types.ts";
import { pageLang } from "./lang.ts";
import { goToLogin } from "./navigation.ts";
import { reportServerFailure } from "./report-error.ts";
import type {
  AdviseEmailRequest,
  AppConfig,
  Channel,
  ChannelFigure,
  Counters,
  DashboardStats,
  DataStatus,
  LoginResult,
  Mention,
  MentionPage,
  MentionsRestored,
  MentionsUpdated,
  MentionUpdate,
  NamedItem,
  NotificationSettings,
  TestAlertResult,
  OtpSent,
  Project,
  ProjectComparison,
  ProjectForm,
  ProjectSentiment,
  ProjectShow,
  ReportDelivery,
  ReportPreview,
  SentimentCounts,
  SentimentReasons,
  StoryMention,
  StoryMentions,
  StoryPage,
  TimeSeries,
  TopSource,
  TopSources,
  TopWords,
  User,
  UserProject,
} from "./types.ts";

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
    const withLang = w.headers({ "accept-language": pageLang() });
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

function withQuery(path: string, query: QueryParams): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

const get = <T>(path: string, query: QueryParams = {}) => send<T>(http.url(withQuery(path, query)).get().res(), false);

export type DownloadedFile = { blob: Blob; filename: string };

/** A file answer (attachment) through the same client, so the token, language, failure and logout rules apply. */
async function download(path: string, query: QueryParams): Promise<DownloadedFile> {
  const response = (await http.url(withQuery(path, query)).get().res()) as Response;
  rejectRedirect(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "export.xlsx";
  return { blob: await response.blob(), filename: decodeURIComponent(filename) };
}
const post = <T>(path: string, body: object = {}) => send<T>(http.url(path).json(body).post().res(), true);
const postForm = <T>(path: string, form: FormData) => send<T>(http.url(path).body(form).post().res(), true);

export const api = {
  appConfig: () => get<AppConfig>("/app-config"),
  register: (body: Record<string, string>) => post<OtpSent>("/register", body),
  verifyRegistration: (body: { phone: string; otp: string }) => post<LoginResult>("/verify-registration", body),
  resendOtp: (phone: string) => post<OtpSent>("/resend-otp", { phone }),
  login: (body: { username: string; password: string; captcha_token?: string; otp?: string }) => post<LoginResult>("/login", body),
  logout: () => post<Record<string, never>>("/logout"),
  forgetPassword: (body: { username?: string; phone?: string; captcha_token?: string }) => post<OtpSent>("/forget-password", body),
  resetPassword: (body: { username?: string; phone?: string; otp: string; password: string }) =>
    post<Record<string, never>>("/reset-password", body),
  showUser: () => get<User>("/user/show"),
  updateInfo: (body: { full_name: string; phone: string; company: string; email: string }) => post<User>("/user/update-info", body),
  changePassword: (body: { old_password: string; new_password: string }) => post<Record<string, never>>("/user/change-password", body),
  changeAvatar: (file: File) => {
    const form = new FormData();
    form.set("avatar", file);
    return postForm<User>("/user/change-avatar", form);
  },
  requestUpgrade: () => post<User>("/user/upgrade-account"),
  adviseEmail: (body: AdviseEmailRequest) => post<{ id: number }>("/advise-email", body),
  channelUser: () => get<{ data: Channel[] }>("/channel-user"),
  showProject: () => get<ProjectShow>("/project"),
  listUserProjects: () => get<UserProject[]>("/project/list-user-projects"),
  dataStatus: () => get<DataStatus>("/project/data-status"),
  getBrands: () => get<Record<string, string>>("/get-brands"),
  createProject: (body: ProjectForm) => post<Project>("/project", { ...body, unlimited: true }),
  updateProject: (id: number, body: ProjectForm) =>
    send<Project>(
      http
        .url(`/project/${id}`)
        .json({ ...body, unlimited: true })
        .put()
        .res(),
      true,
    ),
  scanData: () => post<string[]>("/scan-data"),
  showNotification: () => get<NotificationSettings>("/notification"),
  updateNotification: (body: Pick<NotificationSettings, "time_reports" | "phones" | "emails" | "language">) =>
    send<NotificationSettings>(http.url("/notification").json(body).put().res(), true),
  testAlert: (body: Pick<TestAlertResult, "channel" | "to">) => post<TestAlertResult>("/notification/test-alert", body),
  notificationHistory: () => get<ReportDelivery[]>("/notification/history"),
  notificationPreview: (frequency: ReportPreview["frequency"]) => get<ReportPreview>("/notification/preview", { frequency }),
  dashboardStats: (query: QueryParams) => get<DashboardStats>("/dashboard/stats", query),
  trendDiscuss: (query: QueryParams) => get<TimeSeries>("/dashboard/trend-discuss", query),
  trendSentiment: (query: QueryParams) => get<TimeSeries>("/dashboard/trend-sentiment", query),
  numberMention: (query: QueryParams) => get<ChannelFigure[]>("/dashboard/number-mention", query),
  sentimentByProjects: (query: QueryParams) => get<ProjectSentiment[]>("/dashboard/sentiment-by-projects", query),
  topWords: (query: QueryParams) => get<TopWords>("/dashboard/top-words", query),
  topMention: (query: QueryParams) => get<TopSources>("/dashboard/top-mention", query),
  mentionLatest: (query: QueryParams) => get<StoryMention[]>("/dashboard/mention-latest", query),
  hotMention: (query: QueryParams) => get<StoryMention[]>("/dashboard/hot-mention", query),
  compareProjects: (query: QueryParams) => get<ProjectComparison[]>("/dashboard/get-data-dashboard", query),
  mentionIndex: (query: QueryParams) => get<MentionPage>("/mention/index", query),
  storyIndex: (query: QueryParams) => get<StoryPage>("/mention/index", { ...query, group: "story" }),
  storyMentions: (storyId: number, query: QueryParams) => get<StoryMentions>(`/mention/story/${storyId}`, query),
  undoEdit: (body: { project_id: number; edit_id: number }) => post<MentionsRestored>("/mention/undo", body),
  audienceCount: (query: QueryParams) => get<AudienceCount>("/audience/get-count-user", query),
  audienceStats: (query: QueryParams) => get<AudienceStats>("/audience/stats", query),
  audienceProvinces: (query: QueryParams) => get<AudienceByProvince>("/audience/index-by-provinces", query),
  audienceAreas: (query: QueryParams) => get<AudienceByArea>("/audience/index-by-areas", query),
  audienceJobs: (query: QueryParams) => get<AudienceByJob>("/audience/index-by-job", query),
  audienceAgeByChannel: (query: QueryParams) => get<AudienceAgeByChannel>("/audience/index-by-age-channel", query),
  audienceAgeByProject: (query: QueryParams) => get<AudienceAgeByProject>("/audience/index-by-age-project", query),
  audienceTopAuthors: (query: QueryParams) => get<AudienceTopAuthors>("/audience/get-top-user", query),
  mentionStats: (query: QueryParams) => get<Counters>("/mention/stats", query),
  updateMentions: (body: MentionUpdate) => post<MentionsUpdated>("/mention/update", body),
  sentimentReasons: (projectId: number, id: number) => get<SentimentReasons>("/mention/sentiment-reasons", { project_id: projectId, id }),
  subBrands: (projectId: number) => get<NamedItem[]>("/mention/get-sub-brand", { project_id: projectId }),
  services: (projectId: number) => get<NamedItem[]>("/mention/get-service", { project_id: projectId }),
  exportMentions: (query: QueryParams) => download("/mention/export-excel", query),
  incidentIndex: (query: QueryParams) => get<IncidentPage>("/incident/index", query),
  incidentShow: (id: number) => get<IncidentDetail>("/incident/show", { id }),
  crisisSettings: (projectId: number) => get<CrisisSettings>("/incident/settings", { project_id: projectId }),
  updateCrisisSettings: (body: CrisisSettingsInput) => post<CrisisSettings>("/incident/settings", body),
  createIncident: (body: IncidentCreate) => post<Incident>("/incident/create", body),
  mergeIncident: (id: number, intoId: number) => post<Incident>("/incident/merge", { id, into_id: intoId }),
  incidentStats: (id: number) => get<DashboardStats>("/incident/stats", { id }),
  incidentSentimentDevelopment: (id: number) => get<SentimentDevelopment>("/incident/sentiment-development", { id }),
  incidentSentiment: (id: number) => get<SentimentCounts>("/incident/index-sentiment", { id }),
  incidentSentimentByChannel: (id: number) => get<ChannelSentiment[]>("/incident/index-sentiment-channel", { id }),
  incidentHotNegative: (id: number, limit: number) => get<Mention[]>("/incident/hot-sentiment", { id, limit }),
  incidentNewest: (id: number, limit: number) => get<Mention[]>("/incident/mention-hot-new", { id, limit }),
  incidentTrending: (id: number, limit: number) => get<Mention[]>("/incident/trending-mention-interaction", { id, limit }),
  incidentHotPages: (id: number) => get<TopSource[]>("/incident/hot-pages", { id }),
  incidentHotTopics: (id: number) => get<NonNullable<IncidentDrivers["stories"]>>("/incident/hot-topics", { id }),
  incidentWordCloud: (id: number) => get<TopWords>("/incident/word-cloud", { id }),
  incidentMentions: (query: QueryParams) => get<Omit<MentionPage, "per_page">>("/incident/mentions", query),
  attachMentions: (id: number, documentIds: number[]) => post<{ changed: number }>("/incident/attach", { id, document_ids: documentIds }),
  detachMentions: (id: number, documentIds: number[]) => post<{ changed: number }>("/incident/detach", { id, document_ids: documentIds }),
  incidentSolutions: (id: number) => get<IncidentSolution[]>(`/incident/solution-evaluation/${id}`),
  addIncidentSolution: (id: number, body: IncidentSolutionInput) => post<IncidentSolution>(`/incident/solution-evaluation/${id}`, body),
  incidentHistory: (id: number) => get<IncidentChange[]>(`/incident/update-history/${id}`),
  updateIncident: (body: IncidentUpdate) => post<Incident>("/incident/update", body),
  exportIncident: (id: number) => download("/incident/export-excel", { id }),
};
