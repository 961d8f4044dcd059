import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A canned answer; "hang" never answers, to provoke timeouts. */
export type Reply = { status?: number; headers?: Record<string, string>; body?: string | Uint8Array } | "hang";

export type ReceivedRequest = { url: URL; headers: IncomingHttpHeaders };

export type FixtureServer = {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
};

const FIXTURES = new URL("../../fixtures/collectors/", import.meta.url);

export function readFixture(path: string): Buffer {
  return readFileSync(new URL(path, FIXTURES));
}

/** A provider stand-in on 127.0.0.1 (random port) answering from fixtures. */
export async function startFixtureServer(handler: (request: ReceivedRequest) => Reply | Promise<Reply>): Promise<FixtureServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const request = { url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers };
    requests.push(request);
    const reply = await handler(request);
    if (reply === "hang") return;
    res.writeHead(reply.status ?? 200, reply.headers);
    res.end(reply.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
