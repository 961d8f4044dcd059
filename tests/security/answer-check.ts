import * as XLSX from "xlsx";

/** What must never reach another tenant: strings only the victim has, and the victim's project and document ids. */
export type Secrets = { markers: string[]; projectIds: Set<number>; documentIds: Set<number> };

export type Answer = { status: number; contentType: string; body: unknown; text: string };

const SPREADSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function readAnswer(res: Response): Promise<Answer> {
  const contentType = res.headers.get("content-type") ?? "";
  if (contentType.startsWith(SPREADSHEET)) {
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const text = book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name])).join("\n");
    return { status: res.status, contentType, body: null, text };
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported by envelopeProblems.
  }
  return { status: res.status, contentType, body, text };
}

/** The envelope `{code, data, errors}` with code = status and errors as lists of messages; a file only with 200. */
export function envelopeProblems(answer: Answer): string[] {
  if (answer.contentType.startsWith(SPREADSHEET)) return answer.status === 200 ? [] : [`a file with status ${answer.status}`];
  const body = answer.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return [`not a JSON envelope: ${answer.text.slice(0, 120)}`];
  const problems: string[] = [];
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "code,data,errors") problems.push(`envelope keys ${keys}`);
  if (body.code !== answer.status) problems.push(`code ${String(body.code)} ≠ status ${answer.status}`);
  const errors = body.errors as Record<string, unknown> | undefined;
  const wellFormed =
    errors &&
    typeof errors === "object" &&
    Object.values(errors).every((list) => Array.isArray(list) && list.every((m) => typeof m === "string"));
  if (!wellFormed) problems.push("errors is not a map of message lists");
  if (
    answer.status >= 400 &&
    Object.keys(errors ?? {}).length === 0 &&
    typeof (body.data as { message?: unknown } | null)?.message !== "string"
  ) {
    problems.push("an error without a message");
  }
  return problems;
}

/** The victim's data found in an answer: its strings anywhere, its ids where the answer names projects or mentions. */
export function leaks(answer: Answer, secrets: Secrets): string[] {
  const found = secrets.markers.filter((marker) => answer.text.includes(marker)).map((marker) => `text "${marker.slice(0, 40)}"`);
  walk((answer.body as { data?: unknown } | null)?.data, (key, value, owner) => {
    if (typeof value !== "number") return;
    const isDocument = key === "document_id" || key === "mention_id" || (key === "id" && ("content" in owner || "url" in owner));
    const isProject =
      key === "project_id" ||
      (key === "id" && ("keywords" in owner || "children_competitor" in owner)) ||
      (key === "key" && "values" in owner);
    if (isDocument && secrets.documentIds.has(value)) found.push(`document id ${value} under "${key}"`);
    if (isProject && secrets.projectIds.has(value)) found.push(`project id ${value} under "${key}"`);
  });
  return found;
}

function walk(value: unknown, visit: (key: string, value: unknown, owner: Record<string, unknown>) => void) {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (value && typeof value === "object") {
    const owner = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(owner)) {
      visit(key, item, owner);
      walk(item, visit);
    }
  }
}
