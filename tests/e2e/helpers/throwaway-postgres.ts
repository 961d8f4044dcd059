import pg from "pg";

/**
 * Throwaway databases on the PostgreSQL server CI provides (DATABASE_URL): each test file makes the ones it needs and
 * drops them all at the end, whatever the test did.
 */
export function throwawayPostgres(prefix: string) {
  const server = process.env.DATABASE_URL;
  const created: string[] = [];
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    /** A new empty database; its URL. */
    async create(): Promise<string> {
      if (!server) throw new Error("DATABASE_URL is not set");
      const name = `nghe_${prefix}_${process.pid}_${Date.now()}`;
      created.push(name);
      await admin((client) => client.query(`create database ${name}`));
      const url = new URL(server);
      url.pathname = `/${name}`;
      return url.toString();
    },
    /** Drops every database made here, even when processes still hold connections to it. */
    async dropAll(): Promise<void> {
      if (created.length === 0) return;
      await admin(async (client) => {
        for (const name of created.splice(0)) await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
