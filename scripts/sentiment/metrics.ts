export { scoreLabels as score } from "../../src/server/nlp/sentiment/score.ts";
