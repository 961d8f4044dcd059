import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const DIST_DIR = fileURLToPath(new URL("../../../dist/", import.meta.url));
