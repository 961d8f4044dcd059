import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";
import { undoVsfcEncoding } from "../../nlp/sentiment/vsfc-encoding.ts";

export type LabelledText = { text: string; label: SentimentLabel };

/** The dev splits that gate an adaptation: brand coverage first, then the review and feedback sets the base is held to. */
const GATE_SETS = ["brand-news", "vlsp2016-sa", "uit-vsfc", "uit-visfd"] as const;

/** Each gate set's dev split found under `dir` (`<set>/dev.jsonl`, one {"text", "label"} per line); missing ones are left out. */
export function loadDevSets(dir: string): { name: string; examples: LabelledText[] }[] {
  return GATE_SETS.flatMap((name) => {
    const path = join(dir, name, "dev.jsonl");
    if (!existsSync(path)) return [];
    const examples = readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const row = JSON.parse(line) as LabelledText;
        return { text: name === "uit-vsfc" ? undoVsfcEncoding(row.text) : row.text, label: row.label };
      });
    return [{ name, examples }];
  });
}
