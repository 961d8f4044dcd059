import type { AccountType } from "./account.ts";

/** The user as the API shows it (spec §3 User), shared by the server that writes it and the islands that read it. */
export type UserView = {
  id: number;
  username: string;
  full_name: string;
  phone: string;
  company: string;
  email: string;
  avatar_url: string | null;
  account_type: AccountType;
  is_waiting_for_upgrade: boolean;
  channels: number[];
};
