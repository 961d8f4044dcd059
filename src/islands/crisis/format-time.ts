import { formatDateTime } from "../../shared/format.ts";

/** YYYY-MM-DD HH:mm in Vietnam time: incidents are judged by the hour, seconds say nothing. */
export const formatMinute = (date: string) => formatDateTime(date).slice(0, 16);
