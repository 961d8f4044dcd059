import { atom } from "nanostores";
import { api } from "../client/api.ts";
import type { NamedItem } from "../client/types.ts";

export type ProjectLists = { subBrands: NamedItem[]; services: NamedItem[] };

/** The brand project's sub brands and services (defined by staff), for the mention filters and labels. */
export const $projectLists = atom<ProjectLists>({ subBrands: [], services: [] });

export async function loadProjectLists(projectId: number): Promise<void> {
  // Without the lists the two filters stay idle; the rest of the screen works.
  const quietly = (load: Promise<NamedItem[]>) => load.catch(() => [] as NamedItem[]);
  const [subBrands, services] = await Promise.all([quietly(api.subBrands(projectId)), quietly(api.services(projectId))]);
  $projectLists.set({ subBrands, services });
}
