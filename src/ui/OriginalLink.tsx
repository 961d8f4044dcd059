import { useTranslation } from "react-i18next";
import type { Mention } from "../shared/api-types.ts";
import { ExternalLink } from "./ExternalLink.tsx";

/** The way to a mention's original; a demo sample says it is one instead of linking to a page that does not exist. */
export function OriginalLink({ mention, className = "" }: { mention: Pick<Mention, "url" | "is_sample">; className?: string }) {
  const { t } = useTranslation();
  if (mention.url) {
    return (
      <ExternalLink href={mention.url} className={className}>
        {t("overview.open_original")}
      </ExternalLink>
    );
  }
  if (!mention.is_sample) return null;
  return (
    <span
      className={`badge badge-ghost badge-sm whitespace-nowrap ${className}`}
      title={t("mention.sample_explain")}
      data-testid="mention-sample"
    >
      {t("mention.sample")}
    </span>
  );
}
