/** A page, or the gap before or after the current page's neighbours (each unique, so it can be a React key). */
export type PageItem = number | "gap-before" | "gap-after";

/** Page buttons to show: first, last, and the neighbours of the current page, with gaps for what is left out. */
export function pageItems(current: number, totalPages: number, neighbours = 1): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const shown = new Set([1, totalPages]);
  for (let p = current - neighbours; p <= current + neighbours; p += 1) if (p >= 1 && p <= totalPages) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const gap = page - (pages[i - 1] ?? page);
    // A gap of one page is shown as that page: a button is as small as the ellipsis.
    if (gap === 2) items.push(page - 1);
    else if (gap > 2) items.push(page <= current ? "gap-before" : "gap-after");
    items.push(page);
  });
  return items;
}
