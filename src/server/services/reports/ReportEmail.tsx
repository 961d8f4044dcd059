import { Fragment, type CSSProperties, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { CHART_HEIGHT, CHART_WIDTH } from "./report-charts.ts";
import type { ReportSection } from "./report-section.ts";
import type { ReportView } from "./report-view.ts";

/**
 * The report e-mail as mail clients render it: nested tables, inline styles, no scripts, web fonts only as a wish
 * (the fallbacks carry Vietnamese too), images referenced by the caller (cid: in mail, data: in the preview).
 */
const PRIMARY = "#0f766e";
const INK = "#1f2937";
const MUTED = "#6b7280";
const LINE = "#e5e7eb";
const FONT = "'Be Vietnam Pro', 'Segoe UI', Roboto, Arial, sans-serif";
const WIDTH = 600;
const TONE = { up: "#15803d", down: "#b91c1c", flat: MUTED, none: MUTED } as const;
const ARROW = { up: "▲", down: "▼", flat: "=", none: "" } as const;

/** Clients that read a <style> block (most phones' apps) get two counters a row on narrow screens; others keep four. */
const NARROW =
  "@media (max-width: 480px) { td.counter { display: inline-block !important; width: 50% !important; box-sizing: border-box; } }";

const table: CSSProperties = { borderCollapse: "collapse", width: "100%" };
const cell: CSSProperties = { padding: "6px 8px", borderBottom: `1px solid ${LINE}`, fontSize: 13, color: INK, textAlign: "left" };
const numberCell: CSSProperties = { ...cell, textAlign: "right", whiteSpace: "nowrap" };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <tr>
      <td style={{ padding: "20px 24px 0" }}>
        <h2 style={{ margin: "0 0 10px", fontSize: 16, lineHeight: "22px", color: INK }}>{title}</h2>
        {children}
      </td>
    </tr>
  );
}

function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <p style={{ margin: "6px 0 0", fontSize: 12, color: MUTED }}>
      {items.map((item) => (
        <span key={item.label} style={{ marginRight: 14, whiteSpace: "nowrap" }}>
          <span style={{ display: "inline-block", width: 10, height: 10, borderRadius: 5, backgroundColor: item.color, marginRight: 5 }} />
          {item.label}
        </span>
      ))}
    </p>
  );
}

function Chart({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={CHART_WIDTH}
      height={CHART_HEIGHT}
      style={{ display: "block", width: "100%", maxWidth: CHART_WIDTH, height: "auto", border: 0 }}
    />
  );
}

