/**
 * Instagram's Send API takes audio only as aac, m4a, wav or mp4 (Meta's reference). An mp3 —
 * what the web's recorder makes — is converted to WAV on the way out (the file link Instagram
 * fetches asks for `format=wav`); any other audio is refused with ERR_INSTAGRAM_AUDIO_FORMAT.
 */
const ACCEPTED = new Set([
  "audio/aac",
  "audio/x-aac",
  "audio/mp4",
  "audio/m4a",
  "audio/x-m4a",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/vnd.wave",
  "video/mp4",
]);
const CONVERTIBLE = new Set(["audio/mpeg", "audio/mp3"]);

export type InstagramAudioPlan = "send" | "convert" | "refuse";

/**
 * Instagram takes audio up to 25 MB; the 16 kHz WAV of an mp3 over 12 MB (~13 minutes at
 * 128 kbps) would be larger, and decoding it would hold the server for seconds.
 */
export const MAX_CONVERTIBLE_BYTES = 12 * 1024 * 1024;

export function instagramAudioPlan(mimeType: string, size = 0): InstagramAudioPlan {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (ACCEPTED.has(type)) return "send";
  return CONVERTIBLE.has(type) && size <= MAX_CONVERTIBLE_BYTES ? "convert" : "refuse";
}

/** The query a file link gets for the WAV version (files.routes.ts converts on the way out). */
export const WAV_FORMAT_QUERY = "format=wav";
