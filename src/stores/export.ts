import { atom } from "nanostores";
import { api, type DownloadedFile, type QueryParams } from "../client/api.ts";

/** Spec §3 client state: an export is running (only one at a time), and the warning shown when another is asked for. */
export const $exporting = atom(false);
export const $exportWarning = atom(false);

/** Runs one export; asking while one runs raises the warning instead and gives null. */
export async function runExport(params: QueryParams): Promise<DownloadedFile | null> {
  if ($exporting.get()) {
    $exportWarning.set(true);
    return null;
  }
  $exporting.set(true);
  try {
    return await api.exportMentions(params);
  } finally {
    $exporting.set(false);
  }
}
