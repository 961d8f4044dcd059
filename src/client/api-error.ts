/** A failed API call: the status, the envelope's field messages (already translated by the server) and one text to show. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string[]>,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}
