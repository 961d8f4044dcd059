import { brandWindows, type OwnedSpan } from "../../nlp/brand-windows.ts";
import type { ClassifySentiment, SentimentReader } from "../../nlp/sentiment/reader.ts";
import type { ReadingContext } from "../../nlp/sentiment/reading-context.ts";

type Label = ReturnType<ClassifySentiment>["label"];

/**
 * A document as its mentions' sentiment needs it: its text, where the title ends, every matched keyword, its own reading,
 * and its channel, kind and stars (which head reads it, and the stars' evidence).
 */
export type DocumentForSentiment = {
  text: string;
  titleEnd: number;
  spans: OwnedSpan[];
  reading: { version: string; label: Label };
  context: ReadingContext;
};

/** The text the sentiment toward one project is read from: its windows, as classifyMentions reads them. */
export function mentionText(document: Pick<DocumentForSentiment, "text" | "titleEnd" | "spans">, projectId: number): string {
  return brandWindows(document.text, document.spans, document.titleEnd)(projectId);
}

/**
 * The sentiment toward each project, read by the project's reader from the project's windows (nlp/brand-windows.ts).
 * A text is classified once per reader version, whichever projects read it, and not at all when it is the whole text the
 * document was read from by the same version: a post naming one brand costs nothing beyond the document's reading.
 */
export function classifyMentions(
  document: DocumentForSentiment,
  projectIds: Iterable<number>,
  readerFor: (projectId: number) => SentimentReader,
): Map<number, Label> {
  const windows = brandWindows(document.text, document.spans, document.titleEnd);
  const read = new Map([[document.reading.version, new Map([[document.text, document.reading.label]])]]);
  const labels = new Map<number, Label>();
  for (const projectId of projectIds) {
    const reader = readerFor(projectId);
    const text = windows(projectId);
    let known = read.get(reader.version);
    if (!known) read.set(reader.version, (known = new Map()));
    let label = known.get(text);
    if (label === undefined) known.set(text, (label = reader(text, document.context).label));
    labels.set(projectId, label);
  }
  return labels;
}
