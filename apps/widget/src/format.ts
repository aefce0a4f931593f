/** Small pure helpers of the view. */

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:mm in the visitor's local time ("" for a bad date). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** dd/mm/yyyy HH:mm (tooltip of the time). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${formatTime(iso)}`;
}

export const DEFAULT_COLOR = "#002d6e";

/** The connection colour if it is a plain CSS colour (it goes into a stylesheet). */
export function safeColor(color: string | null | undefined): string {
  const c = (color ?? "").trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(c)) return c;
  if (/^(?:rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/deg-]+\)$/i.test(c)) return c;
  return DEFAULT_COLOR;
}

/** Black or white, whichever reads better on the colour (white for non-hex colours). */
export function textColorOn(color: string): string {
  const m = /^#([0-9a-f]{3,8})$/i.exec(color);
  if (!m) return "#ffffff";
  let hex = m[1]!;
  if (hex.length <= 4) hex = hex.slice(0, 3).replace(/./g, (ch) => ch + ch);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / 0.061; // #111827
  // Brand colours usually want white text: keep it while it stays readable (WCAG large text).
  return onWhite >= 3 || onWhite >= onDark ? "#ffffff" : "#111827";
}

export interface TextPart {
  text: string;
  href?: string;
  /** WhatsApp-style emphasis: *bold*, _italic_, ~strike~ (agents' signatures use bold). */
  style?: "b" | "i" | "s";
}

const EMPHASIS = /\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~/g;

/** Links plus *bold*, _italic_ and ~strike~ spans; every part stays plain text (no HTML). */
export function formatText(text: string): TextPart[] {
  const out: TextPart[] = [];
  for (const part of linkify(text)) {
    if (part.href) {
      out.push(part);
      continue;
    }
    let last = 0;
    for (const m of part.text.matchAll(EMPHASIS)) {
      if (m.index > last) out.push({ text: part.text.slice(last, m.index) });
      const style = m[1] !== undefined ? "b" : m[2] !== undefined ? "i" : "s";
      out.push({ text: m[1] ?? m[2] ?? m[3] ?? "", style });
      last = m.index + m[0].length;
    }
    if (last < part.text.length) out.push({ text: part.text.slice(last) });
  }
  return out;
}

/** Splits text into plain parts and http(s) links (rendered as text nodes and <a>, never HTML). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const re = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let url = m[0];
    // Trailing punctuation belongs to the sentence, not the link.
    const trail = /[.,;:!?)\]]+$/.exec(url);
    if (trail) url = url.slice(0, -trail[0].length);
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: url, href: url });
    last = m.index + url.length;
    re.lastIndex = last;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A unique id for a message sent from this widget (≤ 64 chars, also on plain-http pages). */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  if (typeof crypto !== "undefined" && typeof crypto.getRandomValues === "function") {
    crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  const rand = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${Date.now().toString(36)}-${rand}`;
}
