import { type, type Type } from "arktype";

/** Every API answer (spec §4): `code` 200 on success, else the failure's status; `errors` maps a field to its messages. */
export const envelopeOf = (data: Type) =>
  type({
    code: type("number.integer").describe("the HTTP status"),
    data: (data as Type<unknown>).describe("the answer; on a failure, `message` and any details"),
    errors: type({ "[string]": "string[]" }).describe("messages per field, in the caller's language"),
  });

export const EnvelopeSchema = envelopeOf(type("unknown"));
export type Envelope<T> = Omit<typeof EnvelopeSchema.infer, "data"> & { data: T };
