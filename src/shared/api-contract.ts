import type { Type } from "arktype";
import {
  ChannelFigureSchema,
  CountersSchema,
  DashboardStatsSchema,
  DataStatusSchema,
  MentionListSchema,
  MentionPageSchema,
  MentionSchema,
  MentionsRestoredSchema,
  MentionsUpdatedSchema,
  NamedItemSchema,
  ProjectComparisonSchema,
  ProjectSentimentSchema,
  SentimentCountsSchema,
  SentimentReasonsSchema,
  StoryMentionSchema,
  StoryMentionsSchema,
  StoryPageSchema,
  TimeSeriesSchema,
  TopSourceSchema,
  TopSourcesSchema,
  TopWordsSchema,
} from "./api-types.ts";
import {
  AudienceAgeByChannelSchema,
  AudienceAgeByProjectSchema,
  AudienceByAreaSchema,
  AudienceByJobSchema,
  AudienceByProvinceSchema,
  AudienceCountSchema,
  AudienceStatsSchema,
  AudienceTopAuthorsSchema,
} from "./audience.ts";
import { ReportDeliverySchema, ReportPreviewSchema } from "./report-types.ts";
import {
  AppConfigSchema,
  BrandsSchema,
  ChannelListSchema,
  CreatedSchema,
  EmptySchema,
  LoginResultSchema,
  NotificationSettingsSchema,
  OtpSentSchema,
  ProjectNamesSchema,
  ProjectPreviewSchema,
  ProjectSchema,
  ProjectShowSchema,
  TestAlertResultSchema,
  UserProjectSchema,
} from "./schemas/answers.ts";
import {
  AttachmentsChangedSchema,
  ChannelSentimentSchema,
  IncidentChangeSchema,
  IncidentDetailSchema,
  IncidentPageSchema,
  IncidentSolutionSchema,
  IncidentStoriesSchema,
  IncidentViewSchema,
  ProjectCrisisSettingsSchema,
  RecordedSolutionSchema,
  SentimentDevelopmentSchema,
} from "./schemas/incident-answers.ts";
import { UserViewSchema } from "./user.ts";
import {
  ChangePasswordBody,
  ForgetPasswordBody,
  LoginBody,
  PhoneBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateInfoBody,
  VerifyRegistrationBody,
} from "./schemas/account.ts";
import { AdviseEmailBody } from "./schemas/contact.ts";
import {
  CrisisSettingsBody,
  IncidentAttachBody,
  IncidentCreateBody,
  IncidentMergeBody,
  IncidentUpdateBody,
  SolutionBody,
  CrisisSettingsQuery,
  IncidentListQuery,
  IncidentMentionsQuery,
  IncidentQuery,
} from "./schemas/incident.ts";
import {
  AddedPublicPageSchema,
  AddPublicPageBody,
  ConnectionsQuery,
  ConnectionsSchema,
  FollowedSchema,
  FollowSourcesBody,
  RedirectSchema,
} from "./schemas/connections.ts";
import { MentionQuery, MentionUndoBody, MentionUpdateBody, ProjectItemsQuery } from "./schemas/mention.ts";
import { AudienceQuery } from "./schemas/audience.ts";
import { DashboardQuery } from "./schemas/dashboard.ts";
import { ReportPreviewQuery } from "./schemas/report.ts";
import { NotificationBody, ProjectBody, TestAlertBody } from "./schemas/project.ts";
import type { Wire } from "./wire.ts";

/** A call: its method, its path, the schema of its answer's `data`, and those of its query string and JSON body. */
export type Call = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; response: Type; query?: Type; body?: Type };
function get<R extends Type>(path: string, response: R): { method: "GET"; path: string; response: R };
function get<R extends Type, Q extends Type>(path: string, response: R, query: Q): { method: "GET"; path: string; response: R; query: Q };
function get(path: string, response: Type, query?: Type) {
  return { method: "GET" as const, path, response, ...(query ? { query } : {}) };
}
function post<R extends Type>(path: string, response: R): { method: "POST"; path: string; response: R };
function post<R extends Type, B extends Type>(path: string, response: R, body: B): { method: "POST"; path: string; response: R; body: B };
function post(path: string, response: Type, body?: Type) {
  return { method: "POST" as const, path, response, ...(body ? { body } : {}) };
}
const put = <R extends Type, B extends Type>(path: string, response: R, body: B) => ({ method: "PUT" as const, path, response, body });
const del = <R extends Type>(path: string, response: R) => ({ method: "DELETE" as const, path, response });

