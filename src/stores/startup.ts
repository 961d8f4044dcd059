import { atom } from "nanostores";
import { api } from "../client/api.ts";
import { $brands, $project, $remainingUpdates, $userProjects, clearProject } from "./project.ts";
import { $accessToken, $channels, clearSession, saveUser } from "../client/session.ts";

export type StartupState = "checking" | "ready" | "login" | "onboarding";

/** Screens wait for "ready" before loading their data. */
export const $startup = atom<StartupState>("checking");

/**
 * Spec §4: with a stored token, load the user (locked or failing → logout), then the channels, then the project
 * (failing or missing → onboarding); on success keep the project, brands and the user's projects (empty on failure).
 * Account settings work without a project, so only project screens send the user to onboarding.
 */
export async function startSession(options: { requiresProject: boolean }): Promise<StartupState> {
  const resolved = await resolveStartup();
  const state = resolved === "onboarding" && !options.requiresProject ? "ready" : resolved;
  $startup.set(state);
  return state;
}

async function resolveStartup(): Promise<StartupState> {
  if (!$accessToken.get()) return "login";
  try {
    const user = await api.showUser();
    if (user.account_type === 2) throw new Error("locked");
    saveUser(user);
  } catch {
    clearSession();
    clearProject();
    return "login";
  }
  $channels.set(
    await api.channelUser().then(
      (r) => r.data,
      () => [],
    ),
  );
  try {
    const shown = await api.showProject();
    if (!shown.project?.id) return "onboarding";
    $project.set(shown.project);
    $brands.set(shown.brands);
    $remainingUpdates.set(shown.remaining_updates);
  } catch {
    return "onboarding";
  }
  $userProjects.set(await api.listUserProjects().catch(() => []));
  return "ready";
}
