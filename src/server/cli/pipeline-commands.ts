import { findUserByUsername } from "../services/users/index.ts";
import { seedDemo } from "../services/demo/index.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/api-keys/index.ts";
import { inBatches, ingestBatches } from "../services/ingest/index.ts";
import { parseClippings } from "../services/imports/index.ts";
import { done, failed, type DbCommand } from "./command.ts";

export const seedDemoCommand: DbCommand = {
  name: "seed-demo",
  usage: "seed-demo — create the demo account with ~20,000 generated documents (once)",
  async run(deps) {
    const result = await seedDemo(deps);
    if (!result.created) return done("The demo account exists already.\n");
    return done(`Demo account: ${result.username} / ${result.password} (${result.documents} documents, ${result.mentions} mentions)\n`);
  },
};

const IMPORT_BATCH = 1000;

export const importCommand: DbCommand = {
  name: "import",
  usage:
    "import <file.csv> — print/TV clippings (columns: channel, published_at, source_name, title, content, url, author_name, views, external_id)",
  readsFile: true,
  async run(deps, _args, input, progress) {
    const rows = parseClippings(input, deps.now());
    const errors = rows.flatMap((r) => ("error" in r ? [`line ${r.line}: ${r.error}`] : []));
    const documents = rows.flatMap((r) => ("document" in r ? [r.document] : []));
    // One transaction per batch: an interrupted import keeps what it finished, and running it again adds only the rest.
    const result = await ingestBatches(deps, inBatches(documents, IMPORT_BATCH), {}, (_, i) =>
      progress?.(`imported ${Math.min((i + 1) * IMPORT_BATCH, documents.length)}/${documents.length}`),
    );
    const summary = `${JSON.stringify({ rows: rows.length, ...result, rejected: errors.length })}\n`;
    return { exitCode: errors.length > 0 && documents.length === 0 ? 1 : 0, stdout: summary, stderr: errors.map((e) => `${e}\n`).join("") };
  },
};

export const apiKeyCommand: DbCommand = {
  name: "apikey",
  usage:
    "apikey create <username> [label] (the account's own documents) | apikey create --pool [label] (public content for every project) | " +
    "apikey revoke <id> | apikey list",
  async run(deps, [sub, target, ...label]) {
    const now = deps.now();
    if (sub === "create" && target === "--pool") {
      const key = await createApiKey(deps.db, "pool", label.join(" ") || "pool crawler", now);
      return done(
        `${JSON.stringify(key)}\n(The key is shown only now; store it safely. Its documents go to the public pool, seen by every project.)\n`,
      );
    }
    if (sub === "create") {
      const user = target ? await findUserByUsername(deps.db, target) : undefined;
      if (!user) return failed(`No account with username "${target ?? ""}".\n`);
      const key = await createApiKey(deps.db, { accountId: user.id }, label.join(" ") || "ingest", now);
      return done(
        `${JSON.stringify(key)}\n(The key is shown only now; store it safely. Its documents are seen only by ${target}'s projects.)\n`,
      );
    }
    if (sub === "revoke") {
      if (!/^\d{1,15}$/.test(target ?? "")) return failed(`Usage: ${apiKeyCommand.usage}\n`, 2);
      return (await revokeApiKey(deps.db, Number(target), now)) ? done(`revoked ${target}\n`) : failed(`No live key with id ${target}.\n`);
    }
    if (sub === "list") {
      return done((await listApiKeys(deps.db)).map((row) => `${JSON.stringify(row)}\n`).join(""));
    }
    return failed(`Usage: ${apiKeyCommand.usage}\n`, 2);
  },
};
