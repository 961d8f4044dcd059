import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import { TSX_EXEC_ARGV } from "../worker-threads.ts";

const THREAD_FILE = new URL("./pglite-thread.ts", import.meta.url);

/** The role and database node-postgres logs in as: PGlite's only ones (another name ends the thread's backend). */
export const PGLITE_LOGIN = { user: "postgres", database: "postgres" } as const;

/** PGlite running in a worker thread, reached by node-postgres through `socket()` as if it were a server. */
type PgliteThread = { socket: () => Duplex; close: () => Promise<void> };

export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteThread> {
  const worker = new Worker(THREAD_FILE, { workerData: { dataDir }, execArgv: TSX_EXEC_ARGV });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (m) => (m === "ready" ? resolve() : reject(new Error(`unexpected ${m}`))));
  });
  // The thread keeps the process alive only while it owes a reply, as a server's socket would: a command that forgets
  // to close the database still ends, one waiting on a query does not end early.
  worker.unref();
  let owed = 0;
  let closing = false;
  let current: PgliteDuplex | null = null;
  let onClosed = () => {};
  let stopped: Error | null = null;
  const send = (bytes: Uint8Array) => {
    if (stopped) {
      const failed = current;
      process.nextTick(() => failed?.destroy(stopped!));
      return;
    }
    if (owed++ === 0) worker.ref();
    worker.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
  };
  worker.on("message", (reply: Uint8Array | "closed") => {
    if (reply === "closed") return onClosed();
    if (--owed === 0 && !closing) worker.unref();
    // A Terminate gets an empty reply, possibly after the pool has opened the next connection.
    if (reply.byteLength > 0) current?.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
  });
  // A query waiting on a thread that died fails instead of hanging, and so does every later one.
  worker.on("error", (error) => {
    stopped = error;
    current?.destroy(error);
  });
  worker.on("exit", (code) => {
    stopped ??= new Error(`the database thread stopped (exit code ${code})`);
    current?.destroy(stopped);
  });
  return {
    socket: () => {
      current = new PgliteDuplex(send);
      return current;
    },
    close: async () => {
      closing = true;
      worker.ref();
      await new Promise<void>((resolve) => {
        onClosed = resolve;
        worker.postMessage("close");
      });
      current = null;
      await worker.terminate();
    },
  };
}

/** What node-postgres needs of a socket: connect, write (posted to the thread), data (its replies), end. */
class PgliteDuplex extends Duplex {
  constructor(private readonly send: (bytes: Uint8Array) => void) {
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
    this.send(new Uint8Array(chunk));
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.send(new Uint8Array(Buffer.concat(chunks.map((c) => c.chunk))));
    done();
  }

  override _read(): void {}

  override _final(done: () => void): void {
    this.push(null);
    done();
  }
}
