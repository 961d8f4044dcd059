import { expect, test } from "vitest";
import { parseClippings, parseCsv } from "./clippings-csv.ts";

const NOW = new Date("2026-11-21T03:00:00Z");

test("RFC 4180: quotes, doubled quotes, commas and line breaks inside fields, BOM, CRLF; records numbered by their first line", () => {
  expect(parseCsv('\uFEFFa,b\r\n"x, ""y""","dòng 1\ndòng 2"\r\n\r\nz,""\r\n')).toEqual([
    { line: 1, cells: ["a", "b"] },
    { line: 2, cells: ['x, "y"', "dòng 1\ndòng 2"] },
    { line: 5, cells: ["z", ""] },
  ]);
});

test("broken quoting is reported on its own line; the lines after it are read as usual", () => {
  expect(parseCsv('a,b\nx "y",z\n"x"y,z\nok,"fine"\n"never closed,z\nlost,line')).toEqual([
    { line: 1, cells: ["a", "b"] },
    { line: 2, error: expect.stringContaining("quote inside an unquoted field") },
    { line: 3, error: expect.stringContaining("closing quote must be followed by a comma") },
    { line: 4, cells: ["ok", "fine"] },
    { line: 5, error: expect.stringContaining("never closed") },
  ]);
});

test("clippings become print and TV documents; bad rows are reported by line", () => {
  const csv = [
    "channel,published_at,source_name,title,content,views",
    'paper,2026-11-20 06:30,Tuổi Trẻ,"Vinamilk mở rộng nhà máy","Vinamilk vừa khởi công nhà máy sữa tại Bình Định, công suất 400 triệu lít/năm.",',
    "tv,2026-11-20T19:00:00+07:00,VTV1,Bản tin Tài chính,Highlands Coffee khai trương cửa hàng thứ 900,12000",
    "radio,2026-11-20 06:30,VOV,x,y,",
    "paper,hôm qua,Thanh Niên,x,y,",
  ].join("\n");
  const rows = parseClippings(csv, NOW);
  expect(rows).toHaveLength(4);
  const [first, second, third, fourth] = rows;
  if (!("document" in first) || !("document" in second)) throw new Error("valid rows were refused");
  expect(first.document).toMatchObject({ channel: 3, platform: "print", title: "Vinamilk mở rộng nhà máy", source: { name: "Tuổi Trẻ" } });
  expect(first.document.publishedAt.toISOString()).toBe("2026-11-19T23:30:00.000Z");
  expect(first.document.url).toMatch(/^urn:nghe:clipping:[0-9a-f]{40}$/);
  expect(second.document).toMatchObject({ channel: 4, metrics: { views: 12000 } });
  expect(third).toEqual({ line: 4, error: "channel must be paper or tv" });
  expect(fourth).toMatchObject({ line: 5, error: expect.stringMatching(/^published_at must be .*\(was "hôm qua"\)$/) });
  expect(parseClippings("title,content\na,b", NOW)).toEqual([{ line: 1, error: "missing columns: channel, published_at, source_name" }]);
});

test("rows the ingest API would refuse are reported by line, with the API's own reasons", () => {
  const csv = [
    "channel,published_at,source_name,title,content,url,views",
    "paper,2026-11-20 06:30,Tuổi Trẻ,Tiêu đề\u0000,Nội dung,,",
    "paper,2026-02-30 06:30,Tuổi Trẻ,x,y,,",
    "tv,0000-00-00 00:00,VTV1,x,y,,",
    "tv,2026-11-20 19:00,VTV1,x,y,javascript:alert(1),",
    "tv,2026-11-20 19:00,VTV1,x,y,,1e308",
    `paper,2026-11-20 06:30,Tuổi Trẻ,x,${"y".repeat(20_001)},,`,
    "paper,2026-11-22 12:00,Tuổi Trẻ,x,y,,",
    "paper,2026-11-20T06:30:00,Tuổi Trẻ,x,y,,",
    "paper,2026-11-20 06:30,,x,y,,",
    "tv,2026-11-20 19:00,VTV1,Bản tin,Trung Nguyên ☕,https://vtv.vn/ban-tin.htm,12000",
  ].join("\n");
  const rows = parseClippings(csv, NOW);
  const reasons = rows.slice(0, 9).map((row) => ("error" in row ? `${row.line} ${row.error}` : `${row.line} stored`));
  expect(reasons).toEqual([
    expect.stringMatching(/^2 title must be text without NUL/),
    expect.stringMatching(/^3 published_at must be a real date/),
    expect.stringMatching(/^4 published_at must be/),
    expect.stringMatching(/^5 url must be an http or https link/),
    expect.stringMatching(/^6 metrics\.views must be at most 1000000000000/),
    expect.stringMatching(/^7 content must be .*20000/),
    expect.stringMatching(/^8 published_at must be at most a day from now/),
    expect.stringMatching(/^9 published_at must be a date and time with its zone/),
    expect.stringMatching(/^10 source\.name must be non-empty/),
  ]);
  expect(rows[9]).toMatchObject({ line: 11, document: { url: "https://vtv.vn/ban-tin.htm", metrics: { views: 12000 } } });
});
