import { type } from "arktype";
import { ACCOUNT_TYPE } from "./account.ts";

/** The user as the API shows it (spec §3 User), shared by the server that writes it and the islands that read it. */
export const UserViewSchema = type({
  id: "number",
  username: "string",
  full_name: "string",
  phone: "string",
  company: "string",
  email: "string",
  avatar_url: "string | null",
  account_type: type.enumerated(...Object.values(ACCOUNT_TYPE)),
  is_waiting_for_upgrade: "boolean",
  channels: "number[]",
});
export type UserView = typeof UserViewSchema.infer;
