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
} from "./schemas/incident.ts";
import { MentionUndoBody, MentionUpdateBody } from "./schemas/mention.ts";
import { NotificationBody, ProjectBody, TestAlertBody } from "./schemas/project.ts";
import type { Wire } from "./wire.ts";

/** A call: its method, its path, the schema of its answer's `data` and, for a JSON body, the body's schema. */
export type Call = { method: "GET" | "POST" | "PUT"; path: string; response: Type; body?: Type };
const get = <R extends Type>(path: string, response: R) => ({ method: "GET" as const, path, response });
function post<R extends Type>(path: string, response: R): { method: "POST"; path: string; response: R };
function post<R extends Type, B extends Type>(path: string, response: R, body: B): { method: "POST"; path: string; response: R; body: B };
function post(path: string, response: Type, body?: Type) {
  return { method: "POST" as const, path, response, ...(body ? { body } : {}) };
}
const put = <R extends Type, B extends Type>(path: string, response: R, body: B) => ({ method: "PUT" as const, path, response, body });

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
  showNotification: get("/notification", NotificationSettingsSchema),
  updateNotification: put("/notification", NotificationSettingsSchema, NotificationBody),
  testAlert: post("/notification/test-alert", TestAlertResultSchema, TestAlertBody),
  notificationHistory: get("/notification/history", ReportDeliverySchema.array()),
  notificationPreview: get("/notification/preview", ReportPreviewSchema),
  dashboardStats: get("/dashboard/stats", DashboardStatsSchema),
  trendDiscuss: get("/dashboard/trend-discuss", TimeSeriesSchema),
  trendSentiment: get("/dashboard/trend-sentiment", TimeSeriesSchema),
  numberMention: get("/dashboard/number-mention", ChannelFigureSchema.array()),
  sentimentByProjects: get("/dashboard/sentiment-by-projects", ProjectSentimentSchema.array()),
  topWords: get("/dashboard/top-words", TopWordsSchema),
  topMention: get("/dashboard/top-mention", TopSourcesSchema),
  mentionLatest: get("/dashboard/mention-latest", StoryMentionSchema.array()),
  hotMention: get("/dashboard/hot-mention", StoryMentionSchema.array()),
  compareProjects: get("/dashboard/get-data-dashboard", ProjectComparisonSchema.array()),
  mentionIndex: get("/mention/index", MentionListSchema),
  storyMentions: get("/mention/story/{id}", StoryMentionsSchema),
  undoEdit: post("/mention/undo", MentionsRestoredSchema, MentionUndoBody),
  audienceCount: get("/audience/get-count-user", AudienceCountSchema),
  audienceStats: get("/audience/stats", AudienceStatsSchema),
  audienceProvinces: get("/audience/index-by-provinces", AudienceByProvinceSchema),
  audienceAreas: get("/audience/index-by-areas", AudienceByAreaSchema),
  audienceJobs: get("/audience/index-by-job", AudienceByJobSchema),
  audienceAgeByChannel: get("/audience/index-by-age-channel", AudienceAgeByChannelSchema),
  audienceAgeByProject: get("/audience/index-by-age-project", AudienceAgeByProjectSchema),
  audienceTopAuthors: get("/audience/get-top-user", AudienceTopAuthorsSchema),
  mentionStats: get("/mention/stats", CountersSchema),
  updateMentions: post("/mention/update", MentionsUpdatedSchema, MentionUpdateBody),
  sentimentReasons: get("/mention/sentiment-reasons", SentimentReasonsSchema),
  subBrands: get("/mention/get-sub-brand", NamedItemSchema.array()),
  services: get("/mention/get-service", NamedItemSchema.array()),
  incidentIndex: get("/incident/index", IncidentPageSchema),
  incidentShow: get("/incident/show", IncidentDetailSchema),
  crisisSettings: get("/incident/settings", ProjectCrisisSettingsSchema),
  updateCrisisSettings: post("/incident/settings", ProjectCrisisSettingsSchema, CrisisSettingsBody),
  createIncident: post("/incident/create", IncidentViewSchema, IncidentCreateBody),
  mergeIncident: post("/incident/merge", IncidentViewSchema, IncidentMergeBody),
  incidentStats: get("/incident/stats", DashboardStatsSchema),
  incidentSentimentDevelopment: get("/incident/sentiment-development", SentimentDevelopmentSchema),
  incidentSentiment: get("/incident/index-sentiment", SentimentCountsSchema),
  incidentSentimentByChannel: get("/incident/index-sentiment-channel", ChannelSentimentSchema.array()),
  incidentHotNegative: get("/incident/hot-sentiment", MentionSchema.array()),
  incidentNewest: get("/incident/mention-hot-new", MentionSchema.array()),
  incidentTrending: get("/incident/trending-mention-interaction", MentionSchema.array()),
  incidentHotPages: get("/incident/hot-pages", TopSourceSchema.array()),
  incidentHotTopics: get("/incident/hot-topics", IncidentStoriesSchema),
  incidentWordCloud: get("/incident/word-cloud", TopWordsSchema),
  incidentMentions: get("/incident/mentions", MentionPageSchema),
  attachMentions: post("/incident/attach", AttachmentsChangedSchema, IncidentAttachBody),
  detachMentions: post("/incident/detach", AttachmentsChangedSchema, IncidentAttachBody),
  incidentSolutions: get("/incident/solution-evaluation/{id}", IncidentSolutionSchema.array()),
  addIncidentSolution: post("/incident/solution-evaluation/{id}", RecordedSolutionSchema, SolutionBody),
  incidentHistory: get("/incident/update-history/{id}", IncidentChangeSchema.array()),
  updateIncident: post("/incident/update", IncidentViewSchema, IncidentUpdateBody),
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
