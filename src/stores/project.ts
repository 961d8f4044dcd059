import { atom } from "nanostores";
import type { Project, UserProject } from "../client/types.ts";

export const $project = atom<Project | null>(null);
export const $brands = atom<Record<string, string>>({});
export const $userProjects = atom<UserProject[]>([]);
export const $remainingUpdates = atom<number | null>(null);

export function clearProject(): void {
  $project.set(null);
  $brands.set({});
  $userProjects.set([]);
  $remainingUpdates.set(null);
}
