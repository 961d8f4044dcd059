import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { findDbCommand } from "./db-commands.ts";
import type { Deps } from "../deps.ts";
import type { CommandResult } from "./command.ts";
import type { Logger } from "../log.ts";
import { sameSecret } from "../runtime/control-secret.ts";

export type ControlRequest = { command: string; args: string[]; input: string };

const MAX_REQUEST_BYTES = 50 * 1024 * 1024;

/** Loopback-only channel through which the CLI runs staff commands inside the process that holds the database. */
export async function startControlServer(deps: Deps, secret: string, log: Logger): Promise<{ server: Server; port: number }> {
  const server = createServer(async (req, res) => {
    const reply = (status: number, result: CommandResult) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(result));
    };
    if (req.method !== "POST" || req.url !== "/run" || !sameSecret(req.headers["x-nghe-secret"] as string | undefined, secret)) {
      return reply(403, { exitCode: 1, stdout: "", stderr: "forbidden\n" });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_REQUEST_BYTES) return reply(413, { exitCode: 1, stdout: "", stderr: "input too large\n" });
      chunks.push(chunk as Buffer);
    }
    try {
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ControlRequest;
      const command = findDbCommand(request.command);
      if (!command) return reply(404, { exitCode: 2, stdout: "", stderr: `unknown command ${request.command}\n` });
      reply(200, await command.run(deps, request.args ?? [], request.input ?? ""));
    } catch (error) {
      log.error("control command failed", error);
      reply(500, { exitCode: 1, stdout: "", stderr: `${(error as Error).message}\n` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
