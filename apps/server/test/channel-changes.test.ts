import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { channels } from "@atrium/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instagramAudioPlan } from "../src/channels/meta/instagram-audio.js";
import { mp3ToWav } from "../src/lib/audio.js";
import { messages, tickets } from "../src/db/schema/index.js";
import {
  agentMessage,
  CUSTOMER,
  deliver,
  openLane,
  OURS,
  startCorpusServer,
  type Lane,
} from "./corpus.js";
import { multipart } from "./admin-helpers.js";
import { oggOpusBytes } from "./media-fixtures.js";
import type { FakeGraph } from "./fake-graph.js";
import { collect, connect, eventually, nextEvent, request, type TestServer } from "./harness.js";

/**
 * What the corpus table cannot show on its own: changes arriving live in an open ticket view,
 * changes that must stay in their company, and the outbound side of the same kinds
 * (Instagram audio, reply_to, business-scoped ids).
 */

let graph: FakeGraph;
let server: TestServer;
beforeAll(async () => {
  ({ graph, server } = await startCorpusServer());
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const here = path.dirname(fileURLToPath(import.meta.url));
const MP3 = readFileSync(path.join(here, "fixtures", "audio", "tone-440hz.mp3"));

async function onlyTicket(lane: Lane) {
  const [ticket] = await server.db
    .select()
    .from(tickets)
    .where(eq(tickets.companyId, lane.companyId));
  return ticket!;
}

/** The lane's admin takes the ticket, so they may answer in it. */
async function accept(lane: Lane) {
  const ticket = await onlyTicket(lane);
  const res = await request(server, lane.admin, "PUT", `/tickets/${ticket.id}`, {
    status: "open",
    action: "accept",
    userId: lane.admin.userId,
  });
  expect(res.statusCode).toBe(200);
  return ticket;
}

describe("changes to a sent message, live", () => {
  for (const provider of ["whatsapp", "baileys"] as const) {
    it(`${provider}: an edit and then a revoke reach the open ticket view at once`, async () => {
      const lane = await openLane(server, provider);
      const text = provider === "whatsapp" ? "whatsapp/text" : "baileys/conversation";
      await deliver(server, graph, lane, text);
      const agent = await connect(server, lane.admin.token);
      try {
        const channel = channels.appMessage(lane.companyId);
        const edited = nextEvent<{ action: string; message: Record<string, unknown> }>(
          agent,
          channel,
        );
        await deliver(server, graph, lane, `${provider}/edit`);
        expect(await edited).toMatchObject({
          action: "update",
          message: {
            body: "Olá! Vocês entregam no domingo?",
            isEdited: true,
            editHistory: [{ body: "Olá! Vocês entregam no sábado?" }],
          },
        });
        // The same edit again (a redelivery) changes nothing and announces nothing.
        const repeat = collect(
          server,
          agent,
          channel,
          deliver(server, graph, lane, `${provider}/edit`),
        );
        expect(await repeat).toEqual([]);

        const revoked = nextEvent<{ action: string; message: Record<string, unknown> }>(
          agent,
          channel,
        );
        await deliver(server, graph, lane, `${provider}/revoke`);
        expect(await revoked).toMatchObject({
          action: "update",
          message: { isDeleted: true, body: "", editHistory: [] },
        });
        const [row] = await server.db
          .select()
          .from(messages)
          .where(eq(messages.connectionId, lane.connection.id));
        // Kept (WhatsApp shows 'Esta mensagem foi apagada'), not removed as on Messenger.
        expect(row).toMatchObject({ isDeleted: true, isEdited: true });
      } finally {
        agent.disconnect();
      }
    });
  }

  it("an edit or revoke naming another company's message id changes nothing there", async () => {
    const victim = await openLane(server, "whatsapp");
    await deliver(server, graph, victim, "whatsapp/text");
    const other = await openLane(server, "whatsapp");
    const watcher = await connect(server, victim.admin.token);
    try {
      const leaked = collect(
        server,
        watcher,
        channels.appMessage(victim.companyId),
        (async () => {
          expect(await deliver(server, graph, other, "whatsapp/edit")).toBe(200);
          expect(await deliver(server, graph, other, "whatsapp/revoke")).toBe(200);
        })(),
      );
      expect(await leaked).toEqual([]);
    } finally {
      watcher.disconnect();
    }
    const [row] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.connectionId, victim.connection.id));
    expect(row).toMatchObject({
      body: "Olá! Vocês entregam no sábado?",
      isEdited: false,
      isDeleted: false,
    });
  });
});

describe("a webhook Meta could never deliver whole", () => {
  it("a payload that is not Meta's shape at all is answered 200 and stores nothing", async () => {
    const lane = await openLane(server, "whatsapp");
    const { postWebhook } = await import("./fake-graph.js");
    for (const payload of [
      { object: "whatsapp_business_account", entry: "nope" },
      {
        object: "whatsapp_business_account",
        entry: [
          {
            changes: [
              {
                field: "messages",
                value: {
                  metadata: { phone_number_id: lane.businessId },
                  messages: [null, 7, { id: {} }],
                },
              },
            ],
          },
        ],
      },
      {
        object: "page",
        entry: [{ id: lane.businessId, messaging: [{ sender: {}, message: "x" }] }],
      },
      [],
      "text",
    ]) {
      const res = await postWebhook(server, payload);
      expect(res.statusCode).toBe(200);
    }
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.connectionId, lane.connection.id));
    expect(stored).toEqual([]);
  });
});

