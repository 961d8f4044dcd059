export { seedDemo } from "./seed-demo.ts";
export { seedOnFirstStart } from "./seed-on-first-start.ts";
