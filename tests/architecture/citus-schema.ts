import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema.ts";
import { ROOT } from "./import-graph.ts";

/**
 * The Citus rules of docs/scale.md as plain functions over a snapshot of the catalog and over the services' source:
 * citus-rules.test.ts feeds them the migrated schema and its classification; its self-checks feed them altered copies.
 */

/** Where a table lives once the database is a Citus cluster distributed by project_id (docs/scale.md). */
export type Placement =
  /** Sharded by project_id, co-located with mentions: grows with the mentions. */
  | { group: "distributed"; why: string }
  /** One copy on every node: small, read next to every shard. */
  | { group: "reference"; why: string }
  /** The document pool, sharded apart by its own column `by`: not co-located with any project. */
  | { group: "pool"; by: string; why: string }
  /** Stays on the coordinator only (a Citus local table): queues, sessions, operations. */
  | { group: "local"; why: string };

export const DISTRIBUTION_COLUMN = "project_id";

export type Schema = {
  tables: { name: string; columns: { name: string; notNull: boolean }[] }[];
  /** Primary keys, unique indexes (partial and expression ones too) and exclusion constraints. */
  uniques: { table: string; name: string; primary: boolean; columns: (string | null)[]; definition: string }[];
  foreignKeys: { table: string; name: string; columns: string[]; refTable: string; refColumns: string[]; definition: string }[];
  triggers: { table: string; name: string }[];
};

/** One broken rule: a stable key (what the known lists name) and a sentence for the failure message. */
export type Finding = { key: string; message: string };

/** Every ordinary table outside the system schemas (partitions are their parent's business), read from the catalog. */
export async function readSchema(db: Kysely<Database>): Promise<Schema> {
  const tables = (
    await sql<{ oid: number; schema: string; name: string }>`
      select c.oid::int as oid, n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname <> 'information_schema' and n.nspname not like 'pg\_%'`.execute(db)
  ).rows;
  const names = new Map(tables.map((t) => [t.oid, t.schema === "public" ? t.name : `${t.schema}.${t.name}`]));
  const columns = (
    await sql<{ oid: number; num: number; name: string; not_null: boolean }>`
      select a.attrelid::int as oid, a.attnum::int as num, a.attname as name, a.attnotnull as not_null
      from pg_attribute a where a.attnum > 0 and not a.attisdropped`.execute(db)
  ).rows.filter((c) => names.has(c.oid));
  const column = (oid: number, num: number) => columns.find((c) => c.oid === oid && c.num === num)?.name ?? null;

  const indexes = (
    await sql<{ oid: number; name: string; primary: boolean; keys: string; key_count: number; definition: string }>`
      select i.indrelid::int as oid, ic.relname as name, i.indisprimary as primary, i.indkey::text as keys,
        i.indnkeyatts::int as key_count, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class ic on ic.oid = i.indexrelid
      where i.indisunique or i.indisexclusion`.execute(db)
  ).rows.filter((i) => names.has(i.oid));
  const foreignKeys = (
    await sql<{ oid: number; name: string; ref_oid: number; cols: number[]; ref_cols: number[]; definition: string }>`
      select conrelid::int as oid, conname as name, confrelid::int as ref_oid, conkey::int[] as cols, confkey::int[] as ref_cols,
        pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f'`.execute(db)
  ).rows.filter((f) => names.has(f.oid));
  const triggers = (
    await sql<{ oid: number; name: string }>`select tgrelid::int as oid, tgname as name from pg_trigger where not tgisinternal`.execute(db)
  ).rows.filter((t) => names.has(t.oid));

  return {
    tables: tables.map((t) => ({
      name: names.get(t.oid)!,
      columns: columns.filter((c) => c.oid === t.oid).map((c) => ({ name: c.name, notNull: c.not_null })),
    })),
    // Only the key columns make an index unique (INCLUDE columns do not); 0 is an expression.
    uniques: indexes.map((i) => ({
      table: names.get(i.oid)!,
      name: i.name,
      primary: i.primary,
      columns: i.keys
        .split(" ")
        .slice(0, i.key_count)
        .map((num) => (num === "0" ? null : column(i.oid, Number(num)))),
      definition: i.definition,
    })),
    foreignKeys: foreignKeys.map((f) => ({
      table: names.get(f.oid)!,
      name: f.name,
      columns: f.cols.map((num) => column(f.oid, num) ?? "?"),
      refTable: names.get(f.ref_oid) ?? `oid ${f.ref_oid}`,
      refColumns: f.ref_cols.map((num) => column(f.ref_oid, num) ?? "?"),
      definition: f.definition,
    })),
    triggers: triggers.map((t) => ({ table: names.get(t.oid)!, name: t.name })),
  };
}

