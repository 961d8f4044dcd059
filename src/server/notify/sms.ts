import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";

/** Sends one text message; throws when the gateway refuses it. */
export interface SmsProvider {
  name: string;
  send(to: string, text: string): Promise<void>;
}

/** Development default: the message goes to the log (and, like every message, to the outbox). */
function consoleSms(log: Logger): SmsProvider {
  return {
    name: "console",
    async send(to, text) {
      log.info(`SMS to ${to}: ${text}`);
    },
  };
}

/**
 * A Vietnamese SMS gateway over HTTP: POST JSON {to (84…), message, brandname} with a bearer key; any 2xx is accepted.
 */
export function httpSms(options: { url: string; key: string; brandName: string }): SmsProvider {
  return {
    name: "http",
    async send(to, text) {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.key}` },
        body: JSON.stringify({ to: `84${to.slice(1)}`, message: text, brandname: options.brandName }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    },
  };
}

export function createSmsProvider(config: Config, log: Logger): SmsProvider {
  return config.sms.provider === "http" ? httpSms(config.sms) : consoleSms(log);
}
