export { computeFigure, type Figure } from "./compute-figure.ts";
export { countMentions } from "./count-mentions.ts";
export { countersBy, emptyCounters } from "./counters.ts";
export { mentionScope } from "./mention-scope.ts";
export { channelsToFilter, resolveFilters, type Filters } from "./resolve-filters.ts";
export { sourceTallies } from "./source-tallies.ts";
export { mentionSeries } from "./time-series.ts";
