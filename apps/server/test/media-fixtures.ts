import { deflateSync } from "node:zlib";

/**
 * Small files for upload tests, written here byte by byte: a real 1×1 PNG, and the leading
 * bytes of other formats (what a content sniffer reads: magic numbers and first headers).
 */

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of one RGB colour (1×1 unless a size is given). */
export function pngBytes(
  rgb: [number, number, number] = [0, 45, 110],
  width = 1,
  height = 1,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** JPEG start: SOI + a JFIF APP0 segment. */
export const jpegBytes = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0", "latin1"),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.alloc(32),
  ]);

/** MP3 start: an empty ID3v2 tag, then MPEG-1 Layer III frame headers (128 kbps, 44.1 kHz). */
export function mp3Bytes(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([
    Buffer.from("ID3", "latin1"),
    Buffer.from([4, 0, 0, 0, 0, 0, 0]),
    frame,
    frame,
  ]);
}

/** Ogg page carrying an Opus identification header (a WhatsApp voice note starts so). */
export function oggOpusBytes(): Buffer {
  const page = Buffer.alloc(27);
  page.write("OggS", 0, "latin1");
  page[5] = 2; // first page of the stream
  page[26] = 1; // one segment
  const head = Buffer.concat([
    Buffer.from("OpusHead", "latin1"),
    Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  return Buffer.concat([page, Buffer.from([head.length]), head]);
}

/** MP4 start: an ftyp box of brand isom. */
export function mp4Bytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4, "latin1");
  ftyp.write("isomiso2", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(32)]);
}

export const pdfBytes = (): Buffer =>
  Buffer.from("%PDF-1.4\n% Atrium test\n1 0 obj\n<<>>\nendobj\n");

/** What an attacker uploads as "foto.png": SVG with script in two places. */
export const svgWithScript = (): Buffer =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.pwned=1"><script>window.pwned=2</script></svg>',
  );

export const htmlWithScript = (): Buffer =>
  Buffer.from("<!doctype html><html><body><script>window.pwned=3</script></body></html>");

/** The same SVG, as XML with a declaration (sniffers name it application/xml). */
export const xmlSvgWithScript = (): Buffer =>
  Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svgWithScript()]);

/** WebP start: a RIFF container of form WEBP with a VP8 chunk header (a WhatsApp sticker). */
export function webpBytes(): Buffer {
  const riff = Buffer.alloc(20);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(40, 4);
  riff.write("WEBPVP8 ", 8, "latin1");
  riff.writeUInt32LE(20, 16);
  return Buffer.concat([riff, Buffer.alloc(28)]);
}

/** M4A start: an ftyp box of brand "M4A " (AAC audio in MP4). */
export function m4aBytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypM4A ", 4, "latin1");
  ftyp.write("M4A isom", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(32)]);
}

/**
 * Bytes whose content matches a provider's declared type, so a test's media survives the
 * content sniffer as what it claims to be; anything else gets text bytes (a document).
 */
export function bytesFor(mime: string, label = "file"): Buffer {
  switch (mime.split(";")[0]!.trim().toLowerCase()) {
    case "image/jpeg":
      return jpegBytes();
    case "image/png":
      return pngBytes();
    case "image/webp":
      return webpBytes();
    case "audio/ogg":
    case "audio/opus":
      return oggOpusBytes();
    case "audio/mpeg":
      return mp3Bytes();
    case "audio/mp4":
    case "audio/aac":
    case "audio/x-m4a":
      return m4aBytes();
    case "video/mp4":
      return mp4Bytes();
    case "application/pdf":
      return pdfBytes();
    default:
      return Buffer.from(`bytes of ${label}`);
  }
}
