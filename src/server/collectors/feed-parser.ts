import { XMLParser, XMLValidator } from "fast-xml-parser";
import { MalformedResponseError } from "./errors";
import { parseFeedDate } from "./feed-date";
import { decodeEntities } from "./html-entities";
import { htmlToText, plainText } from "./html-text";

/** One RSS item or Atom entry, with text already plain and links absolute. */
export type FeedEntry = {
  /** RSS guid, Atom id or RDF rdf:about. */
  id: string | null;
  link: string | null;
  title: string | null;
  /** The fullest text offered: content:encoded over description, Atom content over summary. */
  content: string;
  publishedAt: Date | null;
  author: string | null;
  /** RSS 2.0 <source>: the publisher an aggregator took the item from. */
  source: { name: string; url: string | null } | null;
};

type ParsedFeed = {
  title: string | null;
  link: string | null;
  updatedAt: Date | null;
  entries: FeedEntry[];
};

type Node = Record<string, unknown>;

// Atom text constructs are kept raw, because type="xhtml" content is markup the parser would otherwise take apart.
const ATOM_TEXT_NODES = ["feed.entry.title", "feed.entry.summary", "feed.entry.content"];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  stopNodes: ATOM_TEXT_NODES,
  isArray: (name) => name === "item" || name === "entry",
});

/** Parses RSS 2.0 (and 0.9x), RSS 1.0 (RDF) and Atom 1.0; throws MalformedResponseError otherwise. */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed {
  const escaped = escapeBareAmpersands(xml);
  const valid = XMLValidator.validate(escaped);
  if (valid !== true) throw new MalformedResponseError(`invalid XML at line ${valid.err.line}: ${valid.err.msg}`);
  const doc = parser.parse(escaped) as Node;
  const rdfRoot = Object.keys(doc).find((key) => /(^|:)RDF$/.test(key));
  if (isNode(doc.rss)) return parseRss(doc.rss, feedUrl);
  if (isNode(doc.feed)) return parseAtom(doc.feed, feedUrl);
  if (rdfRoot && isNode(doc[rdfRoot])) return parseRdf(doc[rdfRoot], feedUrl);
  throw new MalformedResponseError(`not a feed: root element is ${Object.keys(doc).filter((k) => k !== "?xml")[0] ?? "missing"}`);
}

function parseRss(rss: Node, feedUrl: string): ParsedFeed {
  const channel = isNode(rss.channel) ? rss.channel : {};
  const base = absoluteUrl(text(channel.link), feedUrl) ?? feedUrl;
  return {
    title: optional(htmlToText(text(channel.title) ?? "")),
    link: absoluteUrl(text(channel.link), feedUrl),
    updatedAt: parseFeedDate(text(channel.lastBuildDate) ?? text(channel.pubDate) ?? text(channel["dc:date"])),
    entries: nodes(channel.item).map((item) => rssItem(item, base)),
  };
}

function parseRdf(rdf: Node, feedUrl: string): ParsedFeed {
  const channel = isNode(rdf.channel) ? rdf.channel : {};
  const base = absoluteUrl(text(channel.link), feedUrl) ?? feedUrl;
  return {
    title: optional(htmlToText(text(channel.title) ?? "")),
    link: absoluteUrl(text(channel.link), feedUrl),
    updatedAt: parseFeedDate(text(channel["dc:date"])),
    entries: nodes(rdf.item).map((item) => ({ ...rssItem(item, base), id: attribute(item, "rdf:about") ?? null })),
  };
}

function rssItem(item: Node, base: string): FeedEntry {
  const guid = text(item.guid);
  const guidIsLink = attribute(item.guid, "isPermaLink") !== "false";
  const source = item.source;
  return {
    id: guid,
    link: absoluteUrl(text(item.link), base) ?? (guidIsLink ? absoluteUrl(guid, base) : null),
    title: optional(htmlToText(text(item.title) ?? "")),
    content: htmlToText(text(item["content:encoded"]) ?? text(item.description) ?? ""),
    publishedAt: parseFeedDate(text(item.pubDate) ?? text(item["dc:date"])),
    author: rssAuthor(text(item["dc:creator"]) ?? text(item.author)),
    source: source === undefined ? null : { name: plainText(text(source) ?? ""), url: absoluteUrl(attribute(source, "url"), base) },
  };
}

/** RSS 2.0 <author> is "email (Name)"; dc:creator is a name. */
function rssAuthor(value: string | null): string | null {
  if (!value) return null;
  const named = value.match(/^\S+@\S+\s*\((.+)\)$/)?.[1];
  if (named) return plainText(named);
  return /^\S+@\S+$/.test(value) ? null : optional(plainText(value));
}

function parseAtom(feed: Node, feedUrl: string): ParsedFeed {
  const base = atomLink(feed.link, feedUrl) ?? feedUrl;
  return {
    title: atomText(feed.title),
    link: atomLink(feed.link, feedUrl),
    updatedAt: parseFeedDate(text(feed.updated)),
    entries: nodes(feed.entry).map((entry) => ({
      id: text(entry.id),
      link: atomLink(entry.link, base),
      title: atomText(entry.title),
      content: atomText(entry.content) ?? atomText(entry.summary) ?? "",
      publishedAt: parseFeedDate(text(entry.published) ?? text(entry.updated)),
      author: optional(
        plainText(
          nodes(entry.author)
            .map((a) => text(a.name))
            .find(Boolean) ?? "",
        ),
      ),
      source: null,
    })),
  };
}

/** RFC 4287 §4.2.7: the entry's page is rel="alternate", which is also the default when rel is absent. */
function atomLink(links: unknown, base: string): string | null {
  const candidates = (Array.isArray(links) ? links : [links]).filter((l) => (attribute(l, "rel") ?? "alternate") === "alternate");
  const preferred = candidates.find((l) => (attribute(l, "type") ?? "text/html") === "text/html") ?? candidates[0];
  return absoluteUrl(attribute(preferred, "href"), base);
}

/** RFC 4287 §3.1 and §4.1.3: type "text" (default), "html" (escaped markup), "xhtml" (inline markup), or a MIME type. */
function atomText(node: unknown): string | null {
  const raw = text(node);
  if (raw === null) return null;
  const type = attribute(node, "type") ?? "text";
  if (type.includes("xhtml")) return optional(htmlToText(raw));
  const unescaped = unescapeXml(raw);
  return optional(type.includes("html") ? htmlToText(unescaped) : plainText(unescaped));
}

/** Raw XML character data: CDATA sections taken as they are, references decoded elsewhere. */
function unescapeXml(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith("<![CDATA[") ? part.slice(9, -3) : decodeEntities(part)))
    .join("");
}

/** Real feeds often carry unescaped '&' in URLs and text, which is not XML; escape them instead of rejecting the feed. */
function escapeBareAmpersands(xml: string): string {
  return xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|&(?!#\d+;|#x[0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9]*;)/g, (match) =>
    match === "&" ? "&amp;" : match,
  );
}

function absoluteUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nodes(value: unknown): Node[] {
  return (Array.isArray(value) ? value : [value]).filter(isNode);
}

function text(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const raw = isNode(first) ? first["#text"] : first;
  return typeof raw === "string" || typeof raw === "number" ? String(raw).trim() || null : null;
}

function attribute(value: unknown, name: string): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const raw = isNode(first) ? first[`@_${name}`] : undefined;
  return typeof raw === "string" ? raw : null;
}

function optional(value: string): string | null {
  return value === "" ? null : value;
}
