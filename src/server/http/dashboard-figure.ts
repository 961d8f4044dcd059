import { DashboardQuery } from "../../shared/schemas/dashboard.ts";
import { computeFigure, type Figure } from "../services/mention-query/index.ts";
import { fromQuery } from "./query-route.ts";

/** A route answering one figure over the dashboard filters of its query string (the overview's and the mention list's). */
export const dashboardFigure = (compute: Figure) =>
  fromQuery(DashboardQuery, (c, query) => computeFigure(c.get("deps"), c.get("user"), query, compute));
