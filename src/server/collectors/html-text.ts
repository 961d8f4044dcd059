import { decodeEntities } from "./html-entities";

const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote|section|article|figure|figcaption)\s*>/gi;

/** Plain text of an HTML fragment: tags and scripts dropped, blocks on their own lines, entities decoded, NFC. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<\/?br\s*\/?>/gi, "\n")
    .replace(BLOCK_END, "\n")
    .replace(/<[A-Za-z/!?][^>]*>/g, "");
  return cleanText(decodeEntities(text));
}

/** Text that should already be plain but, in real feeds, often carries entities: decoded, spaced, NFC. */
export function plainText(text: string): string {
  return cleanText(decodeEntities(text));
}

function cleanText(text: string): string {
  return text
    .replace(/\u00a0/g, " ")
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/[ \t\f\v]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n")
    .normalize("NFC");
}
