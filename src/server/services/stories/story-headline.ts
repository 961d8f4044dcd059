const MAX_LENGTH = 140;
const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic})*/gu;
const HASHTAGS = /(?:\s*#[\p{L}\p{M}\p{N}_]+)+\s*$/u;
/** A sentence ends at . ! ? or … followed by a space (not inside "2.5" or "TP.HCM"). */
const SENTENCE_END = /[.!?…](?=\s)/u;

/** One distinct text of a story's copies: its title (news) or null, its content, how many copies carry it, the first one's time. */
export type StoryText = { title: string | null; content: string; copies: number; first: Date };

/** A copy's headline: its title (whole), else the first sentence of its text, without emoji or trailing hashtags. */
function headlineOf(text: StoryText): string {
  const title = text.title?.trim();
  const clean = (title || text.content).replace(EMOJI, " ").replace(/\s+/g, " ").replace(HASHTAGS, "").trim();
  const end = title ? -1 : clean.search(SENTENCE_END);
  const sentence = end > 0 ? clean.slice(0, end + 1) : clean;
  return sentence.length > MAX_LENGTH ? `${sentence.slice(0, MAX_LENGTH - 1).trimEnd()}…` : sentence;
}

/**
 * What a story is about, in its own words: the headline most of its copies carry (news titles first, where it has
 * any), so that a repost's added line ("Các mẹ đọc ngay…", "Nóng:") or the newest copy's emoji never titles it; ties go
 * to the headline seen first. Null for a story without text.
 */
export function storyHeadline(texts: StoryText[]): string | null {
  const titled = texts.filter((t) => t.title?.trim());
  const votes = new Map<string, { copies: number; first: number }>();
  for (const text of titled.length > 0 ? titled : texts) {
    const headline = headlineOf(text);
    if (!headline) continue;
    const seen = votes.get(headline) ?? { copies: 0, first: Number.POSITIVE_INFINITY };
    votes.set(headline, { copies: seen.copies + text.copies, first: Math.min(seen.first, text.first.getTime()) });
  }
  let best: [string, { copies: number; first: number }] | null = null;
  for (const entry of votes)
    if (!best || entry[1].copies > best[1].copies || (entry[1].copies === best[1].copies && entry[1].first < best[1].first)) best = entry;
  return best?.[0] ?? null;
}
