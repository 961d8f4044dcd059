import { type } from "arktype";
import { expect, test } from "vitest";
import { email } from "./fields.ts";

const accepts = (text: string) => !(email(text) instanceof type.errors);

test("real Vietnamese company addresses are e-mail addresses", () => {
  for (const address of [
    "lienhe@vinamilk.com.vn",
    "nguyen.van.an@viettel.com.vn",
    "an_nguyen+bao-cao@vng.com.vn",
    "HR@VIETCOMBANK.COM.VN",
    "cskh@fpt.com.vn",
    "hotro@tiki.vn",
    "o'brien@thegioididong.com",
    "info@sua-moc-chau.vn",
    "  lienhe@vinamilk.com.vn  ",
  ]) {
    expect(accepts(address), address).toBe(true);
  }
});

test("anything a mail header would read as another address, a list or a display name is refused", () => {
  for (const attack of [
    "a,b@example.vn",
    "an@vinamilk.com.vn,evil@example.vn",
    "an@vinamilk.com.vn;evil@example.vn",
    "x<evil@example.vn>",
    "x <evil@example.vn>",
    "<evil@example.vn>",
    '"Giám đốc" <evil@example.vn>',
    '"a@b"@example.vn',
    '"an"@vinamilk.com.vn',
    "a@b@example.vn",
    "(ghi chú)an@vinamilk.com.vn",
    "an@vinamilk.com.vn (ghi chú)",
    "an@vinamilk.com.vn\nBcc: evil@example.vn",
    "an@[127.0.0.1]",
    "an:evil@example.vn",
    "nhóm: an@vinamilk.com.vn;",
    "an\\@x@example.vn",
    ".an@vinamilk.com.vn",
    "an.@vinamilk.com.vn",
    "an..nguyen@vinamilk.com.vn",
    "an@-vinamilk.com.vn",
    "an@vinamilk..com.vn",
    "an@vinamilk.com.vn.",
    "nguyễn@vinamilk.com.vn",
    "an@vinamilk",
  ]) {
    expect(accepts(attack), attack).toBe(false);
  }
});
