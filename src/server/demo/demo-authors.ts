import type { CollectedDocument } from "../services/ingest/index.ts";
import { generatePeople, type Person } from "../services/audience/index.ts";

export const DEMO_AUTHOR_COUNT = 4000;
let pool: Person[] | null = null;

/** Demo author n (1-based): the same profile on every post, so the demo audience adds up like a real one. */
export function demoAuthor(n: number): NonNullable<CollectedDocument["author"]> {
  pool ??= generatePeople(DEMO_AUTHOR_COUNT, 4000);
  const person = pool[n - 1];
  return {
    id: `demo-author-${n}`,
    name: person.name,
    url: `https://demo.nghe.vn/@author-${n}`,
    followers: person.followers,
    location: person.location,
    ageRange: person.ageRange,
    job: person.job,
  };
}
