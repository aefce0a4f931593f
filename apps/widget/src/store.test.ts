import { describe, expect, it, vi } from "vitest";
import { MessageStore } from "./store";
import type { VisitorMessage } from "./types";

const msg = (id: number, over: Partial<VisitorMessage> = {}): VisitorMessage => ({
  id,
  author: "agent",
  body: `m${id}`,
  mediaType: "chat",
  mediaUrl: null,
  mimeType: null,
  mediaInline: false,
  fileName: null,
  isDeleted: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, id)).toISOString(),
  ...over,
});

const ids = (s: MessageStore) => s.list().map((i) => i.id ?? i.clientId);

describe("MessageStore", () => {
  it("merges history without duplicates, in (createdAt, id) order", () => {
    const s = new MessageStore();
    s.merge([msg(1), msg(2)]);
    s.merge([msg(1), msg(2), msg(3)]);
    s.upsert(msg(3));
    expect(ids(s)).toEqual([1, 2, 3]);
    s.merge([msg(5), msg(4)]);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5]);
    const sameTime = msg(7, { createdAt: msg(6).createdAt });
    s.merge([sameTime, msg(6)]);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("does not notify when a merge changes nothing", () => {
    const s = new MessageStore();
    s.merge([msg(1)]);
    const listener = vi.fn();
    s.subscribe(listener);
    s.merge([msg(1)]);
    s.upsert(msg(1));
    expect(listener).not.toHaveBeenCalled();
    s.upsert(msg(1, { body: "edited" }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(s.byId(1)?.body).toBe("edited");
  });

  it("keeps pending messages last and replaces them by the server's on confirm", () => {
    const s = new MessageStore();
    s.merge([msg(1)]);
    const pending = s.addPending({ clientId: "c1", body: "hello" });
    expect(pending.status).toBe("sending");
    s.upsert(msg(2)); // an agent message arrives while ours is on its way
    expect(ids(s)).toEqual([1, 2, "c1"]);
    s.confirm("c1", msg(3, { author: "visitor", body: "hello" }));
    expect(ids(s)).toEqual([1, 2, 3]);
    const item = s.byId(3)!;
    expect(item.status).toBe("sent");
    expect(item.key).toBe("c:c1"); // same DOM identity as the pending bubble
    expect(s.list()).toHaveLength(3);
  });

  it("keeps one copy when the history brings the message before the send answer", () => {
    const s = new MessageStore();
    s.addPending({ clientId: "c1", body: "hello" });
    s.merge([msg(10, { author: "visitor", body: "hello" })]);
    expect(s.list()).toHaveLength(2); // not linkable yet (history has no clientId)
    s.confirm("c1", msg(10, { author: "visitor", body: "hello" }));
    expect(s.list()).toHaveLength(1);
    expect(s.list()[0]).toMatchObject({ id: 10, clientId: "c1", status: "sent" });
    // A later refetch still does not duplicate it.
    s.merge([msg(10, { author: "visitor", body: "hello" })]);
    expect(s.list()).toHaveLength(1);
  });

  it("confirming twice (retry answered twice) keeps one message", () => {
    const s = new MessageStore();
    s.addPending({ clientId: "c1", body: "x" });
    s.confirm("c1", msg(4, { author: "visitor", body: "x" }));
    s.confirm("c1", msg(4, { author: "visitor", body: "x" }));
    expect(ids(s)).toEqual([4]);
  });

  it("tracks send status of pending messages only", () => {
    const s = new MessageStore();
    s.addPending({ clientId: "c1", body: "x" });
    s.setStatus("c1", "retrying");
    expect(s.byClientId("c1")?.status).toBe("retrying");
    const rev = s.byClientId("c1")!.rev;
    s.setStatus("c1", "retrying");
    expect(s.byClientId("c1")!.rev).toBe(rev);
    s.confirm("c1", msg(1, { author: "visitor" }));
    s.setStatus("c1", "failed");
    expect(s.byId(1)?.status).toBe("sent");
  });

  it("marks deleted messages and a refetch does not bring them back", () => {
    const s = new MessageStore();
    s.merge([msg(1, { mediaType: "image", mediaUrl: "/files/1?x", body: "" })]);
    s.markDeleted(1);
    expect(s.byId(1)).toMatchObject({ isDeleted: true, body: "", mediaUrl: null });
    s.merge([msg(1, { mediaType: "image", mediaUrl: "/files/1?x", body: "" })]);
    expect(s.byId(1)?.isDeleted).toBe(true);
    s.merge([msg(2, { isDeleted: true, body: "" })]);
    expect(s.byId(2)?.isDeleted).toBe(true);
  });

  it("resets and removes", () => {
    const s = new MessageStore();
    s.addPending({ clientId: "a", body: "x" });
    s.addPending({ clientId: "b", body: "y" });
    s.remove("a");
    expect(ids(s)).toEqual(["b"]);
    s.reset();
    expect(s.list()).toHaveLength(0);
  });
});