/** Tables of the schema without a placement, and placements naming no table of the schema. */
export function classificationGaps(schema: Schema, placement: Record<string, Placement>) {
  const present = new Set(schema.tables.map((t) => t.name));
  return {
    unclassified: [...present].filter((name) => !placement[name]).sort(),
    stale: Object.keys(placement)
      .filter((name) => !present.has(name))
      .sort(),
  };
}

/** The column a table is sharded by, or null for reference and local tables. */
function shardColumn(place: Placement | undefined): string | null {
  if (place?.group === "distributed") return DISTRIBUTION_COLUMN;
  if (place?.group === "pool") return place.by;
  return null;
}

/**
 * The schema rules Citus enforces when tables are distributed (create_distributed_table refuses them otherwise):
 * - a sharded table has its shard column, not null (a row without it has no shard);
 * - its primary key, unique indexes and exclusion constraints have the shard column among their key columns, as a
 *   plain column (uniqueness is checked inside one shard only);
 * - foreign keys: anything may reference a reference table; a distributed table may reference another distributed
 *   table only through project_id on both sides (co-located shards), a pool table another pool table only through
 *   their shard columns; reference tables reference only reference tables; local tables reference local or reference
 *   tables. Everything else (distributed → pool or local, reference → distributed, ...) cannot exist in Citus;
 * - triggers on sharded or reference tables run on the shards, only under citus.enable_unsafe_triggers: listed.
 * Tables without a placement are skipped here (classificationGaps reports them).
 */
export function schemaFindings(schema: Schema, placement: Record<string, Placement>): Finding[] {
  const findings: Finding[] = [];
  for (const table of schema.tables) {
    const by = shardColumn(placement[table.name]);
    if (by && !table.columns.some((c) => c.name === by && c.notNull)) {
      findings.push({
        key: `${table.name}: column ${by}`,
        message: `${table.name} is sharded by ${by} but has no not-null ${by} column`,
      });
    }
  }
  for (const unique of schema.uniques) {
    const by = shardColumn(placement[unique.table]);
    if (by && !unique.columns.includes(by)) {
      const kind = unique.primary ? "primary key" : "unique index";
      findings.push({
        key: `${unique.table}: ${kind} ${unique.name}`,
        message: `${unique.table}: the ${kind} ${unique.name} (${unique.columns.map((c) => c ?? "expression").join(", ")}) lacks ${by}: ${unique.definition}`,
      });
    }
  }
  for (const fk of schema.foreignKeys) {
    const problem = foreignKeyProblem(fk, placement);
    if (problem) {
      findings.push({
        key: `${fk.table}: foreign key ${fk.name}`,
        message: `${fk.table}(${fk.columns.join(", ")}) → ${fk.refTable}(${fk.refColumns.join(", ")}): ${problem} [${fk.definition}]`,
      });
    }
  }
  for (const trigger of schema.triggers) {
    const group = placement[trigger.table]?.group;
    if (group && group !== "local") {
      findings.push({
        key: `${trigger.table}: trigger ${trigger.name}`,
        message: `${trigger.table} (${group}) has the trigger ${trigger.name}: triggers on Citus tables run per shard and need citus.enable_unsafe_triggers`,
      });
    }
  }
  return findings;
}

function foreignKeyProblem(fk: Schema["foreignKeys"][number], placement: Record<string, Placement>): string | null {
  const from = placement[fk.table];
  const to = placement[fk.refTable];
  if (!from || !to) return null;
  if (to.group === "reference") return null;
  const through = (a: string, b: string) => fk.columns.some((column, i) => column === a && fk.refColumns[i] === b);
  switch (from.group) {
    case "distributed":
      if (to.group !== "distributed") return `a distributed table may reference reference tables only, not a ${to.group} table`;
      return through(DISTRIBUTION_COLUMN, DISTRIBUTION_COLUMN)
        ? null
        : `between distributed tables the key must pair ${DISTRIBUTION_COLUMN} with ${DISTRIBUTION_COLUMN}`;
    case "pool":
      if (to.group !== "pool") return `a pool table may reference reference tables only, not a ${to.group} table`;
      return through(from.by, to.by) ? null : `between pool tables the key must pair their shard columns (${from.by} → ${to.by})`;
    case "reference":
      return `a reference table may reference reference tables only, not a ${to.group} table`;
    case "local":
      return to.group === "local" ? null : `a local table may reference local or reference tables only, not a ${to.group} table`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Joins in the services' code.
//
// What this sees: the equality predicates that link two tables, in
//   - Kysely joins: .innerJoin/.leftJoin/.rightJoin/.fullJoin("table as t", "t.a", "u.b") and the callback form with
//     j.onRef("t.a", "=", "u.b") (every onRef of the call is one join condition);
//   - Kysely .whereRef("t.a", "=", "u.b") (correlated subqueries, DELETE … USING), grouped by query chain;
//   - raw SQL inside sql`…`: the `alias.column = alias.column` terms of an ON or WHERE clause.
// Aliases are resolved to tables by the nearest definition before the use in the same file ("mentions as m" in a
// Kysely call, `from mentions m` / `join mentions m` in raw SQL; a table's own name always works).
// What it cannot see: joins whose condition is built elsewhere or interpolated (${…} fragments), conditions written
// with `.on(...)`, sql`` or eb callbacks, aliases of subqueries, VALUES lists and unnest() (skipped: they are not
// tables), IN (subquery) filters, and whether the project_id equality it finds is the one that binds the two tables
// in the executed SQL. The layer test keeps SQL inside services/ and db/, so every query's text is in these files.
// ---------------------------------------------------------------------------------------------------------------

export type SourceText = { path: string; text: string };

/** Every non-test TypeScript file under src/server/services. */
export function serviceSources(): SourceText[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
    });
  return walk(join(ROOT, "src/server/services")).map((file) => ({ path: relative(ROOT, file), text: readFileSync(file, "utf8") }));
}

