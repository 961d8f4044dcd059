/** Pages anyone may find through a search engine (spec §2), without the /en prefix. */
export const PUBLIC_PATHS = ["/landingpage", "/login", "/register"] as const;

/** Pages behind the login or only reached from a flow; crawlers are asked to stay out of them. */
export const PRIVATE_PATHS = [
  "/overview",
  "/mention",
  "/audience",
  "/crisis-management",
  "/project-setting",
  "/account-setting",
  "/onboarding",
  "/upgrade",
  "/thankyou",
  "/offline",
  "/error",
] as const;
