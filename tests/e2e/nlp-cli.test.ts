import { expect, test } from "vitest";
import { finish, runEntry } from "./helpers/server.ts";

const run = async (args: string[], lines: unknown[]) => {
  const input = lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
  const result = await finish(runEntry("src/server/cli.ts", args, {}), input);
  return {
    ...result,
    out: result.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l)),
  };
};

test("classify: one labelled line per input line, in order; bad lines get an error", async () => {
  const { code, out } = await run(
    ["classify"],
    [
      { text: "Sữa Vinamilk uống rất ngon, con mình thích lắm", id: 7 },
      "{not json",
      { text: "Giao hàng chậm, đóng gói cẩu thả, thất vọng quá" },
      { nope: 1 },
    ],
  );
  expect(code).toBe(0);
  expect(out).toHaveLength(4);
  expect(out[0].label).toBe(1);
  expect(out[0].scores.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 5);
  expect(out[1]).toEqual({ error: "not valid JSON" });
  expect(out[2].label).toBe(2);
  expect(out[3]).toEqual({ error: 'each line needs a "text" string' });
});

test("match: offsets into the NFC input, unaccented text and boundaries", async () => {
  const { out } = await run(
    ["match", "--keywords", "Vinamilk,sữa tươi,Viettel"],
    [{ text: "Mua sua tuoi Vinamilk ở đâu rẻ?" }, { text: "Nạp tiền qua Viettelpay" }],
  );
  expect(out[0].matches).toEqual(
    expect.arrayContaining([
      { keyword: "sữa tươi", start: 4, end: 12 },
      { keyword: "Vinamilk", start: 13, end: 21 },
    ]),
  );
  expect(out[1]).toEqual({ matches: [] });
});

test("province and noise", async () => {
  const province = await run(["province"], [{ text: "Sống tại Biên Hoà, Đồng Nai" }, { text: "Vinh dự được nhận giải" }]);
  expect(province.out).toEqual([{ province: "Đồng Nai" }, { province: null }]);
  const noise = await run(
    ["noise"],
    [
      { text: "MINIGAME tag 3 bạn bè, like + share để nhận quà! Inbox giá sỉ 0912.345.678" },
      { text: "Vinamilk công bố kết quả kinh doanh quý 3" },
    ],
  );
  expect(noise.out[0].score).toBeGreaterThanOrEqual(0.5);
  expect(noise.out[0].reasons).toContain("minigame");
  expect(noise.out[1].score).toBeLessThan(0.5);
});

test("segment: whole words as written, in order; brand names first; bad lines get an error", async () => {
  const { code, out } = await run(
    ["segment", "--keywords", "TH true MILK"],
    [
      { text: "Vinamilk bị tố bán sữa bột kém chất lượng, cơ quan chức năng vào cuộc" },
      { text: "Tẩy chay TH True Milk! Không thể chấp nhận phô mai hết hạn sử dụng ở Cần Thơ #tẩychay" },
      { text: "sua tuoi giao hang nhanh" },
      { nope: 1 },
    ],
  );
  expect(code).toBe(0);
  expect(out).toEqual([
    { words: ["Vinamilk", "bị", "tố", "bán", "sữa bột", "kém", "chất lượng", "cơ quan chức năng", "vào cuộc"] },
    { words: ["Tẩy chay", "TH True Milk", "Không thể", "chấp nhận", "phô mai", "hết", "hạn sử dụng", "ở", "Cần Thơ", "#tẩychay"] },
    { words: ["sua tuoi", "giao hang", "nhanh"] },
    { error: 'each line needs a "text" string' },
  ]);
});

test("match --query: an invalid query exits with status 2 and says where, reading no line", async () => {
  const result = await finish(runEntry("src/server/cli.ts", ["match", "--query", 'Vinamilk NEAR/5 "sữa'], {}), '{"text":"x"}\n');
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toBe("A quotation mark is not closed (at position 17)");
  expect(result.stdout).toBe("");
});
