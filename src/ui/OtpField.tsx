import { useTranslation } from "react-i18next";
import { TextField } from "./TextField.tsx";

type Props = { value: string; onValue: (value: string) => void; error?: string };

/** The six-digit code texted to the account's phone, asked for the same way by every step that needs one. */
export function OtpField({ value, onValue, error }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("field.otp")}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}
