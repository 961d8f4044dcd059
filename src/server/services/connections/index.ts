export { checkMetaSignature } from "./check-meta-signature.ts";
export { completeMetaConnection } from "./complete-meta-connection.ts";
export { disconnect } from "./disconnect.ts";
export { followSources } from "./follow-sources.ts";
export { listConnections } from "./list-connections.ts";
export { metaHandshake } from "./meta-handshake.ts";
export { receiveMetaDelivery } from "./receive-meta-delivery.ts";
export { META_SCOPES, startMetaConnection } from "./start-meta-connection.ts";
export { storeMetaConnection, type MetaGrant } from "./store-meta-connection.ts";
