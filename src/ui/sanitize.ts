const ALLOWED = /&lt;(\/?)(b|strong|i|em|br)\s*\/?&gt;/gi;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Dialog texts may carry simple emphasis (spec §2); everything else, attributes included, is shown as text. */
export function sanitizeMarkup(text: string): string {
  return escapeHtml(text).replace(ALLOWED, (_, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`);
}
