import { PassThrough, Readable } from "node:stream";
import { expect, test } from "vitest";
import { NLP_COMMANDS, runLines } from "./nlp-commands.ts";

async function run(command: string, args: string[], texts: string[]): Promise<unknown[]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  await runLines(NLP_COMMANDS[command].handler(args), Readable.from(texts.map((text) => `${JSON.stringify({ text })}\n`)), output);
  return Buffer.concat(chunks)
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

test("match: text with the keyword's diacritics or none matches; text written with other diacritics does not", async () => {
  const texts = ["Thép Hoà Phát tăng giá", "thep hoa phat tang gia", "Hóa Phát điện máy", "Thép Hòa phat giao chậm"];
  expect(await run("match", ["--keywords", "Hòa Phát"], texts)).toEqual([
    { matches: [{ keyword: "Hòa Phát", start: 5, end: 13 }] },
    { matches: [{ keyword: "Hòa Phát", start: 5, end: 13 }] },
    { matches: [] },
    { matches: [] },
  ]);
});

test("province: a post needs a place's usual spelling; --location reads a profile's field", async () => {
  const texts = ["hoa binh", "Sống ở Vũng Tàu", "quang nam"];
  expect(await run("province", [], texts)).toEqual([{ province: null }, { province: "TP. Hồ Chí Minh" }, { province: null }]);
  expect(await run("province", ["--location"], texts)).toEqual([
    { province: "Phú Thọ" },
    { province: "TP. Hồ Chí Minh" },
    { province: "Đà Nẵng" },
  ]);
});
