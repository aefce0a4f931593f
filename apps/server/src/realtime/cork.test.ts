import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { corkPerTick } from "./cork.js";

/** A loopback pair: what the client writes and how many system-call batches it took. */
async function pair() {
  const received: Buffer[] = [];
  const server = net.createServer((peer) => peer.on("data", (d) => received.push(d)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const client = net.connect(port, "127.0.0.1");
  client.setNoDelay(true);
  await new Promise<void>((resolve) => client.once("connect", () => resolve()));
  const flushes = { single: 0, batched: 0 };
  const raw = client as unknown as {
    _write: (...a: unknown[]) => void;
    _writev: (...a: unknown[]) => void;
  };
  const write = raw._write.bind(client);
  const writev = raw._writev.bind(client);
  raw._write = (...a) => {
    flushes.single++;
    write(...a);
  };
  raw._writev = (...a) => {
    flushes.batched++;
    writev(...a);
  };
  const text = () => Buffer.concat(received).toString();
  return { server, client, flushes, text };
}

let open: { server: net.Server; client: net.Socket } | undefined;
afterEach(() => {
  open?.client.destroy();
  open?.server.close();
});

describe("corkPerTick", () => {
  it("sends one tick's writes in one batch, in order, and the next tick's in another", async () => {
    const p = (open = await pair());
    corkPerTick(p.client);
    corkPerTick(p.client); // twice is once
    p.client.write("a");
    p.client.write("b");
    p.client.write("c");
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.flushes).toEqual({ single: 0, batched: 1 });
    p.client.write("d");
    p.client.write("e", () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.flushes).toEqual({ single: 0, batched: 2 });
    const deadline = Date.now() + 2000;
    while (p.text() !== "abcde" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    expect(p.text()).toBe("abcde");
  });

  it("without it, each write is its own flush", async () => {
    const p = (open = await pair());
    p.client.write("a");
    p.client.write("b");
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.flushes.single + p.flushes.batched).toBe(2);
  });
});
