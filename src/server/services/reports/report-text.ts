import type { ReportView } from "./report-view.ts";

const ARROW = { up: "▲ ", down: "▼ ", flat: "= ", none: "" } as const;

/** The plain-text part: the same facts as the HTML, for clients that show no HTML and for screen readers. */
export function reportText(view: ReportView): string {
  const heading = (title: string) => ["", title.toUpperCase(), "-".repeat(title.length)];
  const lines = [`${view.title} — ${view.projectName}`, view.period, view.comparedWith];
  if (view.late) lines.push("", view.late);
  lines.push(...heading(view.statsTitle));
  for (const c of view.counters) {
    const change = c.change.direction === "none" ? "" : `${ARROW[c.change.direction]}${c.change.text}; `;
    lines.push(`${c.label}: ${c.value} (${change}${c.previous})`);
  }
  if (view.isEmpty) lines.push(view.noMentions);
  lines.push(...heading(view.shareTitle));
  for (const row of view.shareOfVoice) lines.push(`${row.name}: ${row.mentions} (${row.percent.toFixed(2)}%)`);
  lines.push(...heading(view.sentimentTitle));
  for (const s of view.sentiments) lines.push(`${s.label}: ${s.count} (${s.percent.toFixed(2)}%)`);
  if (view.mentions.length > 0) {
    lines.push(...heading(view.mentionsTitle));
    for (const [i, m] of view.mentions.entries()) lines.push(`${i + 1}. ${m.text}`, `   ${m.meta}`, ...(m.url ? [`   ${m.url}`] : []));
  }
  if (view.sources.length > 0) {
    lines.push(...heading(view.sourcesTitle));
    const [mentions, interactions] = [view.sourceHeaders.mentions.toLowerCase(), view.sourceHeaders.interactions.toLowerCase()];
    for (const [i, s] of view.sources.entries())
      lines.push(`${i + 1}. ${s.name} (${s.channel}): ${s.mentions} ${mentions}, ${s.interactions} ${interactions}`);
  }
  for (const section of view.sections) {
    lines.push(...heading(section.title));
    if (section.rows.length === 0) lines.push(section.empty);
    for (const [i, row] of section.rows.entries()) {
      const tag = row.tag ? `[${row.tag.label}] ` : "";
      lines.push(
        `${i + 1}. ${tag}${row.text}`,
        ...(row.details.length > 0 ? [`   ${row.details.join(" · ")}`] : []),
        ...(row.url ? [`   ${row.url}`] : []),
      );
    }
    if (section.more) lines.push(`${section.more.text}: ${section.more.url}`);
  }
  lines.push(
    "",
    `${view.openDashboard}: ${view.dashboardUrl}`,
    "",
    view.attachmentNote,
    "",
    `${view.footer} ${view.manageUrl}`,
    view.support,
  );
  return lines.join("\n");
}
