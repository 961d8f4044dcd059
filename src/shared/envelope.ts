/** Every API answer (spec §4): `code` 200 on success, else the failure's status; `errors` maps a field to its messages. */
export type Envelope<T> = { code: number; data: T; errors: Record<string, string[]> };
