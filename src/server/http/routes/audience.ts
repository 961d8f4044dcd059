import { Hono } from "hono";
import { AudienceQuery } from "../../../shared/schemas/audience.ts";
import {
  agesByChannel,
  agesByProject,
  audienceStats,
  authorsByArea,
  authorsByJob,
  authorsByProvince,
  countAuthors,
  computeAudience,
  type AudienceFigure,
  topAuthors,
} from "../../services/audience/index.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc } from "../route-doc.ts";
import { fromQuery } from "../query-route.ts";

/** A route answering one audience figure over the audience filters of its query string. */
const audience = (compute: AudienceFigure, options: { wholeTree?: boolean } = {}) =>
  fromQuery(AudienceQuery, (c, query) => computeAudience(c.get("deps"), c.get("user"), query, compute, options));

/** Spec §7 audience calls: distinct authors of the project's mentions this month or last month (the sample for trial accounts). */
export const audienceRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/get-count-user",
    apiDoc({
      summary: "Unique authors, new and returning, and how many have a known age, job and province",
      response: API.audienceCount.response,
    }),
    audience(countAuthors),
  )
  .get(
    "/stats",
    apiDoc({
      summary: "Authors, mentions, interactions, potential reach, authors by sentiment and by channel",
      response: API.audienceStats.response,
    }),
    audience(audienceStats),
  )
  .get(
    "/index-by-provinces",
    apiDoc({ summary: "Authors and their mentions per province (the 34 provinces of 2025)", response: API.audienceProvinces.response }),
    audience(authorsByProvince),
  )
  .get(
    "/index-by-areas",
    apiDoc({ summary: "Authors and their mentions in the North, Central and South", response: API.audienceAreas.response }),
    audience(authorsByArea),
  )
  .get("/index-by-job", apiDoc({ summary: "Authors per job category", response: API.audienceJobs.response }), audience(authorsByJob))
  .get(
    "/index-by-age-channel",
    apiDoc({ summary: "Authors per age range in each channel", response: API.audienceAgeByChannel.response }),
    audience(agesByChannel),
  )
  .get(
    "/index-by-age-project",
    apiDoc({ summary: "Authors per age range for the brand and its competitors", response: API.audienceAgeByProject.response }),
    audience(agesByProject, { wholeTree: true }),
  )
  .get(
    "/get-top-user",
    apiDoc({
      summary: "The most active authors by mentions, interactions or followers, with their sentiment mix",
      response: API.audienceTopAuthors.response,
    }),
    audience(topAuthors),
  );
