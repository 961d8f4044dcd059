import type { Type } from "arktype";

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  pattern?: string;
};

export type SchemaField = { schema: string; path: string[]; type: string | undefined };

const FALLBACK = {
  fallback: {
    predicate: (ctx: { base: object }) => ctx.base,
    morph: (ctx: { base: object }) => ctx.base,
    default: (ctx: { base: object }) => ctx.base,
  },
};

export const SAMPLE_NEW_PASSWORD = "MatKhau2027";

/** Valid-looking values by field name, so a mutation of one field is the only thing wrong with a body. */
const SAMPLES: Record<string, unknown> = {
  username: "nguyen_an999",
  password: "MatKhau2026",
  old_password: "MatKhau2026",
  new_password: SAMPLE_NEW_PASSWORD,
  phone: "0912345999",
  email: "an999@vinamilk.com.vn",
  otp: "123456",
  full_name: "Nguyễn Văn An",
  company: "Công ty Cổ phần Sữa Việt Nam",
  name: "Sữa tươi Vinamilk",
  keywords: ["Vinamilk", "sữa tươi"],
  url: "https://vnexpress.net/vinamilk-mo-rong-nha-may.html",
  published_at: "2026-11-20T07:15:00+07:00",
  content: "Vinamilk mở rộng nhà máy sữa tại Bình Dương",
  channel: 2,
};

export function jsonSchemaOf(schema: Type): JsonSchema {
  return schema.in.toJsonSchema(FALLBACK as never) as JsonSchema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return schema.type ?? (schema.enum ? typeof schema.enum[0] : schema.anyOf?.[0]?.type);
}

/** A value the schema accepts as far as its JSON form tells. */
export function sampleOf(schema: JsonSchema, name = "", ids: Record<string, number> = {}): unknown {
  if (name in ids) return ids[name];
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf[0], name, ids);
  switch (schema.type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, prop]) => [key, sampleOf(prop, key, ids)]));
    case "array":
      return schema.items ? [sampleOf(schema.items, name, ids)] : [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    default:
      return "Vinamilk";
  }
}

/** Every property of an object schema, nested ones included (array items are entered at index 0). */
export function fieldsOf(name: string, schema: JsonSchema, path: string[] = []): SchemaField[] {
  const fields: SchemaField[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const at = [...path, key];
    fields.push({ schema: name, path: at, type: typeOf(prop) });
    if (prop.type === "object") fields.push(...fieldsOf(name, prop, at));
    if (prop.type === "array" && prop.items?.type === "object") fields.push(...fieldsOf(name, prop.items, [...at, "0"]));
  }
  return fields;
}

/** A copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (container as Record<string, unknown>)[head] = withField((container as Record<string, unknown>)[head], rest, replacement);
  return container;
}
