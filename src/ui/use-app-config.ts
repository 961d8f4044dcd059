import { useEffect, useState } from "react";
import { api } from "../client/api.ts";
import type { AppConfig } from "../client/types.ts";

/** Hotline and captcha key from the server; a failed load only hides what depends on it. */
export function useAppConfig(): AppConfig | null {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    api.appConfig().then(setConfig, (error: unknown) => console.error("app-config failed", error));
  }, []);
  return config;
}
