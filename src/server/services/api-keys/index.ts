export { createApiKey, findApiKeyOwner, listApiKeys, revokeApiKey } from "./api-keys.ts";
