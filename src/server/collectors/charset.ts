const DEFAULT_CHARSET = "utf-8";
const SNIFF_BYTES = 1024;

/**
 * The charset of a text body, by precedence: byte order mark, Content-Type charset, XML declaration,
 * HTML <meta charset> / <meta http-equiv="Content-Type">, then UTF-8.
 */
export function detectCharset(bytes: Uint8Array, contentType: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  const fromHeader = contentType?.match(/;\s*charset\s*=\s*"?([\w.:-]+)/i)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  // Labels are ASCII, and every legacy encoding we meet keeps ASCII in place, so latin1 is safe for sniffing.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, SNIFF_BYTES));
  const fromXml = head.match(/^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/)?.[1];
  if (fromXml) return fromXml.toLowerCase();
  const fromMeta = head.match(/<meta\s[^>]*?\bcharset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  if (fromMeta) return fromMeta.toLowerCase();
  return DEFAULT_CHARSET;
}

/**
 * Decodes a body with its detected charset; an unknown label falls back to UTF-8 rather than failing.
 * Bytes that are valid UTF-8 with non-ASCII in them are read as UTF-8 whatever the label says: servers often
 * label UTF-8 pages ISO-8859-1 (which cannot even write Vietnamese), while legacy-encoded Vietnamese text is
 * practically never valid UTF-8.
 */
export function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const charset = detectCharset(bytes, contentType);
  if (charset !== DEFAULT_CHARSET && !charset.startsWith("utf-16") && bytes.some((b) => b >= 0x80)) {
    const utf8 = strictUtf8(bytes);
    if (utf8 !== null) return utf8;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder(DEFAULT_CHARSET);
  }
  return decoder.decode(bytes);
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(DEFAULT_CHARSET, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