/**
 * The calls the browser makes, each with the schema of its answer's `data` and of its JSON body (paths under /api,
 * `{id}` a path parameter). The server's routes validate with these bodies, document these answers and hold their
 * answers to them outside production (tests/api/openapi.test.ts checks each call here against the route the server
 * registers); the client's types are inferred from them, so a renamed field fails typecheck on both sides.
 */
export const API = {
  appConfig: get("/app-config", AppConfigSchema),
  register: post("/register", OtpSentSchema, RegisterBody),
  verifyRegistration: post("/verify-registration", LoginResultSchema, VerifyRegistrationBody),
  resendOtp: post("/resend-otp", OtpSentSchema, PhoneBody),
  login: post("/login", LoginResultSchema, LoginBody),
  logout: post("/logout", EmptySchema),
  forgetPassword: post("/forget-password", OtpSentSchema, ForgetPasswordBody),
  resetPassword: post("/reset-password", EmptySchema, ResetPasswordBody),
  showUser: get("/user/show", UserViewSchema),
  updateInfo: post("/user/update-info", UserViewSchema, UpdateInfoBody),
  changePassword: post("/user/change-password", EmptySchema, ChangePasswordBody),
  changeAvatar: post("/user/change-avatar", UserViewSchema),
  requestUpgrade: post("/user/upgrade-account", UserViewSchema),
  adviseEmail: post("/advise-email", CreatedSchema, AdviseEmailBody),
  channelUser: get("/channel-user", ChannelListSchema),
  showProject: get("/project", ProjectShowSchema),
  listUserProjects: get("/project/list-user-projects", UserProjectSchema.array()),
  dataStatus: get("/project/data-status", DataStatusSchema),
  getBrands: get("/get-brands", BrandsSchema),
  createProject: post("/project", ProjectSchema, ProjectBody),
  updateProject: put("/project/{id}", ProjectSchema, ProjectBody),
  scanData: post("/scan-data", ProjectNamesSchema),
  previewProject: post("/project/preview", ProjectPreviewSchema, ProjectBody),
  showNotification: get("/notification", NotificationSettingsSchema),
  updateNotification: put("/notification", NotificationSettingsSchema, NotificationBody),
  testAlert: post("/notification/test-alert", TestAlertResultSchema, TestAlertBody),
  notificationHistory: get("/notification/history", ReportDeliverySchema.array()),
  notificationPreview: get("/notification/preview", ReportPreviewSchema, ReportPreviewQuery),
  dashboardStats: get("/dashboard/stats", DashboardStatsSchema, DashboardQuery),
  trendDiscuss: get("/dashboard/trend-discuss", TimeSeriesSchema, DashboardQuery),
  trendSentiment: get("/dashboard/trend-sentiment", TimeSeriesSchema, DashboardQuery),
  numberMention: get("/dashboard/number-mention", ChannelFigureSchema.array(), DashboardQuery),
  sentimentByProjects: get("/dashboard/sentiment-by-projects", ProjectSentimentSchema.array(), DashboardQuery),
  topWords: get("/dashboard/top-words", TopWordsSchema, DashboardQuery),
  topMention: get("/dashboard/top-mention", TopSourcesSchema, DashboardQuery),
  mentionLatest: get("/dashboard/mention-latest", StoryMentionSchema.array(), DashboardQuery),
  hotMention: get("/dashboard/hot-mention", StoryMentionSchema.array(), DashboardQuery),
  compareProjects: get("/dashboard/get-data-dashboard", ProjectComparisonSchema.array(), DashboardQuery),
  mentionIndex: get("/mention/index", MentionListSchema, DashboardQuery),
  storyMentions: get("/mention/story/{id}", StoryMentionsSchema, DashboardQuery),
  undoEdit: post("/mention/undo", MentionsRestoredSchema, MentionUndoBody),
  audienceCount: get("/audience/get-count-user", AudienceCountSchema, AudienceQuery),
  audienceStats: get("/audience/stats", AudienceStatsSchema, AudienceQuery),
  audienceProvinces: get("/audience/index-by-provinces", AudienceByProvinceSchema, AudienceQuery),
  audienceAreas: get("/audience/index-by-areas", AudienceByAreaSchema, AudienceQuery),
  audienceJobs: get("/audience/index-by-job", AudienceByJobSchema, AudienceQuery),
  audienceAgeByChannel: get("/audience/index-by-age-channel", AudienceAgeByChannelSchema, AudienceQuery),
  audienceAgeByProject: get("/audience/index-by-age-project", AudienceAgeByProjectSchema, AudienceQuery),
  audienceTopAuthors: get("/audience/get-top-user", AudienceTopAuthorsSchema, AudienceQuery),
  mentionStats: get("/mention/stats", CountersSchema, DashboardQuery),
  updateMentions: post("/mention/update", MentionsUpdatedSchema, MentionUpdateBody),
  sentimentReasons: get("/mention/sentiment-reasons", SentimentReasonsSchema, MentionQuery),
  subBrands: get("/mention/get-sub-brand", NamedItemSchema.array(), ProjectItemsQuery),
  services: get("/mention/get-service", NamedItemSchema.array(), ProjectItemsQuery),
  incidentIndex: get("/incident/index", IncidentPageSchema, IncidentListQuery),
  incidentShow: get("/incident/show", IncidentDetailSchema, IncidentQuery),
  crisisSettings: get("/incident/settings", ProjectCrisisSettingsSchema, CrisisSettingsQuery),
  updateCrisisSettings: post("/incident/settings", ProjectCrisisSettingsSchema, CrisisSettingsBody),
  createIncident: post("/incident/create", IncidentViewSchema, IncidentCreateBody),
  mergeIncident: post("/incident/merge", IncidentViewSchema, IncidentMergeBody),
  incidentStats: get("/incident/stats", DashboardStatsSchema, IncidentQuery),
  incidentSentimentDevelopment: get("/incident/sentiment-development", SentimentDevelopmentSchema, IncidentQuery),
  incidentSentiment: get("/incident/index-sentiment", SentimentCountsSchema, IncidentQuery),
  incidentSentimentByChannel: get("/incident/index-sentiment-channel", ChannelSentimentSchema.array(), IncidentQuery),
  incidentHotNegative: get("/incident/hot-sentiment", MentionSchema.array(), IncidentQuery),
  incidentNewest: get("/incident/mention-hot-new", MentionSchema.array(), IncidentQuery),
  incidentTrending: get("/incident/trending-mention-interaction", MentionSchema.array(), IncidentQuery),
  incidentHotPages: get("/incident/hot-pages", TopSourceSchema.array(), IncidentQuery),
  incidentHotTopics: get("/incident/hot-topics", IncidentStoriesSchema, IncidentQuery),
  incidentWordCloud: get("/incident/word-cloud", TopWordsSchema, IncidentQuery),
  incidentMentions: get("/incident/mentions", MentionPageSchema, IncidentMentionsQuery),
  attachMentions: post("/incident/attach", AttachmentsChangedSchema, IncidentAttachBody),
  detachMentions: post("/incident/detach", AttachmentsChangedSchema, IncidentAttachBody),
  incidentSolutions: get("/incident/solution-evaluation/{id}", IncidentSolutionSchema.array()),
  addIncidentSolution: post("/incident/solution-evaluation/{id}", RecordedSolutionSchema, SolutionBody),
  incidentHistory: get("/incident/update-history/{id}", IncidentChangeSchema.array()),
  updateIncident: post("/incident/update", IncidentViewSchema, IncidentUpdateBody),
  connections: get("/connections", ConnectionsSchema, ConnectionsQuery),
  // A navigation, not a fetch: the browser follows the redirect to Meta's login dialog.
  startMetaConnection: get("/connections/meta/start", RedirectSchema, ConnectionsQuery),
  startThreadsConnection: get("/connections/threads/start", RedirectSchema, ConnectionsQuery),
  startZaloConnection: get("/connections/zalo/start", RedirectSchema, ConnectionsQuery),
  startTiktokConnection: get("/connections/tiktok/start", RedirectSchema, ConnectionsQuery),
  startLinkedinConnection: get("/connections/linkedin/start", RedirectSchema, ConnectionsQuery),
  followSources: post("/connections/sources/follow", FollowedSchema, FollowSourcesBody),
  addPublicPage: post("/connections/{id}/public-pages", AddedPublicPageSchema, AddPublicPageBody),
  disconnect: del("/connections/{id}", EmptySchema),
} satisfies Record<string, Call>;

/** The mention list as the screens ask for it: one page of mentions, or with group=story one of stories. */
export const MENTION_INDEX = {
  mention: { ...API.mentionIndex, response: MentionPageSchema },
  story: { ...API.mentionIndex, response: StoryPageSchema },
};

export type ApiCall = keyof typeof API;
/** What a call's body may hold, as its route's schema takes it. */
export type Body<K extends ApiCall> = (typeof API)[K] extends { body: infer B extends Type } ? B["inferIn"] : never;
/** A call's answer as the browser receives it. */
export type Answer<K extends ApiCall> = Wire<(typeof API)[K]["response"]["infer"]>;
