import type { DownloadedFile } from "./api.ts";

/** Hands a downloaded file to the browser's download manager under the server's file name. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; releasing it at once would cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
