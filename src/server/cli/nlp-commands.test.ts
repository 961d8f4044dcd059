import { PassThrough, Readable } from "node:stream";
import { expect, test } from "vitest";
import { NLP_COMMANDS, runLines, UsageError } from "./nlp-commands.ts";

async function run(command: string, args: string[], texts: (string | Record<string, unknown>)[]): Promise<unknown[]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const lines = texts.map((text) => `${JSON.stringify(typeof text === "string" ? { text } : text)}\n`);
  await runLines(NLP_COMMANDS[command].handler(args), Readable.from(lines), output);
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

test("match --exclude: a line holding an excluded phrase matches nothing, with or without its diacritics", async () => {
  const texts = ["Cổ phiếu VNM tăng trần", "co phieu VNM giam san", "Sữa Vinamilk ít đường cho bé"];
  expect(await run("match", ["--keywords", "Vinamilk,VNM", "--exclude", "cổ phiếu"], texts)).toEqual([
    { matches: [] },
    { matches: [] },
    { matches: [{ keyword: "Vinamilk", start: 4, end: 12 }] },
  ]);
  expect(() => NLP_COMMANDS.match.handler(["--keywords", "Vinamilk", "--exclude"])).toThrow('match needs --exclude "kw1,kw2,…"');
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

type Reading = { label: number; scores: number[] };

test("classify: one {label, scores} per line, whatever optional fields the line carries", async () => {
  const lines = [
    "Sữa ngon, giao nhanh",
    { text: "Sữa ngon, giao nhanh", channel: 14, kind: "review", rating: 5, keywords: ["Vinamilk"] },
    { text: "Sữa ngon, giao nhanh", channel: "facebook", kind: "comment", keywords: "Vinamilk, TH true Milk" },
    { text: "Sữa ngon, giao nhanh", kind: "tweet", rating: 9, channel: null },
  ];
  const readings = (await run("classify", [], lines)) as Reading[];
  for (const reading of readings) {
    expect(Object.keys(reading).sort()).toEqual(["label", "scores"]);
    expect(reading.scores[0] + reading.scores[1] + reading.scores[2]).toBeCloseTo(1, 9);
  }
  // Fields it cannot use are ignored: the text is read as when it comes alone.
  expect(readings[3]).toEqual(readings[0]);
});

test("classify: a review's stars are evidence; coverage is read toward the brand given as keywords", async () => {
  const text = "Hãng Phú Hà lãi kỷ lục, cổ phiếu tăng mạnh. Trong khi đó hãng Minh Lý bị xử phạt vì bán hàng giả.";
  const [oneStar, fiveStars, pho, bun] = (await run(
    "classify",
    [],
    [
      { text: "Đồ ăn tạm được", kind: "review", rating: 1 },
      { text: "Đồ ăn tạm được", kind: "review", rating: 5 },
      { text, channel: "news", keywords: ["Phú Hà"] },
      { text, channel: "news", keywords: ["Minh Lý"] },
    ],
  )) as Reading[];
  expect(oneStar.scores[2]).toBeGreaterThan(fiveStars.scores[2]);
  expect(fiveStars.scores[1]).toBeGreaterThan(oneStar.scores[1]);
  expect(pho.label).toBe(1);
  expect(bun.label).toBe(2);
});

test("match --query: the query's terms where it holds, reading a line's title and channel; nothing where it does not", async () => {
  const lines = [
    { text: "Vinamilk vừa ra mắt dòng sữa tươi mới", channel: "facebook" },
    { text: "Cổ phiếu Vinamilk tăng trần, sữa vẫn bán chạy", channel: "news" },
    { text: "Vinamilk tài trợ giải chạy, quà là sữa", channel: 2 },
  ];
  expect(await run("match", ["--query", 'Vinamilk NEAR/4 sữa AND NOT "cổ phiếu"'], lines)).toEqual([
    {
      matches: [
        { keyword: "Vinamilk", start: 0, end: 8 },
        { keyword: "sữa", start: 25, end: 28 },
      ],
    },
    { matches: [] },
    { matches: [] },
  ]);
  expect(await run("match", ["--query", "Vinamilk AND channel:news"], lines)).toEqual([
    { matches: [] },
    { matches: [{ keyword: "Vinamilk", start: 9, end: 17 }] },
    { matches: [{ keyword: "Vinamilk", start: 0, end: 8 }] },
  ]);
});

test("match --query refuses an invalid query before reading, naming the position", () => {
  expect(() => NLP_COMMANDS.match.handler(["--query", "(Vinamilk OR VNM"])).toThrow(
    new UsageError("A parenthesis is not closed (at position 1)"),
  );
});
