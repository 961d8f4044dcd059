import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";

const THREAD_FILE = new URL("./pglite-thread.ts", import.meta.url);

/** PGlite running in a worker thread, reached by node-postgres through `socket()` as if it were a server. */
export type PgliteThread = { socket: () => Duplex; close: () => Promise<void> };

export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteThread> {
  const worker = new Worker(THREAD_FILE, { workerData: { dataDir }, execArgv: ["--import", "tsx"] });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (m) => (m === "ready" ? resolve() : reject(new Error(`unexpected ${m}`))));
  });
  let current: PgliteDuplex | null = null;
  worker.on("message", (reply: Uint8Array | "closed") => {
    // A Terminate gets an empty reply, possibly after the pool has opened the next connection.
    if (reply !== "closed" && reply.byteLength > 0) current?.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
  });
  // A query waiting on a thread that died fails instead of hanging.
  worker.on("error", (error) => current?.destroy(error));
  worker.on("exit", (code) => current?.destroy(new Error(`the database thread stopped (exit code ${code})`)));
  return {
    socket: () => {
      current = new PgliteDuplex(worker);
      return current;
    },
    close: async () => {
      const closed = new Promise((resolve) => worker.once("message", resolve));
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}

/** What node-postgres needs of a socket: connect, write (posted to the thread), data (its replies), end. */
class PgliteDuplex extends Duplex {
  constructor(private readonly worker: Worker) {
    super();
  }

  connect(): this {
    process.nextTick(() => this.emit("connect"));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.worker.postMessage(new Uint8Array(chunk));
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.worker.postMessage(new Uint8Array(Buffer.concat(chunks.map((c) => c.chunk))));
    done();
  }

  override _read(): void {}

  override _final(done: () => void): void {
    this.push(null);
    done();
  }
}
