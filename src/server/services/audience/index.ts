export {
  agesByChannel,
  agesByProject,
  audienceStats,
  authorsByArea,
  authorsByJob,
  authorsByProvince,
  countAuthors,
} from "./audience-figures.ts";
export { computeAudience, type AudienceFigure } from "./compute-audience.ts";
export { generatePeople, type Person } from "./sample-people.ts";
export { topAuthors } from "./top-authors.ts";
