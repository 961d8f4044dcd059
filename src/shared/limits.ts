/** Business constants and limits of spec §9. */
export const MAX_KEYWORDS = 10;
/** Issue 38: excluded words or phrases per brand, beside its keywords. */
export const MAX_EXCLUDE_KEYWORDS = 10;
export const MAX_COMPETITORS = 2;
export const MAX_PROJECT_NAME = 30;
export const SESSION_SECONDS = 2_592_000;
export const NOTIFICATION_MS = 4_500;
export const RELOAD_GUARD_MS = 60_000;
export const DESKTOP_MIN_WIDTH = 1024;
export const THANKYOU_BUTTON_BREAKPOINT = 1023;
export const RESIZE_RECHECK_MS = 50;
export const DIALOG_WIDTH = 568;
export const DROPDOWN_MAX_HEIGHT = 250;
export const EXCEL_COLUMN_WIDTH = 15;
export const EXCEL_ROW_HEIGHT = 20;
/** A column sized to its content is at least EXCEL_COLUMN_WIDTH wide and at most this many characters. */
export const EXCEL_MAX_COLUMN_WIDTH = 60;
export const MENTIONS_PAGE_SIZE = 20;

/** Input bounds (issue: zero 5xx on bad input); the API rejects anything beyond them with a 422 naming the field. */
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_TEXT_FIELD = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_TOKEN_LENGTH = 4_000;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_QUERY_VALUE_LENGTH = 2_000;
export const MAX_JSON_DEPTH = 32;
export const MAX_PAGE = 10_000;
/** A custom period spans at most two years (longer ones are charted by week). */
export const MAX_CUSTOM_RANGE_DAYS = 731;
/** Dates the filters accept, as YYYY-MM-DD. */
export const DATE_BOUNDS = { min: "2000-01-01", max: "2100-12-31" } as const;
