/**
 * The bodies the server writes for content that is not plain text (docs/channels.md, "What
 * the agent sees"): a location is lines ending with its map link, a contact card is vCard text.
 */

export interface LocationContent {
  /** Place name, address and other lines, in order. */
  lines: string[];
  /** The map link (the body's last line), when there are coordinates. */
  mapUrl: string | null;
}

export function parseLocation(body: string): LocationContent {
  const lines = body
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  const mapUrl = last && /^https:\/\/maps\.google\.com\//.test(last) ? last : null;
  return { lines: mapUrl ? lines.slice(0, -1) : lines, mapUrl };
}

export interface ContactCard {
  name: string;
  phones: string[];
  emails: string[];
  org: string;
}

const unescape = (value: string) =>
  value
    .replace(/\\n/g, " ")
    .replace(/\\([,;\\])/g, "$1")
    .trim();

/** Every card of vCard text (several BEGIN:VCARD … END:VCARD blocks may follow each other). */
export function parseVcards(body: string): ContactCard[] {
  // Folded lines (RFC 6350 §3.2) continue with a leading space.
  const lines = body
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  const cards: ContactCard[] = [];
  let card: ContactCard | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).split(";")[0]!.toUpperCase();
    const value = line.slice(colon + 1);
    if (key === "BEGIN") card = { name: "", phones: [], emails: [], org: "" };
    else if (card && key === "END") {
      cards.push(card);
      card = null;
    } else if (card && key === "FN") card.name = unescape(value);
    else if (card && key === "TEL") card.phones.push(value.trim());
    else if (card && key === "EMAIL") card.emails.push(value.trim());
    else if (card && key === "ORG") card.org = unescape(value.replace(/;+$/, ""));
  }
  return cards;
}

/** One line for previews (a quote, a list): a card's names, a place's first line. */
export function previewText(mediaType: string, body: string): string {
  if (mediaType === "vcard") {
    return parseVcards(body)
      .map((c) => `👤 ${c.name || c.phones[0] || ""}`)
      .join(", ");
  }
  if (mediaType === "location") {
    const first = parseLocation(body).lines[0];
    return first ? `📍 ${first}` : "📍";
  }
  return body;
}