describe("outbound on the same channels", () => {
  it("Instagram: a recorded mp3 goes as WAV; the reply target sits beside `message`", async () => {
    const lane = await openLane(server, "instagram");
    await deliver(server, graph, lane, "instagram/text");
    const ticket = await accept(lane);
    const [incoming] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id));

    const sent = await multipart(server, lane.admin, "POST", `/messages/${ticket.id}`, {
      fields: { body: "", quotedMsgId: incoming!.id },
      files: [{ field: "medias", filename: "gravacao.mp3", type: "audio/mpeg", data: MP3 }],
    });
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json().messages[0].id as number;
    const recipient = (r: { body: Record<string, unknown> }) =>
      (r.body.recipient as { id?: string })?.id === CUSTOMER.instagram && Boolean(r.body.message);
    await eventually(() => graph.find("/me/messages", "POST").some(recipient));
    const call = graph.find("/me/messages", "POST").find(recipient)!;
    expect(call.body).toMatchObject({
      recipient: { id: CUSTOMER.instagram },
      reply_to: { mid: incoming!.providerMessageId },
      message: {
        attachment: { type: "audio", payload: { url: expect.stringContaining("format=wav") } },
      },
    });
    expect((call.body.message as Record<string, unknown>).reply_to).toBeUndefined();

    // What Instagram downloads from that link is a WAV of the recording.
    const url = new URL(
      (call.body.message as { attachment: { payload: { url: string } } }).attachment.payload.url,
    );
    const fetched = await server.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers["content-type"]).toBe("audio/wav");
    expect(fetched.rawPayload.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(fetched.rawPayload.subarray(8, 12).toString("ascii")).toBe("WAVE");
    await eventually(async () => {
      const [row] = await server.db.select().from(messages).where(eq(messages.id, messageId));
      return row!.ack >= 1 && row!.error === null;
    });
  });

  it("Instagram: an audio it cannot take is refused in the composer with a clear code", async () => {
    const lane = await openLane(server, "instagram");
    await deliver(server, graph, lane, "instagram/text");
    const ticket = await accept(lane);
    const res = await multipart(server, lane.admin, "POST", `/messages/${ticket.id}`, {
      files: [{ field: "medias", filename: "nota.ogg", type: "audio/ogg", data: oggOpusBytes() }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_INSTAGRAM_AUDIO_FORMAT" });
    // Nothing was stored or sent.
    const stored = await server.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored).toHaveLength(1);
  });

  it("WhatsApp Cloud: a customer known only by business-scoped id is answered by that id", async () => {
    const lane = await openLane(server, "whatsapp");
    await deliver(server, graph, lane, "whatsapp/bsuid-only");
    const ticket = await accept(lane);
    const res = await request(server, lane.admin, "POST", `/messages/${ticket.id}`, {
      body: "Olá! Como posso ajudar?",
    });
    expect(res.statusCode).toBe(201);
    const path = `/${lane.businessId}/messages`;
    await eventually(() => graph.find(path, "POST").some((r) => r.body.type === "text"));
    const call = graph.find(path, "POST").find((r) => r.body.type === "text")!;
    expect(call.body).toMatchObject({ recipient: "BR.1502576394655843" });
    expect(call.body.to).toBeUndefined();
  });

  it("an ack update for another company's provider id leaves that message alone", async () => {
    const victim = await openLane(server, "whatsapp");
    await agentMessage(server, victim);
    const other = await openLane(server, "whatsapp");
    await deliver(server, graph, other, "whatsapp/status-read");
    const [row] = await server.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.connectionId, victim.connection.id),
          eq(messages.providerMessageId, OURS.whatsapp),
        ),
      );
    expect(row).toMatchObject({ ack: 1 });
  });
});

describe("mp3 to WAV", () => {
  it("decodes the recording to 16 kHz mono PCM of about the same length", async () => {
    const wav = await mp3ToWav(MP3);
    expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16_000);
    const seconds = wav.readUInt32LE(40) / 2 / 16_000;
    expect(seconds).toBeGreaterThan(0.35);
    expect(seconds).toBeLessThan(0.6);
  });

  it("refuses bytes that are not mp3", async () => {
    await expect(mp3ToWav(Buffer.from("definitely not audio"))).rejects.toThrow();
  });

  it("Instagram's plan: its own formats as they are, mp3 converted up to 12 MB, the rest refused", () => {
    expect(instagramAudioPlan("audio/mp4")).toBe("send");
    expect(instagramAudioPlan("audio/wav")).toBe("send");
    expect(instagramAudioPlan("audio/mpeg", 2_000_000)).toBe("convert");
    expect(instagramAudioPlan("audio/mpeg", 13 * 1024 * 1024)).toBe("refuse");
    expect(instagramAudioPlan("audio/ogg; codecs=opus")).toBe("refuse");
    expect(instagramAudioPlan("audio/webm")).toBe("refuse");
  });
});
