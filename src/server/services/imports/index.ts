export { parseClippings } from "./clippings-csv.ts";
