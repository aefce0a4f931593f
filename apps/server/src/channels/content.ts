/**
 * How provider content that is not plain text becomes a message body an agent can read. Pure
 * functions shared by the Meta and Baileys mappers, so a location, a contact card or an order
 * reads the same whatever channel brought it (docs/channels.md, "What the agent sees").
 */

/** The map link of a point; the web shows it as "open in the map". */
export function mapLink(latitude: number, longitude: number): string {
  return `https://maps.google.com/maps?q=${latitude},${longitude}`;
}

/**
 * A location as lines: place name, address, any other line (the place's site, a live
 * location's caption), then the map link (always last, the web reads it from there).
 * Coordinates that are not numbers give no link, only what else is known.
 */
export function locationBody(loc: {
  latitude?: number | null;
  longitude?: number | null;
  name?: string | null;
  address?: string | null;
  extra?: (string | null | undefined)[];
}): string {
  const lines = [loc.name, loc.address, ...(loc.extra ?? [])]
    .map((l) => l?.trim())
    .filter(Boolean) as string[];
  const lat = Number(loc.latitude);
  const lng = Number(loc.longitude);
  if (loc.latitude != null && loc.longitude != null && Number.isFinite(lat) && Number.isFinite(lng))
    lines.push(mapLink(lat, lng));
  return lines.join("\n");
}

export interface CardContact {
  name?: string;
  phones?: { phone?: string; waId?: string; type?: string }[];
  emails?: string[];
  org?: string;
}

const escapeVcard = (value: string) =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");

/** Contact cards as vCard 3.0 text (one card after the other), as WhatsApp phones send them. */
export function vcardOf(cards: CardContact[]): string {
  return cards
    .map((c) => {
      const name = c.name?.trim() || c.phones?.find((p) => p.phone)?.phone || "";
      const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${escapeVcard(name)}`];
      if (c.org) lines.push(`ORG:${escapeVcard(c.org)}`);
      for (const p of c.phones ?? []) {
        if (!p.phone) continue;
        const waid = p.waId ? `;waid=${p.waId.replace(/\D/g, "")}` : "";
        lines.push(`TEL;type=${(p.type || "CELL").toUpperCase()}${waid}:${p.phone}`);
      }
      for (const e of c.emails ?? []) if (e) lines.push(`EMAIL:${e}`);
      lines.push("END:VCARD");
      return lines.join("\n");
    })
    .join("\n");
}

/** The names on vCard text (FN lines), for previews. */
export function vcardNames(vcard: string): string[] {
  return [...vcard.matchAll(/^FN[^:\n]*:(.*)$/gm)].map((m) => m[1]!.trim()).filter(Boolean);
}

/**
 * A placeholder naming what could not be shown as itself: "[poll] Lunch?" (type, then the
 * readable part when there is one). Stored with mediaType `unsupported`; never an empty bubble.
 */
export function placeholder(type: string, details?: string | null): string {
  const rest = details?.trim();
  return rest ? `[${type}] ${rest}` : `[${type}]`;
}

/** The answers of a WhatsApp Flow (nfm_reply `response_json`) as "field: value" lines. */
export function flowSummary(responseJson: unknown): string {
  let data: unknown = responseJson;
  if (typeof responseJson === "string") {
    try {
      data = JSON.parse(responseJson);
    } catch {
      return responseJson.trim();
    }
  }
  if (!data || typeof data !== "object") return String(data ?? "");
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    // The token only ties the answer to the flow we sent: nothing for a person.
    if (key === "flow_token") continue;
    const label = key
      .replace(/^screen_\d+_/, "")
      .replace(/_\d+$/, "")
      .replace(/_/g, " ")
      .trim();
    lines.push(`${label || key}: ${readable(value)}`);
  }
  return lines.join("\n");
}

function readable(value: unknown): string {
  if (Array.isArray(value)) return value.map(readable).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  // Flow option ids look like "0_Entrega_rápida": the readable part is after the index.
  if (typeof value === "string") return value.replace(/^\d+_/, "").replace(/_/g, " ");
  return String(value);
}

export interface OrderItem {
  name: string;
  quantity: number;
  /** Unit price, in the currency's units (not thousandths). */
  price?: number;
  currency?: string;
}

function money(amount: number, currency?: string): string {
  return `${currency ? `${currency} ` : ""}${amount.toFixed(2)}`;
}

/** "🛒 2 × Camiseta — BRL 49.90" lines, the total, then the customer's note. */
export function orderSummary(items: OrderItem[], note?: string | null, title?: string | null) {
  const lines: string[] = [title?.trim() ? `🛒 ${title.trim()}` : "🛒"];
  let total = 0;
  let currency: string | undefined;
  let priced = items.length > 0;
  for (const item of items) {
    const quantity = Number.isFinite(item.quantity) ? item.quantity : 1;
    const price = item.price !== undefined ? ` — ${money(item.price, item.currency)}` : "";
    lines.push(`${quantity} × ${item.name}${price}`);
    if (item.price === undefined) priced = false;
    else total += item.price * quantity;
    currency ??= item.currency;
  }
  if (priced) lines.push(`Total: ${money(total, currency)}`);
  if (note?.trim()) lines.push(note.trim());
  return lines.join("\n");
}
