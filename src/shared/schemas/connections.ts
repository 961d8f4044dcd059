import { type } from "arktype";
import { id } from "./dashboard.ts";
import { rowId } from "./fields.ts";

/** Every provider and kind of source migration 0038 allows (docs/channels/README.md). */
export const CONNECTION_PROVIDERS = ["meta", "threads", "x", "google", "tiktok", "zalo", "shopee", "lazada", "linkedin"] as const;
/** Who the customer hears refusing or limiting a connection: the company behind each provider. */
export const PROVIDER_COMPANY = {
  meta: "Meta",
  threads: "Meta",
  x: "X",
  google: "Google",
  tiktok: "TikTok",
  zalo: "Zalo",
  shopee: "Shopee",
  lazada: "Lazada",
  linkedin: "LinkedIn",
} as const satisfies Record<(typeof CONNECTION_PROVIDERS)[number], string>;
/** Providers that push new items by webhook, so a pause of reading leaves them arriving. */
export const PUSHING_PROVIDERS: readonly (typeof CONNECTION_PROVIDERS)[number][] = ["meta", "zalo"];
export const CONNECTION_STATES = ["connected", "expiring", "failing", "paused"] as const;
export const CONNECTION_SOURCE_KINDS = [
  "facebook_page",
  "instagram_account",
  "public_page",
  "youtube_channel",
  "play_app",
  "business_location",
  "tiktok_account",
  "zalo_oa",
  "shopee_shop",
  "lazada_shop",
  "linkedin_organization",
] as const;
/** Public Pages a connection may follow beside the customer's own (each is one more feed to read every round). */
export const PUBLIC_PAGES_MAX = 10;
/** Meta's limit: 30 distinct hashtags per Instagram account in a rolling 7 days (docs/channels/meta.md). */
export const INSTAGRAM_HASHTAG_LIMIT = 30;

/** GET /api/connections and the start of a connection: the project the connection is for. */
export const ConnectionsQuery = type({ project_id: id });

/** Where Meta's login dialog (or Threads' authorization window) sends the customer back: a code and our state, or an error (the customer said no). */
export const MetaCallbackQuery = type({
  "code?": type("string > 0").atMostLength(2000),
  "state?": type("string > 0").atMostLength(200),
  "error?": type("string").atMostLength(200),
});

/** Follow (or stop following) some of the pages and Instagram accounts the project's connections list. */
export const FollowSourcesBody = type({
  project_id: rowId,
  source_ids: rowId.array().atLeastLength(1).atMostLength(100),
  followed: "boolean",
});

export const ConnectionPath = type({ id });

/** A public Page to follow: its id, its username, or its address on facebook.com. */
export const AddPublicPageBody = type({ project_id: rowId, page: type("string > 0").atMostLength(300) });
export const AddedPublicPageSchema = type({ id: "number", external_id: "string", name: "string" });

const ConnectionSourceSchema = type({
  id: "number",
  kind: type.enumerated(...CONNECTION_SOURCE_KINDS),
  external_id: "string",
  name: "string",
  followed: "boolean",
  backfill_collected: "number",
  backfill_done: "boolean",
  /** An Instagram account's distinct hashtags searched in the last 7 days, of Meta's 30. */
  "hashtags_used?": "number",
});

/** A connected account as the screen shows it: never its tokens. */
export const ConnectionSchema = type({
  id: "number",
  provider: type.enumerated(...CONNECTION_PROVIDERS),
  external_user_name: "string",
  state: type.enumerated(...CONNECTION_STATES),
  expires_at: "Date | null",
  failing_since: "Date | null",
  /** While paused by Meta's quota: when reading resumes. */
  paused_until: "Date | null",
  reason: "string | null",
  created_at: "Date",
  /** Threads: the keyword searches of the last 24 hours and the most Threads allows. */
  "search_queries?": { used: "number", limit: "number" },
  sources: ConnectionSourceSchema.array(),
});

export const ConnectionsSchema = type({
  providers: type({
    provider: type.enumerated(...CONNECTION_PROVIDERS),
    configured: "boolean",
    /** Whether public Pages the customer does not manage can be followed (Meta's Page Public Content Access). */
    "public_pages?": "boolean",
  }).array(),
  connections: ConnectionSchema.array(),
});

export const FollowedSchema = type({ updated: "number" });

/** A redirect's envelope: where the browser goes next (also in the Location header). */
export const RedirectSchema = type({ location: "string" });

/** Meta's webhook verification request (documented only: the handshake compares the values itself). */
export const MetaHandshakeQuery = type({ "hub.mode?": "string", "hub.challenge?": "string", "hub.verify_token?": "string" });

/** A Meta webhook delivery as documented for clients; the server parses the signed raw body itself. */
export const MetaDeliveryBody = type({
  object: "string",
  entry: type({ id: "string", "time?": "number", "changes?": type({ field: "string", value: "unknown" }).array() }).array(),
});
