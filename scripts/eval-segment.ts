import { readFileSync } from "node:fs";
import { segmentTokens } from "../src/server/nlp/segment.ts";

// Word-level precision / recall / F1 of segmentTokens on the UD Vietnamese VTB treebank (../shared/datasets/ud-vtb/,
// CC BY-SA 4.0, used for measuring only). Each CoNLL-U token is one word; `# text` is its tokens joined by spaces.
// A word counts as found when a predicted token has exactly its start and end. "all tokens" counts punctuation
// tokens as words, as the treebank does; "words only" leaves every punctuation token out of both sides.
// --errors also prints, for each train sentence, the words missed and the words predicted instead.

const DATA_DIR = new URL("../../shared/datasets/ud-vtb/", import.meta.url);
const SPLITS = ["train", "dev"];
const PUNCTUATION_ONLY = /^[^\p{L}\p{N}]+$/u;

type Span = { start: number; end: number; text: string };
type Sentence = { text: string; words: Span[] };
type Tally = { gold: number; predicted: number; correct: number };

function readSentences(split: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const block of readFileSync(new URL(`${split}.conllu`, DATA_DIR), "utf8").split(/\n\s*\n/)) {
    const forms = block
      .split("\n")
      .map((line) => line.split("\t"))
      .filter((cols) => /^\d+$/.test(cols[0]) && cols.length >= 2)
      .map((cols) => cols[1]);
    if (forms.length === 0) continue;
    const words: Span[] = [];
    let offset = 0;
    for (const form of forms) {
      words.push({ start: offset, end: offset + form.length, text: form });
      offset += form.length + 1;
    }
    sentences.push({ text: forms.join(" "), words });
  }
  return sentences;
}

const key = (span: Span) => `${span.start}:${span.end}`;

function tally(gold: Span[], predicted: Span[]): Tally {
  const goldKeys = new Set(gold.map(key));
  return { gold: gold.length, predicted: predicted.length, correct: predicted.filter((span) => goldKeys.has(key(span))).length };
}

function add(total: Tally, part: Tally): void {
  total.gold += part.gold;
  total.predicted += part.predicted;
  total.correct += part.correct;
}

function scores({ gold, predicted, correct }: Tally): string {
  const precision = correct / predicted;
  const recall = correct / gold;
  const f1 = (2 * precision * recall) / (precision + recall);
  const pct = (x: number) => (100 * x).toFixed(2).padStart(6);
  return `P ${pct(precision)}  R ${pct(recall)}  F1 ${pct(f1)}`;
}

const showErrors = process.argv.includes("--errors");
for (const split of SPLITS) {
  const all: Tally = { gold: 0, predicted: 0, correct: 0 };
  const wordsOnly: Tally = { gold: 0, predicted: 0, correct: 0 };
  const sentences = readSentences(split);
  for (const sentence of sentences) {
    const predicted = segmentTokens(sentence.text);
    add(all, tally(sentence.words, predicted));
    const isWord = (span: Span) => !PUNCTUATION_ONLY.test(span.text);
    add(wordsOnly, tally(sentence.words.filter(isWord), predicted.filter(isWord)));
    if (showErrors && split === "train") {
      const goldKeys = new Set(sentence.words.map(key));
      const predictedKeys = new Set(predicted.map(key));
      const missed = sentence.words.filter((w) => !predictedKeys.has(key(w))).map((w) => w.text);
      const wrong = predicted.filter((w) => !goldKeys.has(key(w))).map((w) => w.text);
      if (missed.length > 0) console.log(`GOLD ${missed.join(" | ")}\nPRED ${wrong.join(" | ")}`);
    }
  }
  console.log(
    `${split.padEnd(5)} ${String(sentences.length).padStart(5)} sentences  all tokens: ${scores(all)}   words only: ${scores(wordsOnly)}`,
  );
}
