/**
 * Keywords as search terms: trimmed, deduplicated, quotes removed, multi-word keywords quoted as phrases;
 * each provider joins them with its own OR operator.
 */
export function searchTerms(keywords: readonly string[] | undefined): string[] {
  // Searches ignore case, so "Vinamilk" and "vinamilk" are one term.
  const terms = new Map<string, string>();
  for (const keyword of keywords ?? []) {
    const cleaned = keyword.normalize("NFC").replace(/"/g, " ").replace(/\s+/g, " ").trim();
    if (cleaned && !terms.has(cleaned.toLowerCase())) terms.set(cleaned.toLowerCase(), cleaned.includes(" ") ? `"${cleaned}"` : cleaned);
  }
  return [...terms.values()];
}
