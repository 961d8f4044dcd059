export { describeChange, type Change } from "../../shared/change.ts";
