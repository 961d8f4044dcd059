import { searchKey } from "../../shared/vietnamese.ts";

/**
 * A project keyword as the Instagram hashtag people would write: lowercase, without diacritics (đ → d), without spaces
 * or punctuation ("Cà Phê Sáng" → "caphesang"); empty when nothing is left.
 */
export const keywordHashtag = (keyword: string): string => searchKey(keyword).replaceAll(" ", "");

/** The distinct hashtags of a project's keywords, in the keywords' order. */
export const keywordHashtags = (keywords: string[]): string[] => [...new Set(keywords.map(keywordHashtag).filter((h) => h.length > 0))];
