import type { VisitorMessage } from "./types";

/** sending: first attempt running; retrying: waiting to retry; failed: gave up (not retryable). */
export type SendStatus = "sent" | "sending" | "retrying" | "failed";

export interface ChatItem extends Omit<VisitorMessage, "id"> {
  /** Stable identity for rendering: the clientId of a message sent from here, else the server id. */
  key: string;
  id?: number;
  clientId?: string;
  status: SendStatus;
  /** Bumped on every change of the item (the view re-renders an item when it changes). */
  rev: number;
  /** Local object URL of an image being uploaded. */
  previewUrl?: string;
  seq: number;
}

export interface PendingInput {
  clientId: string;
  body: string;
  mediaType?: string;
  /** The browser's idea of a local file's type (only for its local preview). */
  mimeType?: string | null;
  fileName?: string | null;
  previewUrl?: string;
  createdAt?: string;
}

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

function compare(a: ChatItem, b: ChatItem): number {
  const pa = a.id === undefined ? 1 : 0;
  const pb = b.id === undefined ? 1 : 0;
  if (pa !== pb) return pa - pb;
  if (pa === 1) return a.seq - b.seq;
  return time(a.createdAt) - time(b.createdAt) || (a.id ?? 0) - (b.id ?? 0);
}

function sameContent(item: ChatItem, m: VisitorMessage): boolean {
  return (
    item.body === m.body &&
    item.author === m.author &&
    item.mediaType === m.mediaType &&
    item.mediaUrl === m.mediaUrl &&
    item.mimeType === m.mimeType &&
    item.fileName === m.fileName &&
    item.isDeleted === m.isDeleted &&
    item.createdAt === m.createdAt &&
    item.status === "sent"
  );
}

/**
 * The conversation as the visitor sees it: server messages deduplicated by id, plus the
 * visitor's own messages still on their way (keyed by clientId), which become the server's
 * message once it answers. Server messages are kept in (createdAt, id) order, pending ones last.
 */
export class MessageStore {
  private items: ChatItem[] = [];
  private seq = 0;
  private listeners = new Set<() => void>();

  list(): readonly ChatItem[] {
    return this.items;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  byClientId(clientId: string): ChatItem | undefined {
    return this.items.find((i) => i.clientId === clientId);
  }

  byId(id: number): ChatItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  /** A message of the visitor shown at once, before the server has it. */
  addPending(input: PendingInput): ChatItem {
    const item: ChatItem = {
      key: `c:${input.clientId}`,
      clientId: input.clientId,
      author: "visitor",
      body: input.body,
      mediaType: input.mediaType ?? "chat",
      mediaUrl: null,
      mimeType: input.mimeType ?? null,
      mediaInline: false,
      fileName: input.fileName ?? null,
      isDeleted: false,
      createdAt: input.createdAt ?? new Date().toISOString(),
      status: "sending",
      rev: 0,
      previewUrl: input.previewUrl,
      seq: this.seq++,
    };
    this.items.push(item);
    this.changed();
    return item;
  }

  setStatus(clientId: string, status: SendStatus): void {
    const item = this.byClientId(clientId);
    if (!item || item.id !== undefined || item.status === status) return;
    item.status = status;
    item.rev++;
    this.changed();
  }

  remove(clientId: string): void {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.clientId !== clientId || i.id !== undefined);
    if (this.items.length !== before) this.changed();
  }

  /** The server's answer to a message sent with this clientId. */
  confirm(clientId: string, message: VisitorMessage): void {
    const pending = this.items.find((i) => i.clientId === clientId && i.id === undefined);
    const existing = this.byId(message.id);
    if (existing) {
      // Already known (history refetched before the answer came): keep one copy.
      if (pending) this.items = this.items.filter((i) => i !== pending);
      if (!existing.clientId) existing.clientId = clientId;
      this.apply(existing, message);
      this.sort();
      this.changed();
      return;
    }
    if (!pending) {
      this.upsert(message);
      return;
    }
    this.apply(pending, message);
    pending.id = message.id;
    this.sort();
    this.changed();
  }

  /** A server message (history, socket): added once, or updated in place. */
  upsert(message: VisitorMessage): void {
    if (this.put(message)) {
      this.sort();
      this.changed();
    }
  }

  /** Merges a history page: adds what is new, updates what changed; no duplicates. */
  merge(messages: readonly VisitorMessage[]): void {
    let dirty = false;
    for (const m of messages) dirty = this.put(m) || dirty;
    if (dirty) {
      this.sort();
      this.changed();
    }
  }

  markDeleted(id: number): void {
    const item = this.byId(id);
    if (!item || item.isDeleted) return;
    item.isDeleted = true;
    item.body = "";
    item.mediaUrl = null;
    item.rev++;
    this.changed();
  }

  /** Forget everything (new visitor). */
  reset(): void {
    this.items = [];
    this.changed();
  }

  private put(message: VisitorMessage): boolean {
    const existing = this.byId(message.id);
    if (!existing) {
      this.items.push({
        ...message,
        key: `s:${message.id}`,
        status: "sent",
        rev: 0,
        seq: this.seq++,
      });
      return true;
    }
    if (sameContent(existing, message) || (existing.isDeleted && !message.isDeleted)) return false;
    this.apply(existing, message);
    return true;
  }

  private apply(item: ChatItem, m: VisitorMessage): void {
    item.id = m.id;
    item.author = m.author;
    item.body = m.body;
    item.mediaType = m.mediaType;
    item.mediaUrl = m.mediaUrl;
    item.mimeType = m.mimeType ?? null;
    item.mediaInline = m.mediaInline ?? false;
    item.fileName = m.fileName ?? item.fileName;
    item.isDeleted = item.isDeleted || m.isDeleted;
    item.createdAt = m.createdAt;
    item.status = "sent";
    item.rev++;
  }

  private sort(): void {
    this.items.sort(compare);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
