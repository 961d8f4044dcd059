import { sql } from "kysely";

type Scalar = number | Date | boolean | string | null;

/**
 * A column as one array literal parameter, for `unnest(…::bigint[])` and the like: node-postgres would quote and escape
 * every element of a JS array, and a VALUES list costs a parameter per value to compile, send, parse and plan.
 */
export const arrayParam = (values: Scalar[]) => sql.val(arrayLiteral(values));

/** The text of an array literal. */
const arrayLiteral = (values: readonly Scalar[]) => `{${values.map(element).join(",")}}`;

const NEEDS_ESCAPE = /[\\"]/;

function element(value: Scalar): string {
  switch (typeof value) {
    case "number":
      return `${value}`;
    case "string":
      return NEEDS_ESCAPE.test(value) ? `"${value.replace(/[\\"]/g, "\\$&")}"` : `"${value}"`;
    case "boolean":
      return value ? "t" : "f";
    default:
      return value === null ? "NULL" : value.toISOString();
  }
}

/**
 * Rows as `insert into t (columns) select (values) from (source)`, one array parameter per column, in the order and with
 * the SQL types of `types` (a missing value is null). A column of arrays travels as the text of each row's literal (a
 * row may give that text itself), cast back in `values`: unnest would flatten a two-dimensional array.
 */
export function unnestRows<Row extends object>(rows: readonly Row[], types: { readonly [K in keyof Row & string]?: string }) {
  const names = Object.keys(types) as (keyof Row & string)[];
  const sources = names.map((name) => {
    const type = types[name]!;
    const of = (row: Row) => (row[name] ?? null) as Scalar | readonly Scalar[];
    if (!type.endsWith("[]")) return sql`${arrayParam(rows.map((row) => of(row) as Scalar))}::${sql.raw(type)}[]`;
    return sql`${arrayParam(rows.map((row) => literalOf(of(row) as string | readonly Scalar[] | null)))}::text[]`;
  });
  return {
    columns: sql.join(names.map((name) => sql.id(name))),
    values: sql.join(
      names.map((name) => (types[name]!.endsWith("[]") ? sql`v.${sql.id(name)}::${sql.raw(types[name]!)}` : sql`v.${sql.id(name)}`)),
    ),
    source: sql`unnest(${sql.join(sources)}) as v (${sql.join(names.map((name) => sql.id(name)))})`,
  };
}

const literalOf = (values: string | readonly Scalar[] | null) =>
  values === null || typeof values === "string" ? values : arrayLiteral(values);
