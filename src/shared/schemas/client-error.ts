import { type } from "arktype";

/** A server failure (status 500 or above) a browser saw, reported by the API client. */
export const ClientErrorBody = type({
  status: "500 <= number.integer <= 599",
  url: "0 < string <= 2000",
  "message?": "string <= 1000",
  page: "string <= 2000",
});
