import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";

export type LabelledText = { text: string; label: SentimentLabel };

/** The dev splits that gate an adaptation: brand coverage first, then the review and feedback sets the base is held to. */
export const GATE_SETS = ["brand-news", "vlsp2016-sa", "uit-vsfc", "uit-visfd"] as const;

// UIT-VSFC replaced emoticons by words; they are turned back as the training scripts do, so the figures match the
// model card's.
const VSFC_EMOTICONS: Record<string, string> = {
  colonsmile: ":)",
  colonsmilesmile: ":))",
  colonbigsmile: ":D",
  colonsmallsmile: ":)",
  colonhihi: "^^",
  colonsad: ":(",
  colonsadcolon: ":(",
  colonlove: "<3",
  coloncontemn: ":/",
  colonsurprise: ":o",
  colondoublesurprise: ":O",
  dotdotdot: "...",
  doubledot: ":",
};
const VSFC_TOKEN = /\b(colon[a-z]+|dotdotdot|doubledot|wzjwz\d+)\b/g;

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
        const text =
          name === "uit-vsfc" ? row.text.replace(VSFC_TOKEN, (t) => (t.startsWith("wzjwz") ? "" : (VSFC_EMOTICONS[t] ?? t))) : row.text;
        return { text, label: row.label };
      });
    return [{ name, examples }];
  });
}
