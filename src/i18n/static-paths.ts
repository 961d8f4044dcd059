import type { Lang } from "./index.ts";

/** For `[...lang]` pages: Vietnamese at the plain path, English under /en/. */
export function langStaticPaths(): { params: { lang: string | undefined }; props: { lang: Lang } }[] {
  return [
    { params: { lang: undefined }, props: { lang: "vi" } },
    { params: { lang: "en" }, props: { lang: "en" } },
  ];
}
