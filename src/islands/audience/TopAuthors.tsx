import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { TOP_AUTHOR_SORTS, type TopAuthor, type TopAuthorSort } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { isWebLink } from "../../shared/schemas/ingest.ts";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { ExternalLink } from "../../ui/ExternalLink.tsx";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { useMentionLink } from "../kit/mention-link.ts";
import { Widget } from "../kit/Widget.tsx";
import { AudienceEmpty } from "./CoverageNote.tsx";
import { provinceName } from "../kit/places.ts";
import { SampleBadge, useSampleTip } from "./SampleParts.tsx";
import { useAudienceData, useAudiencePeriod } from "./use-audience-data.ts";

/** The period's most active authors, ranked by mentions, interactions or followers, with links to their profiles. */
export function TopAuthors() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<TopAuthorSort>("mentions");
  const { remote, retry } = useAudienceData(api.audienceTopAuthors, { sort, limit: 10 });
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <SampleBadge remote={remote} />
      <SegmentedTabs
        label={t("audience.sort_label")}
        value={sort}
        onChange={setSort}
        options={TOP_AUTHOR_SORTS.map((value) => ({ value, label: t(`audience.sort.${value}`) }))}
      />
    </div>
  );
  return (
    <Widget title={t("audience.top_title")} remote={remote} onRetry={retry} actions={actions} testId="widget-top-authors">
      {(data) =>
        data.authors.length === 0 ? (
          <AudienceEmpty />
        ) : (
          <div className="@container">
            <AuthorCards authors={data.authors} sample={data.sample} />
            <AuthorTable authors={data.authors} sample={data.sample} />
          </div>
        )
      }
    </Widget>
  );
}

function AuthorName({ author }: { author: TopAuthor }) {
  const { t } = useTranslation();
  const name = author.name ?? t("audience.no_name");
  return author.url && isWebLink(author.url) ? (
    <ExternalLink href={author.url} className="max-w-full">
      <span className="truncate" title={t("audience.open_profile", { name })}>
        {name}
      </span>
    </ExternalLink>
  ) : (
    <span className="truncate font-medium">{name}</span>
  );
}

function SentimentMix({ sentiment, sample }: { sentiment: TopAuthor["sentiment"]; sample: boolean }) {
  const { t } = useTranslation();
  const tip = useSampleTip(sample);
  const counts = SENTIMENTS.map((s) => sentiment[s.name]);
  const shares = percentages(counts);
  const label = tip(
    SENTIMENTS.map((s, i) => `${t(`filters.sentiment.${s.name}`)} ${formatNumber(counts[i])} (${formatPercent(shares[i])})`).join(", "),
  );
  return (
    <div
      className="flex h-2.5 w-24 overflow-hidden rounded-full bg-base-200"
      role="img"
      aria-label={label}
      title={label}
      data-testid="sentiment-mix"
    >
      {SENTIMENTS.map((s, i) =>
        shares[i] > 0 ? <span key={s.name} className="h-full" style={{ width: `${shares[i]}%`, backgroundColor: s.color }} /> : null,
      )}
    </div>
  );
}

/** The author's mentions, opening the mention list of them for the period (not for the sample: none are the customer's). */
function AuthorMentions({ author }: { author: TopAuthor }) {
  const { t } = useTranslation();
  const link = useMentionLink("audience");
  const period = useAudiencePeriod();
  if (author.listed_mentions === null) return formatNumber(author.mentions);
  return (
    <a
      href={link({ author_id: author.id, type_time: period, start_date: null, end_date: null })}
      className="link-hover link"
      title={t("audience.author_mentions_link", { count: author.listed_mentions, value: formatNumber(author.listed_mentions) })}
      data-testid="author-mentions-link"
      data-listed={author.listed_mentions}
    >
      {formatNumber(author.mentions)}
    </a>
  );
}

function AuthorTable({ authors, sample }: { authors: TopAuthor[]; sample: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="hidden overflow-x-auto @2xl:block">
      <table className="table table-sm" data-testid="top-authors-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t("audience.col.author")}</th>
            <th>{t("audience.col.channel")}</th>
            <th>{t("audience.col.province")}</th>
            <th className="text-right">{t("audience.col.followers")}</th>
            <th className="text-right">{t("audience.col.mentions")}</th>
            <th className="text-right">{t("audience.col.interactions")}</th>
            <th>{t("audience.col.sentiment")}</th>
          </tr>
        </thead>
        <tbody>
          {authors.map((author, i) => (
            <tr key={author.id} data-author={author.id}>
              <td className="text-base-content/60 tabular-nums">{i + 1}</td>
              <td className="max-w-56">
                <AuthorName author={author} />
              </td>
              <td>
                <ChannelBadge channelId={author.channel_id} />
              </td>
              <td className="whitespace-nowrap">
                {author.province ? (
                  provinceName(author.province, i18n.language)
                ) : (
                  <span className="text-base-content/50">{t("audience.unknown")}</span>
                )}
              </td>
              <td className="text-right tabular-nums">{author.followers === null ? "–" : formatNumber(author.followers)}</td>
              <td className="text-right font-medium tabular-nums">
                <AuthorMentions author={author} />
              </td>
              <td className="text-right tabular-nums">{formatNumber(author.interactions)}</td>
              <td>
                <SentimentMix sentiment={author.sentiment} sample={sample} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per author instead of a table that would not fit. */
function AuthorCards({ authors, sample }: { authors: TopAuthor[]; sample: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col divide-y divide-base-200 @2xl:hidden" data-testid="top-authors-cards">
      {authors.map((author, i) => (
        <li key={author.id} className="flex flex-col gap-1.5 py-2.5" data-author={author.id}>
          <div className="flex min-w-0 items-center gap-2">
            <span className="w-5 shrink-0 text-sm text-base-content/60 tabular-nums">{i + 1}</span>
            <div className="min-w-0 flex-1">
              <AuthorName author={author} />
            </div>
            <ChannelBadge channelId={author.channel_id} />
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-7 text-xs text-base-content/70">
            <span>{author.province ? provinceName(author.province, i18n.language) : t("audience.unknown")}</span>
            <span>
              {t("audience.col.mentions")}{" "}
              <b className="text-base-content tabular-nums">
                <AuthorMentions author={author} />
              </b>
            </span>
            <span>
              {t("audience.col.interactions")} <b className="text-base-content tabular-nums">{formatNumber(author.interactions)}</b>
            </span>
            <span>
              {t("audience.col.followers")}{" "}
              <b className="text-base-content tabular-nums">{author.followers === null ? "–" : formatNumber(author.followers)}</b>
            </span>
            <SentimentMix sentiment={author.sentiment} sample={sample} />
          </div>
        </li>
      ))}
    </ol>
  );
}
