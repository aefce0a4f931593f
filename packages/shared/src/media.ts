/**
 * Which files a browser may show inline (docs/security.md "Files and content types"). One rule
 * for the server (`/files` Content-Disposition, message DTOs), the web app and the widget.
 *
 * Inert types only: a browser decodes them as pixels or sound and never runs script from them.
 * SVG, HTML, XML and PDF are active documents: always downloads. The types are the ones the
 * server detects from the bytes (never the client's header or name).
 */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/apng",
  "image/gif",
  "image/webp",
  "audio/mpeg",
  "audio/ogg",
  "audio/opus",
  "audio/mp4",
  "audio/x-m4a",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/webm",
  "video/mp4",
  "video/webm",
]);

/** `type/subtype` in lower case, without parameters (`audio/ogg; codecs=opus` → `audio/ogg`). */
export function mimeEssence(mime: string | null | undefined): string {
  return (mime ?? "").split(";")[0]!.trim().toLowerCase();
}

/** True for the inert types that may be served inline and shown as <img>/<audio>/<video>. */
export function isInlineMime(mime: string | null | undefined): boolean {
  return INLINE_TYPES.has(mimeEssence(mime));
}

/** A message's media type for a file of this (detected) type: documents unless inert. */
export function mediaTypeOf(
  mime: string | null | undefined,
): "image" | "audio" | "video" | "document" {
  if (!isInlineMime(mime)) return "document";
  const kind = mimeEssence(mime).split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "document";
}

export type InlineElement = "img" | "audio" | "video";

/**
 * The element that shows a message's file inline, or null for a download chip. Needs an inert
 * (detected) type that fits the message's media type; an unverified file (`mime` null) is a
 * download.
 */
export function inlineElement(
  mediaType: string,
  mime: string | null | undefined,
): InlineElement | null {
  if (!isInlineMime(mime)) return null;
  const kind = mimeEssence(mime).split("/")[0];
  switch (mediaType) {
    case "image":
    case "sticker":
      return kind === "image" ? "img" : null;
    case "audio":
      // A voice note may arrive in an audio-only MP4/WebM container.
      return kind === "audio" || kind === "video" ? "audio" : null;
    case "video":
      return kind === "video" ? "video" : null;
    default:
      return null;
  }
}

/**
 * A message's media type once its file's type is known: a provider's (or client's) "image",
 * "audio", "video" or "sticker" whose bytes are not that inert kind is a document.
 */
export function mediaTypeForFile(claimed: string, mime: string | null | undefined): string {
  const media =
    claimed === "image" || claimed === "sticker" || claimed === "audio" || claimed === "video";
  return media && !inlineElement(claimed, mime) ? "document" : claimed;
}
