import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

// The embedded database in a thread of its own (db/pglite-socket.ts): wire-protocol bytes in, the backend's bytes out,
// one request after another, so the process's main thread serves requests while a query runs.
const port = parentPort!;
const pglite = await PGlite.create(workerData.dataDir as string | undefined, { extensions: { pg_trgm, unaccent } });
let queue = Promise.resolve();
port.on("message", (message: Uint8Array | "close") => {
  queue = queue.then(async () => {
    if (message === "close") {
      await pglite.close();
      port.postMessage("closed");
      return;
    }
    const reply = await pglite.execProtocolRaw(message);
    port.postMessage(reply, [reply.buffer as ArrayBuffer]);
  });
});
port.postMessage("ready");
