import { LANGS, messages } from "../src/i18n/index.ts";

// Lists, per language, the keys that another language has and this one lacks or leaves empty.
const all = new Set(LANGS.flatMap((lang) => Object.keys(messages[lang])));
let missing = 0;
for (const lang of LANGS) {
  const file = messages[lang] as Record<string, string | undefined>;
  const gaps = [...all].filter((key) => !file[key]?.trim()).sort();
  missing += gaps.length;
  console.log(`${lang}: ${gaps.length === 0 ? "complete" : `${gaps.length} missing`}`);
  for (const key of gaps) console.log(`  ${key}`);
}
process.exitCode = missing === 0 ? 0 : 1;
