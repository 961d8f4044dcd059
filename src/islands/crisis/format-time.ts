import { formatDateTime } from "../../shared/format.ts";
import { VIETNAM_OFFSET } from "../../shared/time-zone.ts";

/** YYYY-MM-DD HH:mm in Vietnam time: incidents are judged by the hour, seconds say nothing. */
export const formatMinute = (date: string) => formatDateTime(date).slice(0, 16);

/** Now as a datetime-local input's value (YYYY-MM-DDTHH:mm), in Vietnam time whatever the browser's zone. */
export const nowLocalInput = () => formatDateTime(new Date()).slice(0, 16).replace(" ", "T");

/** The instant a datetime-local value names in Vietnam time, as ISO; "" when it names none, so the API says which field. */
export function fromLocalInput(value: string): string {
  const instant = new Date(`${value}:00${VIETNAM_OFFSET}`);
  return Number.isNaN(instant.getTime()) ? "" : instant.toISOString();
}
