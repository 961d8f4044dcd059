/** "All" is the absence of a filter in queries; the UI offers it as the first option. */
/** `message` (4): a private message to the customer's own account, such as a Zalo OA follower's (issue 36). */
export const MENTION_TYPE = { post: 0, comment: 1, reply: 2, imageIdentification: 3, message: 4 } as const;
export type MentionType = (typeof MENTION_TYPE)[keyof typeof MENTION_TYPE];

export const MENTION_STATUS = { pending: 0, inProgress: 1, done: 2, updated: 3 } as const;
export type MentionStatus = (typeof MENTION_STATUS)[keyof typeof MENTION_STATUS];

export const CRISIS_STATUS = { inProgress: 0, done: 1 } as const;

export const ECOMMERCE_SOURCE = { all: 0, shopee: 1, tiktok: 2 } as const;
export type EcommerceSource = (typeof ECOMMERCE_SOURCE)[keyof typeof ECOMMERCE_SOURCE];

export const RATING_MAX = 5;

export const SORT_OPTIONS = ["time", "interact", "rate_asc", "rate_desc", "view"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** How the mention list shows its items: one per mention, or one per story (its near-duplicate copies together). */
export const MENTION_GROUPS = ["mention", "story"] as const;
