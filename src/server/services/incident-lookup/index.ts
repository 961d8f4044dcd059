export { crisisRange, incidentWindow } from "./crisis-range.ts";
export { assertOwnedProject, findIncident, ownedProjectIds } from "./find-incident.ts";
