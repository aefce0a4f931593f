import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, open, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded bytes live. The database keeps a `files` row per object; the storage only
 * knows keys. Local disk under DATA_DIR/uploads today; an object store can implement the same.
 */
export interface Storage {
  put(companyId: number, name: string, data: Buffer): Promise<{ key: string; size: number }>;
  read(key: string): Readable;
  /** The first `bytes` bytes of an object (fewer when it is shorter). */
  head(key: string, bytes: number): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** A file name safe for any file system, keeping the extension. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_");
  return base.slice(-120) || "file";
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  async put(companyId: number, name: string, data: Buffer) {
    const key = `${companyId}/${randomUUID()}-${safeFileName(name)}`;
    const file = this.path(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return { key, size: data.length };
  }

  read(key: string): Readable {
    return createReadStream(this.path(key));
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.path(key), "r");
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.path(key);
    if (existsSync(file)) await rm(file);
  }

  private path(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error("bad storage key");
    return file;
  }
}

/**
 * Signed file URLs: `<img src>` and `<audio src>` cannot send a bearer token, so presenters hand
 * out short-lived signatures to users who may see the record.
 */
export class FileSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = 24 * 3600,
  ) {}

  url(fileId: number, now = Date.now()): string {
    // Round the expiry so the same file gets the same URL for a while (browser caching).
    const exp = Math.ceil((now / 1000 + this.ttlSeconds) / 3600) * 3600;
    return `/files/${fileId}?exp=${exp}&sig=${this.sign(fileId, exp)}`;
  }

  verify(fileId: number, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isFinite(exp) || exp * 1000 < now) return false;
    const expected = Buffer.from(this.sign(fileId, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(fileId: number, exp: number): string {
    return createHmac("sha256", this.secret).update(`${fileId}.${exp}`).digest("base64url");
  }
}
