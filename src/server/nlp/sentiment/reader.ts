import type { ReadingContext } from "./reading-context.ts";

/**
 * The sentiment model as the pipeline sees it: neutral 0, positive 1, negative 2 with class probabilities. The context
 * (channel, kind, stars), when known, says which head reads the text (reading-context.ts).
 */
export type ClassifySentiment = (text: string, context?: ReadingContext) => { label: 0 | 1 | 2; scores: [number, number, number] };

/** A classifier with the version stored next to each sentiment it gives (the base model's, or an account's adaptation's). */
export type SentimentReader = ClassifySentiment & { version: string };
