import { finish, runEntry } from "./server.ts";

let counter = 0;

export function e2eAccount() {
  counter += 1;
  const n = `${process.pid % 1000}${counter}`.padStart(4, "0").slice(-4);
  return {
    username: `tran_binh${n}`,
    full_name: "Trần Thị Bình",
    phone: `09880${n}0`.slice(0, 10),
    company: "Công ty TNHH Trà Xanh",
    email: `binh${n}@traxanh.vn`,
    password: "MatKhau2026",
  };
}

/** Where the CLI finds the server's data: its embedded data folder, or the environment naming its PostgreSQL database. */
export type DataTarget = string | Record<string, string>;
const targetEnv = (target: DataTarget) => (typeof target === "string" ? { DATA_DIR: target } : target);

/** Staff's way to read a texted OTP: the CLI's outbox, which reaches the running server over loopback. */
export async function otpFromOutbox(target: DataTarget, username: string): Promise<string> {
  const result = await finish(runEntry("src/server/cli.ts", ["user", "outbox", username], targetEnv(target)));
  const latest = JSON.parse(result.stdout.trim().split("\n")[0]) as { body: string };
  return /\b(\d{6})\b/.exec(latest.body)![1];
}

/** A verified account created through the public API, for tests that start logged in. */
export async function createAccount(url: string, target: DataTarget) {
  const account = e2eAccount();
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  await post("/register", account);
  const verified = await post("/verify-registration", { phone: account.phone, otp: await otpFromOutbox(target, account.username) });
  return { account, token: verified.data.access_token as string, user: verified.data.user };
}
