import { useTranslation } from "react-i18next";

/**
 * Who a crisis alert goes to, read from the saved notification contacts the alert itself reads
 * (services/crisis/alert-incident.ts), so the sentence is true when it is shown.
 */
export function AlertRecipients({ emails, phones }: { emails: string[]; phones: string[] }) {
  const { t } = useTranslation();
  const params = { emails: emails.join(", "), phones: phones.join(", ") };
  const key =
    emails.length > 0 && phones.length > 0
      ? "notify.alerts.both"
      : emails.length > 0
        ? "notify.alerts.emails"
        : phones.length > 0
          ? "notify.alerts.phones"
          : "notify.alerts.nobody";
  return <span data-testid="alert-recipients">{t(key, params)}</span>;
}
