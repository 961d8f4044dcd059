/**
 * Text a database can store and a page can show: PostgreSQL refuses NUL in text, other C0 controls (tab, line feed
 * and carriage return aside) hide or garble what users read, and a lone UTF-16 surrogate is not Unicode at all
 * (it would be stored as U+FFFD, silently changing the text).
 */
export type BadTextReason = "nul" | "control_character" | "lone_surrogate";

const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why the string is not safe text, or null when it is. */
export function badTextReason(text: string): BadTextReason | null {
  if (text.includes("\u0000")) return "nul";
  if (CONTROL.test(text)) return "control_character";
  if (LONE_SURROGATE.test(text)) return "lone_surrogate";
  return null;
}

type BadTextFinding = { path: string; reason: BadTextReason };

/**
 * The first string in a JSON value (object keys included) that is not safe text, with its path ("documents.3.title"),
 * or null. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findBadText(value: unknown): BadTextFinding | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const reason = badTextReason(current);
      if (reason) return { path, reason };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: join(path, String(i)) });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const reason = badTextReason(key);
        if (reason) return { path: join(path, key), reason };
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i][1], path: join(path, entries[i][0]) });
    }
  }
  return null;
}
