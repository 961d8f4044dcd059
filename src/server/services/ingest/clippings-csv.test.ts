import { expect, test } from "vitest";
import { parseClippings, parseCsv } from "./clippings-csv.ts";

test("RFC 4180: quotes, doubled quotes, commas and line breaks inside fields, BOM, CRLF", () => {
  expect(parseCsv('\uFEFFa,b\r\n"x, ""y""","dòng 1\ndòng 2"\r\n')).toEqual([
    ["a", "b"],
    ['x, "y"', "dòng 1\ndòng 2"],
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
  const rows = parseClippings(csv);
  expect(rows).toHaveLength(4);
  const [first, second, third, fourth] = rows;
  if (!("document" in first) || !("document" in second)) throw new Error("valid rows were refused");
  expect(first.document).toMatchObject({ channel: 3, platform: "print", title: "Vinamilk mở rộng nhà máy", source: { name: "Tuổi Trẻ" } });
  expect(first.document.publishedAt.toISOString()).toBe("2026-11-19T23:30:00.000Z");
  expect(first.document.url).toMatch(/^urn:nghe:clipping:[0-9a-f]{40}$/);
  expect(second.document).toMatchObject({ channel: 4, metrics: { views: 12000 } });
  expect(third).toEqual({ line: 4, error: "channel must be paper or tv" });
  expect(fourth).toEqual({ line: 5, error: "published_at is not a date" });
  expect(parseClippings("title,content\na,b")).toEqual([{ line: 1, error: "missing columns: channel, published_at, source_name" }]);
});

test("rows the ingest API would refuse are reported by line: control characters, unreal dates, non-web links, counts out of range", () => {
  const csv = [
    "channel,published_at,source_name,title,content,url,views",
    "paper,2026-11-20 06:30,Tuổi Trẻ,Tiêu đề\u0000,Nội dung,,",
    "paper,2026-02-30 06:30,Tuổi Trẻ,x,y,,",
    "tv,0000-00-00 00:00,VTV1,x,y,,",
    "tv,2026-11-20 19:00,VTV1,x,y,javascript:alert(1),",
    "tv,2026-11-20 19:00,VTV1,x,y,,1e308",
    "tv,2026-11-20 19:00,VTV1,Bản tin,Trung Nguyên ☕,https://vtv.vn/ban-tin.htm,12000",
  ].join("\n");
  const rows = parseClippings(csv);
  expect(rows.slice(0, 5)).toEqual([
    { line: 2, error: "title holds a control character or an unpaired surrogate" },
    { line: 3, error: "published_at is not a date" },
    { line: 4, error: "published_at is not a date" },
    { line: 5, error: "url must be an http or https link" },
    { line: 6, error: "views must be a whole number from 0 to 1000000000000" },
  ]);
  expect(rows[5]).toMatchObject({ line: 7, document: { url: "https://vtv.vn/ban-tin.htm", metrics: { views: 12000 } } });
});
