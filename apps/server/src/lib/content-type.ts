import path from "node:path";
import { fileTypeFromBuffer } from "file-type";

/**
 * A file's type decided from its bytes, never from the sender's header or name
 * (docs/security.md "Files and content types"):
 * 1. a magic number (file-type) names binary formats: images, audio, video, PDF, Office, zip…;
 * 2. bytes that read as text (no binary control bytes, or UTF-16 with a BOM) are text, typed by a
 *    few safe extensions (csv, vcf…) and text/plain otherwise, so `<svg onload>` or HTML named
 *    `foto.png` is plain text, a download;
 * 3. anything else is application/octet-stream.
 */
export async function detectContentType(data: Buffer, filename: string): Promise<string> {
  const ext = path.extname(filename).slice(1).toLowerCase();
  const found = await fileTypeFromBuffer(data);
  if (found) {
    // Old Office files are all one container format; the extension names the program.
    if (found.mime === "application/x-cfb") return CFB_BY_EXTENSION[ext] ?? found.mime;
    return found.mime;
  }
  if (isText(data)) return TEXT_BY_EXTENSION[ext] ?? "text/plain";
  return "application/octet-stream";
}

const CFB_BY_EXTENSION: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  msg: "application/vnd.ms-outlook",
};

/** Text types worth keeping apart (contact import, vCards); none is rendered by a browser. */
const TEXT_BY_EXTENSION: Record<string, string> = {
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  vcf: "text/vcard",
  vcard: "text/vcard",
  ics: "text/calendar",
  json: "application/json",
};

const TEXT_SAMPLE = 64 * 1024;

/**
 * Text: no control bytes other than tab, line breaks, form feed, ESC and DOS's end-of-file
 * (binary formats are full of them). Any 8-bit encoding passes: spreadsheets exported as CSV in
 * Windows-1252 are common. UTF-16 needs its byte-order mark.
 */
function isText(data: Buffer): boolean {
  if (data.length >= 2) {
    const bom = data.readUInt16BE(0);
    if (bom === 0xfffe || bom === 0xfeff) return true;
  }
  const sample = data.subarray(0, TEXT_SAMPLE);
  for (const byte of sample) {
    if (byte < 0x20 && !TEXT_CONTROLS.has(byte)) return false;
  }
  return true;
}

const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a, 0x1b]);

/**
 * A file name fit for headers and screens: no control characters (a CR/LF would split a
 * header, a NUL cannot be stored), no lone surrogates (they make encodeURIComponent throw).
 */
export function cleanFileName(name: string): string {
  let out = "";
  for (const char of name) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) continue;
    out += code >= 0xd800 && code <= 0xdfff ? "\uFFFD" : char;
  }
  return out.trim();
}
