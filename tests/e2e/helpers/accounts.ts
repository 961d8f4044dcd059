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

/** Staff's way to read a texted OTP: the CLI's outbox, which reaches the running server over loopback. */
export async function otpFromOutbox(dataDir: string, username: string): Promise<string> {
  const result = await finish(runEntry("src/server/cli.ts", ["user", "outbox", username], { DATA_DIR: dataDir }));
  const latest = JSON.parse(result.stdout.trim().split("\n")[0]) as { body: string };
  return /\b(\d{6})\b/.exec(latest.body)![1];
}

/** A verified account created through the public API, for tests that start logged in. */
export async function createAccount(url: string, dataDir: string) {
  const account = e2eAccount();
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  await post("/register", account);
  const verified = await post("/verify-registration", { phone: account.phone, otp: await otpFromOutbox(dataDir, account.username) });
  return { account, token: verified.data.access_token as string, user: verified.data.user };
}
