// @vitest-environment happy-dom
import { expect, test, vi } from "vitest";
import { reportServerFailure } from "./report-error.ts";

test("server failures are reported by path, at most five per page; other statuses are not", async () => {
  const fetch = vi.fn().mockResolvedValue(new Response("{}"));
  vi.stubGlobal("fetch", fetch);
  history.replaceState(null, "", "/overview?search=secret");

  reportServerFailure(404, "/api/project", "Không tìm thấy");
  expect(fetch).not.toHaveBeenCalled();

  reportServerFailure(502, `${location.origin}/api/project?keyword=vinamilk`, "Bad Gateway");
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  expect(url).toBe("/api/client-errors");
  expect(JSON.parse(init.body as string)).toEqual({ status: 502, url: "/api/project", message: "Bad Gateway", page: "/overview" });

  for (let i = 0; i < 10; i += 1) reportServerFailure(500, "/api/user/show", "Lỗi máy chủ");
  expect(fetch).toHaveBeenCalledTimes(5);
  vi.unstubAllGlobals();
});
