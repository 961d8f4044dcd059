import { atom } from "nanostores";

/** Spec §3 client state: the form-dirty flag of the settings pages. */
export const $formDirty = atom(false);
