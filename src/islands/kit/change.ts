export { describeChange } from "../../shared/change.ts";
