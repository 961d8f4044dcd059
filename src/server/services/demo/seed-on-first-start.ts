import type { Deps } from "../../deps.ts";
import { seedDemo } from "./seed-demo.ts";

/** A fresh embedded database gets the demo account, so `npm start` shows a working dashboard at once. */
export async function seedOnFirstStart(deps: Deps, count: number): Promise<void> {
  const anyone = await deps.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyone) return;
  deps.log.info(`Empty database: creating the demo account with ${count} generated documents…`);
  const result = await seedDemo(deps, {
    count,
    onProgress: (done, total) => done % 5000 === 0 && deps.log.info(`  demo data: ${done}/${total}`),
  });
  if (result.created) deps.log.info(`Demo account ready — username: ${result.username}  password: ${result.password}`);
}