/** A percentage bar that survives clients without CSS widths on divs: a one-row table of coloured cells. */
function ShareBar({ parts }: { parts: { color: string; percent: number }[] }) {
  const shown = parts.filter((p) => p.percent > 0);
  if (shown.length === 0) return null;
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ ...table, height: 10, margin: "4px 0 8px" }}>
      <tbody>
        <tr>
          {shown.map((part) => (
            <td key={part.color} width={`${part.percent}%`} style={{ backgroundColor: part.color, height: 10, fontSize: 0, lineHeight: 0 }}>
              &nbsp;
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

function Counters({ view }: { view: ReportView }) {
  const rows = [view.counters.slice(0, 4), view.counters.slice(4)];
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0].key}>
            {row.map((counter) => (
              <td
                key={counter.key}
                className="counter"
                width="25%"
                valign="top"
                style={{ padding: "8px 8px 10px 0" }}
                data-counter={counter.key}
              >
                <div style={{ border: `1px solid ${LINE}`, borderRadius: 8, padding: "8px 10px" }}>
                  <div style={{ fontSize: 12, color: MUTED, lineHeight: "16px", minHeight: 32 }}>{counter.label}</div>
                  <div style={{ fontSize: 20, fontWeight: 700, color: INK, lineHeight: "28px" }}>{counter.value}</div>
                  <div style={{ fontSize: 12, color: TONE[counter.change.direction], lineHeight: "16px" }}>
                    {`${ARROW[counter.change.direction]} ${counter.change.text}`.trim()}
                  </div>
                  <div style={{ fontSize: 11, color: MUTED, lineHeight: "16px" }}>{counter.previous}</div>
                </div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** In progress stands out and done recedes, in the crisis screens' red and green. */
const TAG_TONE = {
  alert: { color: "#b91c1c", backgroundColor: "#fee2e2" },
  calm: { color: "#15803d", backgroundColor: "#dcfce7" },
} as const;

function FeatureSection({ section }: { section: ReportSection }) {
  return (
    <Section title={section.title}>
      {section.rows.length === 0 && (
        <p style={{ margin: 0, fontSize: 13, color: MUTED }} data-empty="true">
          {section.empty}
        </p>
      )}
      {section.rows.map((row) => (
        <div key={`${row.text}|${row.url ?? ""}`} style={{ padding: "8px 0", borderBottom: `1px solid ${LINE}` }}>
          {row.tag && (
            <span
              style={{
                ...TAG_TONE[row.tag.tone],
                display: "inline-block",
                padding: "1px 8px",
                marginRight: 8,
                borderRadius: 10,
                fontSize: 12,
                lineHeight: "18px",
                fontWeight: 600,
                whiteSpace: "nowrap",
              }}
            >
              {row.tag.label}
            </span>
          )}
          {row.url ? (
            <a href={row.url} style={{ color: PRIMARY, fontSize: 14, lineHeight: "20px", textDecoration: "none", fontWeight: 600 }}>
              {row.text}
            </a>
          ) : (
            <span style={{ fontSize: 14, lineHeight: "20px", fontWeight: 600 }}>{row.text}</span>
          )}
          {row.details.length > 0 && (
            // Facts break between each other, never inside one, in a phone's narrow column.
            <div style={{ fontSize: 12, lineHeight: "18px", color: MUTED, marginTop: 4 }}>
              {row.details.map((detail, i) => (
                <Fragment key={detail}>
                  {i > 0 && " · "}
                  <span style={{ whiteSpace: "nowrap" }}>{detail}</span>
                </Fragment>
              ))}
            </div>
          )}
        </div>
      ))}
      {section.more && (
        <p style={{ margin: "10px 0 0", fontSize: 13 }}>
          <a href={section.more.url} style={{ color: PRIMARY }}>
            {section.more.text}
          </a>
        </p>
      )}
    </Section>
  );
}

function ReportEmail({ view, images }: { view: ReportView; images: { trend: string; sentiment: string } }) {
  return (
    <html lang={view.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{view.subject}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant style sheet of ours */}
        <style dangerouslySetInnerHTML={{ __html: NARROW }} />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#f3f4f6", fontFamily: FONT, color: INK }}>
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ ...table, backgroundColor: "#f3f4f6" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 8px" }}>
                <table
                  role="presentation"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ ...table, maxWidth: WIDTH, backgroundColor: "#ffffff", borderRadius: 12 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: PRIMARY, padding: "16px 24px", borderRadius: "12px 12px 0 0" }}>
                        <span style={{ color: "#ffffff", fontSize: 20, fontWeight: 700, letterSpacing: "-0.02em" }}>Nghe</span>
                        <span style={{ color: "#ccfbf1", fontSize: 14, marginLeft: 12 }}>{view.title}</span>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "20px 24px 0" }}>
                        <h1 style={{ margin: 0, fontSize: 22, lineHeight: "30px", color: INK }}>{view.projectName}</h1>
                        <p style={{ margin: "4px 0 0", fontSize: 14, color: INK }}>{view.period}</p>
                        <p style={{ margin: "2px 0 0", fontSize: 13, color: MUTED }}>{view.comparedWith}</p>
                        {view.late && (
                          <p
                            style={{
                              margin: "12px 0 0",
                              padding: "10px 12px",
                              backgroundColor: "#fef3c7",
                              borderRadius: 8,
                              fontSize: 13,
                              color: "#92400e",
                            }}
                            data-late="true"
                          >
                            {view.late}
                          </p>
                        )}
                      </td>
                    </tr>
                    <Section title={view.statsTitle}>
                      <Counters view={view} />
                      {view.isEmpty && <p style={{ margin: "4px 0 0", fontSize: 13, color: MUTED }}>{view.noMentions}</p>}
                    </Section>
                    <Section title={view.shareTitle}>
                      <ShareBar parts={view.shareOfVoice} />
                      <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
                        <thead>
                          <tr>
                            <th style={{ ...cell, color: MUTED, fontWeight: 400 }}>{view.shareHeaders.project}</th>
                            <th style={{ ...numberCell, color: MUTED, fontWeight: 400 }}>{view.shareHeaders.mentions}</th>
                            <th style={{ ...numberCell, color: MUTED, fontWeight: 400 }}>{view.shareHeaders.share}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {view.shareOfVoice.map((row) => (
                            <tr key={row.name}>
                              <td style={cell}>
                                <span
                                  style={{
                                    display: "inline-block",
                                    width: 10,
                                    height: 10,
                                    borderRadius: 5,
                                    backgroundColor: row.color,
                                    marginRight: 6,
                                  }}
                                />
                                {row.name}
                              </td>
                              <td style={numberCell}>{row.mentions}</td>
                              <td style={numberCell}>{row.percent.toFixed(2)}%</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </Section>
                    <Section title={view.sentimentTitle}>
                      <ShareBar parts={view.sentiments} />
                      <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
                        <tbody>
                          <tr>
                            {view.sentiments.map((s) => (
                              <td key={s.label} width="33%" style={{ padding: "4px 0", fontSize: 13 }}>
                                <span
                                  style={{
                                    display: "inline-block",
                                    width: 10,
                                    height: 10,
                                    borderRadius: 5,
                                    backgroundColor: s.color,
                                    marginRight: 6,
                                  }}
                                />
                                {s.label}: <strong>{s.count}</strong> ({s.percent.toFixed(2)}%)
                              </td>
                            ))}
                          </tr>
                        </tbody>
                      </table>
                    </Section>
                    <Section title={view.trendTitle}>
                      <Chart src={images.trend} alt={view.trendAlt} />
                      <Legend items={view.trendLegend} />
                    </Section>
                    <Section title={view.sentimentTrendTitle}>
                      <Chart src={images.sentiment} alt={view.sentimentTrendAlt} />
                      <Legend items={view.sentimentLegend} />
                    </Section>
                    {view.mentions.length > 0 && (
                      <Section title={view.mentionsTitle}>
                        {view.mentions.map((m) => (
                          <div key={`${m.url}|${m.meta}`} style={{ padding: "8px 0", borderBottom: `1px solid ${LINE}` }}>
                            {m.url ? (
                              <a href={m.url} style={{ color: PRIMARY, fontSize: 14, lineHeight: "20px", textDecoration: "none" }}>
                                {m.text}
                              </a>
                            ) : (
                              <span style={{ fontSize: 14, lineHeight: "20px" }}>{m.text}</span>
                            )}
                            <div style={{ fontSize: 12, color: MUTED, marginTop: 2 }}>{m.meta}</div>
                          </div>
                        ))}
                      </Section>
                    )}
                    {view.sources.length > 0 && (
                      <Section title={view.sourcesTitle}>
                        <table role="presentation" cellPadding={0} cellSpacing={0} style={table}>
                          <thead>
                            <tr>
                              <th style={{ ...cell, color: MUTED, fontWeight: 400 }}>#</th>
                              <th style={{ ...cell, color: MUTED, fontWeight: 400 }}>{view.sourceHeaders.source}</th>
                              <th style={{ ...cell, color: MUTED, fontWeight: 400 }}>{view.sourceHeaders.channel}</th>
                              <th style={{ ...numberCell, color: MUTED, fontWeight: 400 }}>{view.sourceHeaders.mentions}</th>
                              <th style={{ ...numberCell, color: MUTED, fontWeight: 400 }}>{view.sourceHeaders.interactions}</th>
                            </tr>
                          </thead>
                          <tbody>
                            {view.sources.map((s, i) => (
                              <tr key={`${s.channel}|${s.name}`}>
                                <td style={{ ...cell, color: MUTED }}>{i + 1}</td>
                                <td style={cell}>
                                  {s.url ? (
                                    <a href={s.url} style={{ color: PRIMARY, textDecoration: "none" }}>
                                      {s.name}
                                    </a>
                                  ) : (
                                    s.name
                                  )}
                                </td>
                                <td style={cell}>{s.channel}</td>
                                <td style={numberCell}>{s.mentions}</td>
                                <td style={numberCell}>{s.interactions}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </Section>
                    )}
                    {view.sections.map((section) => (
                      <FeatureSection key={section.title} section={section} />
                    ))}
                    <tr>
                      <td align="center" style={{ padding: "24px 24px 8px" }}>
                        <a
                          href={view.dashboardUrl}
                          style={{
                            display: "inline-block",
                            backgroundColor: PRIMARY,
                            color: "#ffffff",
                            fontSize: 14,
                            fontWeight: 600,
                            padding: "10px 20px",
                            borderRadius: 8,
                            textDecoration: "none",
                          }}
                        >
                          {view.openDashboard}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "8px 24px 0", fontSize: 13, color: INK }}>{view.attachmentNote}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: "20px 24px 24px", fontSize: 12, lineHeight: "18px", color: MUTED }}>
                        {view.footer}{" "}
                        <a href={view.manageUrl} style={{ color: PRIMARY }}>
                          {view.manageUrl}
                        </a>
                        <br />
                        {view.support}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function reportHtml(view: ReportView, images: { trend: string; sentiment: string }): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<ReportEmail view={view} images={images} />)}`;
}
