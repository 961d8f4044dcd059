import { type } from "arktype";
import { Hono } from "hono";
import { expect, test } from "vitest";
import type { AppEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { handleError } from "./middleware/errors.ts";
import { language } from "./middleware/language.ts";
import { validateJson } from "./validate.ts";

const Body = type({
  name: type(/^[\p{L}\d -]{1,30}$/u).configure({ message: "validation.format" }),
  phone: "string",
  keywords: type("string[]").atLeastLength(1).configure({ message: "validation.keywords_min" }),
});

const app = new Hono<AppEnv>()
  .use(language)
  .onError(handleError)
  .post("/thing", validateJson(Body), (c) => ok(c, c.req.valid("json")));

const post = (body: string, lang = "vi") =>
  app.request("/thing", { method: "POST", body, headers: { "content-type": "application/json", "accept-language": lang } });

test("valid input reaches the handler", async () => {
  const res = await post(JSON.stringify({ name: "Sữa tươi", phone: "0912345678", keywords: ["vinamilk"] }));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ code: 200, data: { name: "Sữa tươi", phone: "0912345678", keywords: ["vinamilk"] }, errors: {} });
});

test("invalid fields give 422 with the spec's messages per field", async () => {
  const res = await post(JSON.stringify({ name: "Sữa!!", keywords: [] }));
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.code).toBe(422);
  expect(body.errors).toEqual({
    name: ["Sai định dạng"],
    phone: ["Số điện thoại là bắt buộc"],
    keywords: ["Ít nhất 1 từ khóa"],
  });
  expect(body.data.message).toBe(Object.values(body.errors as Record<string, string[]>)[0][0]);
});

test("messages follow Accept-Language", async () => {
  const body = await (await post(JSON.stringify({ name: "ok", keywords: ["a"] }), "en-US,en;q=0.9")).json();
  expect(body.errors).toEqual({ phone: ["Phone number is required"] });
});

test("malformed JSON is a 422 envelope, not a crash", async () => {
  const res = await post("{not json");
  expect(res.status).toBe(422);
  expect((await res.json()).errors).toEqual({ body: ["Dữ liệu gửi lên không phải JSON hợp lệ"] });
});
