import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { channelById, channelBySlug, type ChannelSlug } from "../../shared/channels.ts";
import { queryErrorMessage } from "../../shared/query/explain-query.ts";
import { parseQuery } from "../../shared/query/parse-query.ts";
import { QueryError } from "../../shared/query/query-ast.ts";
import { matchKeywords } from "../nlp/match.ts";
import { compileQuery } from "../nlp/query-match.ts";
import { noiseScore } from "../nlp/noise.ts";
import { detectProvince } from "../nlp/province.ts";
import { wordSegmenter } from "../nlp/segment.ts";
import { classifyMention } from "../nlp/sentiment/classify-mention.ts";

/** Arguments the command cannot run with: the command line exits with status 2 and this message. */
export class UsageError extends Error {}

/** The line's text, and the whole parsed line for commands that read more of it. */
type LineHandler = (text: string, line: Record<string, unknown>) => unknown;

function listOption(args: string[], name: "--keywords" | "--exclude", required: boolean): string[] {
  const index = args.indexOf(name);
  const value = index >= 0 ? args[index + 1] : undefined;
  if (!value && required) throw new Error(`match needs ${name} "kw1,kw2,…"`);
  return (value ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
}

const keywordsOption = (args: string[], required = true) => listOption(args, "--keywords", required);

/** `match --query '<query>'`: the query's terms found in each line, or none where the query does not hold. */
function queryHandler(query: string | undefined): LineHandler {
  if (!query) throw new UsageError('match needs --query "<query>"');
  let parsed: ReturnType<typeof parseQuery>;
  try {
    parsed = parseQuery(query);
  } catch (error) {
    if (error instanceof QueryError) throw new UsageError(queryErrorMessage(error, "en"));
    throw error;
  }
  const matches = compileQuery(parsed);
  return (text, line) => ({
    matches:
      matches({
        title: typeof line.title === "string" ? line.title : null,
        content: text,
        channel: lineChannel(line.channel),
        site: typeof line.site === "string" ? line.site.toLowerCase() : null,
      }) ?? [],
  });
}

const lineChannel = (value: unknown): ChannelSlug | null =>
  (typeof value === "number" ? channelById(value) : typeof value === "string" ? channelBySlug(value) : undefined)?.slug ?? null;

/** Language tools that need no database: one JSON line in, one JSON line out, in order. */
export const NLP_COMMANDS: Record<string, { usage: string; handler: (args: string[]) => LineHandler }> = {
  classify: {
    usage:
      'classify — {"text", optional "channel" (id or slug), "kind" (post|comment|reply|review), "rating" (1–5), "keywords" (the brand\'s names: read toward them as its mention is)} → {"label": 0|1|2, "scores": [neutral, positive, negative]}',
    handler: () => (text, line) => classifyMention(text, line),
  },
  match: {
    usage:
      'match --keywords "kw1,kw2" [--exclude "phrase1,phrase2"] | --query \'<query>\' — {"text", optional "title", "channel", "site"} → {"matches": [{"keyword", "start", "end"}]}, none where an excluded phrase occurs or the query does not hold',
    handler: (args) => {
      if (args.includes("--query")) return queryHandler(args[args.indexOf("--query") + 1]);
      const keywords = keywordsOption(args);
      const excluded = listOption(args, "--exclude", args.includes("--exclude"));
      return (text) => ({ matches: matchKeywords(keywords, text, excluded) });
    },
  },
  segment: {
    usage: 'segment [--keywords "brand,kw"] — {"text"} → {"words": [...]}: words as written, syllables joined by a space',
    handler: (args) => {
      const segment = wordSegmenter(keywordsOption(args, false));
      return (text) => ({ words: segment(text) });
    },
  },
  province: {
    usage: 'province [--location] — {"text"} → {"province": name or null}: text of a post, or with --location a profile location field',
    handler: (args) => {
      const mode = args.includes("--location") ? "location" : "post";
      return (text) => ({ province: detectProvince(text, { mode })?.name ?? null });
    },
  },
  noise: {
    usage: 'noise — {"text"} → {"score": 0..1, "reasons": [...]}',
    handler: () => (text) => noiseScore(text),
  },
};

/** Bad lines get {"error": …} and the stream goes on. */
export async function runLines(handle: LineHandler, input: Readable, output: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let result: unknown;
    try {
      const parsed = JSON.parse(line) as Record<string, unknown> | null;
      result = typeof parsed?.text === "string" ? handle(parsed.text, parsed) : { error: 'each line needs a "text" string' };
    } catch (error) {
      result = { error: error instanceof SyntaxError ? "not valid JSON" : String((error as Error).message) };
    }
    output.write(`${JSON.stringify(result)}\n`);
  }
}