type Ref = { alias: string; column: string };
type Site = { line: number; predicates: [Ref, Ref][] };

const IDENT = "[a-z_][a-z0-9_]*";
const REF = new RegExp(`^(${IDENT})\\.(${IDENT})$`, "i");
const SQL_WORDS = new Set(
  "where on join left right inner full cross natural using set group order limit offset returning values select as and or not union lateral having window for".split(
    " ",
  ),
);

function ref(text: string): Ref | null {
  const match = REF.exec(text.trim());
  return match ? { alias: match[1], column: match[2] } : null;
}

/** The text of a call's arguments, from the position just after its opening parenthesis to the matching one. */
function callArguments(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** Block comments and whole-line comments blanked out (same length, so positions and line numbers hold). */
function withoutComments(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/^[ \t]*\/\/.*$/gm, blank);
}

function joinSites(rawText: string, tables: Set<string>) {
  const text = withoutComments(rawText);
  const lineAt = (pos: number) => text.slice(0, pos).split("\n").length;
  const definitions: { pos: number; alias: string; table: string }[] = [];
  const define = (pos: number, table: string, alias: string | undefined) => {
    if (!tables.has(table)) return;
    definitions.push({ pos, table, alias: alias && !SQL_WORDS.has(alias.toLowerCase()) ? alias : table });
  };
  const kyselyTable = new RegExp(
    `\\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|updateTable|deleteFrom|insertInto|mergeInto|using)\\(\\s*"(${IDENT})(?:\\s+as\\s+(${IDENT}))?"`,
    "g",
  );
  for (const m of text.matchAll(kyselyTable)) define(m.index, m[1], m[2]);
  const rawTable = new RegExp(`\\b(?:from|join|update|using|into)\\s+(${IDENT})(?:\\s+(?:as\\s+)?(${IDENT}))?`, "gi");
  for (const m of text.matchAll(rawTable)) define(m.index, m[1], m[2]);
  const resolve = (alias: string, pos: number): string | null => {
    const defined = definitions.filter((d) => d.alias === alias && d.pos <= pos).at(-1);
    return defined?.table ?? (tables.has(alias) ? alias : null);
  };

  const sites: (Site & { pos: number })[] = [];
  // Kysely joins: one site per call.
  for (const m of text.matchAll(/\.(innerJoin|leftJoin|rightJoin|fullJoin)\(/g)) {
    const pos = m.index;
    const args = callArguments(text, pos + m[0].length);
    const strings = [...args.matchAll(/"([^"]*)"/g)].map((s) => s[1]);
    const predicates: [Ref, Ref][] = [];
    const threeArguments = /^\s*"[^"]*"\s*,\s*"([^"]+)"\s*,\s*"([^"]+)"\s*$/.exec(args);
    if (threeArguments) {
      const [a, b] = [ref(threeArguments[1]), ref(threeArguments[2])];
      if (a && b) predicates.push([a, b]);
    }
    for (const on of args.matchAll(/onRef\(\s*"([^"]+)"\s*,\s*"="\s*,\s*"([^"]+)"\s*\)/g)) {
      const [a, b] = [ref(on[1]), ref(on[2])];
      if (a && b) predicates.push([a, b]);
    }
    // Resolved after the call, so that the joined table's own alias counts.
    if (strings.length > 0) sites.push({ pos: pos + m[0].length + args.length, line: lineAt(pos), predicates });
  }
  // Kysely whereRef: grouped by the query chain they follow (the nearest selectFrom/deleteFrom/updateTable before).
  const chainStarts = [...text.matchAll(/\b(?:selectFrom|deleteFrom|updateTable)\(/g)].map((m) => m.index);
  const byChain = new Map<number, Site & { pos: number }>();
  for (const m of text.matchAll(/\.whereRef\(\s*"([^"]+)"\s*,\s*"="\s*,\s*"([^"]+)"\s*\)/g)) {
    const [a, b] = [ref(m[1]), ref(m[2])];
    if (!a || !b) continue;
    const chain = chainStarts.filter((start) => start < m.index).at(-1) ?? 0;
    const site = byChain.get(chain) ?? { pos: m.index, line: lineAt(m.index), predicates: [] };
    site.predicates.push([a, b]);
    byChain.set(chain, site);
  }
  sites.push(...byChain.values());
  // Raw SQL: each ON or WHERE clause up to the next clause keyword, a closing parenthesis or the template's end.
  const clause =
    /\b(?:on|where)\s+([\s\S]*?)(?=\b(?:join|where|group|order|limit|returning|union|select|from|set|on|left|inner|cross)\b|[)`;]|$)/gi;
  const equality = new RegExp(`\\b(${IDENT}\\.${IDENT})\\s*=\\s*(${IDENT}\\.${IDENT})\\b`, "gi");
  for (const m of text.matchAll(clause)) {
    const predicates: [Ref, Ref][] = [];
    for (const e of m[1].matchAll(equality)) {
      const [a, b] = [ref(e[1]), ref(e[2])];
      if (a && b) predicates.push([a, b]);
    }
    if (predicates.length > 0) sites.push({ pos: m.index, line: lineAt(m.index), predicates });
  }

  return sites.map((site) => ({
    line: site.line,
    links: site.predicates
      .map(([a, b]) => ({ a, b, tableA: resolve(a.alias, site.pos), tableB: resolve(b.alias, site.pos) }))
      .filter((l) => l.a.alias !== l.b.alias),
    predicates: site.predicates,
  }));
}

/**
 * Joins of the services' code, judged by the placement of the two tables they link:
 * - `violations`: two distributed tables linked without project_id = project_id in the same join (Citus cannot run
 *   it on one shard, and refuses it or repartitions both tables);
 * - `crossGroup`: a distributed table linked with a pool or local table, or two pool tables linked off their shard
 *   column: not co-located, so each needs a rewrite before the move (docs/scale.md). Joins with a reference table, and
 *   between local tables, are fine.
 * Keys are "file: table ⋈ table" (names sorted), one per file and pair, so moving code inside a file changes nothing.
 */
export function joinFindings(sources: SourceText[], placement: Record<string, Placement>) {
  const tables = new Set(Object.keys(placement));
  const violations = new Map<string, Finding>();
  const crossGroup = new Map<string, Finding>();
  for (const source of sources) {
    for (const site of joinSites(source.text, tables)) {
      for (const link of site.links) {
        if (!link.tableA || !link.tableB || link.tableA === link.tableB) continue;
        const [a, b] = [placement[link.tableA], placement[link.tableB]];
        if (a.group === "reference" || b.group === "reference") continue;
        if (a.group === "local" && b.group === "local") continue;
        const pair = [link.tableA, link.tableB].sort().join(" ⋈ ");
        const key = `${source.path}: ${pair}`;
        const where = `${source.path}:${site.line}`;
        if (a.group === "distributed" && b.group === "distributed") {
          const onProject = site.predicates.some(
            ([x, y]) =>
              x.column === DISTRIBUTION_COLUMN &&
              y.column === DISTRIBUTION_COLUMN &&
              new Set([x.alias, y.alias]).has(link.a.alias) &&
              new Set([x.alias, y.alias]).has(link.b.alias),
          );
          if (!onProject) {
            violations.set(key, {
              key,
              message: `${where} joins ${pair} on ${link.a.alias}.${link.a.column} = ${link.b.alias}.${link.b.column} without ${link.a.alias}.project_id = ${link.b.alias}.project_id`,
            });
          }
          continue;
        }
        if (a.group === "pool" && b.group === "pool" && link.a.column === a.by && link.b.column === b.by) continue;
        crossGroup.set(key, {
          key,
          message: `${where} joins ${pair} (${a.group} with ${b.group}) on ${link.a.alias}.${link.a.column} = ${link.b.alias}.${link.b.column}`,
        });
      }
    }
  }
  return { violations: [...violations.values()], crossGroup: [...crossGroup.values()] };
}

/** Found keys against the listed ones: what is new (fails: fix it or list it) and what is listed but gone (fails: unlist it). */
export function compareWithKnown(found: Finding[], known: Record<string, string>) {
  const foundKeys = new Set(found.map((f) => f.key));
  return {
    added: found.filter((f) => !(f.key in known)).map((f) => f.message),
    gone: Object.keys(known).filter((key) => !foundKeys.has(key)),
  };
}
