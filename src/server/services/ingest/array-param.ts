import { sql } from "kysely";

/**
 * A column of numbers or times as one array literal parameter, for `unnest(…::bigint[])` and the like: node-postgres
 * would quote and escape every element of a JS array, which costs more than the statement on a batch's big columns.
 */
export const arrayParam = (values: (number | Date | null)[]) =>
  sql.val(
    `{${values.map((value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : value.toISOString())).join(",")}}`,
  );
