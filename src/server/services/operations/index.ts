export { databaseStatus } from "./database-status.ts";
export { health } from "./health.ts";
export { recordClientError } from "./record-client-error.ts";
