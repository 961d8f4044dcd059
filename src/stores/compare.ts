import { atom } from "nanostores";

/** Spec §3 client state "project compares": the projects shown side by side; null until the user picks (all of them). */
export const $projectCompares = atom<number[] | null>(null);

export function toggleCompared(all: number[], id: number): void {
  const current = $projectCompares.get() ?? all;
  $projectCompares.set(current.includes(id) ? current.filter((p) => p !== id) : all.filter((p) => p === id || current.includes(p)));
}
