import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { openToken, sealToken } from "./token-cipher.ts";

const token = "EAAGm0PX4ZCpsBAKhoaTrangSuaViet2026";

test("a sealed token opens with the key that sealed it and holds nothing of the token in clear", () => {
  const keys = [randomBytes(32)];
  const sealed = sealToken(keys, token);
  expect(sealed.value).not.toContain(token);
  expect(Buffer.from(sealed.value, "base64").toString("latin1")).not.toContain(token);
  expect(openToken(keys, sealed)).toBe(token);
  expect(sealToken(keys, token).value).not.toBe(sealed.value);
});

test("rotation: the new key seals, the old one still opens what it sealed, a retired or wrong key does not", () => {
  const [old, next] = [randomBytes(32), randomBytes(32)];
  const before = sealToken([old], token);
  const rotated = [next, old];
  expect(openToken(rotated, before)).toBe(token);
  expect(sealToken(rotated, token).keyId).not.toBe(before.keyId);
  expect(() => openToken([next], before)).toThrow(/no longer configured/);
  expect(() => openToken([old], { ...before, value: sealToken([next], token).value })).toThrow();
});
