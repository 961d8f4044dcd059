import { type, type Type } from "arktype";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure } from "../client/api-error.ts";
import { fieldMessages } from "../shared/schemas/problems.ts";
import { translateFieldMessages } from "./field-errors.ts";

type Values = Record<string, string>;

/**
 * Form state with the shared arktype schema: errors show per field (translated), a field's error clears when it
 * changes (spec §4), and server field errors land on their fields; anything else becomes the form's message.
 */
export function useForm<V extends Values>(schema: Type, initial: V) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);

  const set = (name: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setFormError("");
  };

  const validate = (): boolean => {
    const result = schema(values);
    if (!(result instanceof type.errors)) return true;
    setErrors(translateFieldMessages(t, fieldMessages(result)));
    return false;
  };

  /** Validates, runs the call, and spreads a failure over the fields it names. */
  const submit = async (call: () => Promise<void>) => {
    if (busy || !validate()) return;
    setBusy(true);
    setFormError("");
    try {
      await call();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const onFields = Object.fromEntries(
        Object.entries(error.errors)
          .filter(([field]) => field in values && field !== "message")
          .map(([field, list]) => [field, list[0]]),
      );
      setErrors(onFields);
      if (Object.keys(onFields).length === 0) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, formError, setFormError, busy, submit, setValues };
}
