export { retrainAccount } from "./retrain-account.ts";
export { retrainDueAccounts } from "./retrain-due-accounts.ts";
