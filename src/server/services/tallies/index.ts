export { applyRollups, type RollupContribution } from "./rollups.ts";
