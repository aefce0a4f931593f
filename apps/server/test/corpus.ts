import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { proto, type WAMessage } from "baileys";
import type { FakeBaileysSocket } from "../src/channels/baileys/fake-socket.js";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import type { MessageDTO } from "../src/modules/messages/messages.presenter.js";
import {
  META_APP_SECRET,
  META_VERIFY_TOKEN,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from "./fake-graph.js";
import { bytesFor } from "./media-fixtures.js";
import {
  createCompany,
  createConnection,
  createUser,
  eventually,
  login,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

/**
 * The channel corpus (test/fixtures/channels/<provider>/<kind>.json): payloads in the shapes
 * Meta's webhook references and Baileys' WAProto define, written for Atrium. This file feeds
 * them the way the providers do — signed to /webhooks/meta, or as Baileys socket events — and
 * reads back what the agent sees through GET /messages.
 */

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "channels");

export type Provider = "whatsapp" | "messenger" | "instagram" | "baileys";

export const PROVIDERS: Provider[] = ["whatsapp", "messenger", "instagram", "baileys"];

export function fixtureNames(provider: Provider): string[] {
  return readdirSync(path.join(DIR, provider))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `${provider}/${f.slice(0, -5)}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fixture(name: string): any {
  return JSON.parse(readFileSync(path.join(DIR, `${name}.json`), "utf8"));
}

/** The business ids written in the fixtures; each case swaps in its own connection's. */
const BUSINESS_IDS: Record<Exclude<Provider, "baileys">, string> = {
  whatsapp: "106540352242922",
  messenger: "107240208345345",
  instagram: "17841405822304914",
};

/** The customer the fixtures come from, per provider. */
export const CUSTOMER: Record<Provider, string> = {
  whatsapp: "5511987654321",
  messenger: "6927403587313420",
  instagram: "1254459154682919",
  baileys: "5511987654321",
};

/** A fake Graph API that knows the customers' profiles, and a server on it that takes webhooks. */
export async function startCorpusServer(): Promise<{ graph: FakeGraph; server: TestServer }> {
  const graph = await startFakeGraph();
  graph.objects.set(CUSTOMER.messenger, { first_name: "Maria", last_name: "Souza" });
  graph.objects.set(CUSTOMER.instagram, { name: "Maria Souza", username: "maria.souza" });
  const server = await startTestServer({
    listen: true,
    config: {
      BAILEYS_FAKE: "1",
      GRAPH_API_URL: graph.url,
      META_APP_SECRET,
      META_VERIFY_TOKEN,
      PUBLIC_URL: "https://atrium.example.com",
    },
  });
  return { graph, server };
}

/** The agent's message the fixtures answer, react to or acknowledge. */
export const OURS: Record<Provider, string> = {
  whatsapp: "wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ0QkNBMTk4QzI2MzlEQjg3MQA=",
  messenger:
    "m_AG5Hz2Uq7tuwNEhXfYYKj8mJEM_QPpz5jdCK48PnKAjSdjfipqxqMvK8ma6AC8fplwlqLP_5cgXIbu7I3rBN0P",
  instagram:
    "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDA1ODIyMzA0OTE0OjM0MDI4MjM2Njg0MTcxMDMwMTI0NDI1OTY1MjA1NDg0OTA4NzM0Ojc0NjYyODU5NjE2MTc0MzU0MzQ0",
  baileys: "3EB0F2A1C4D6E8B0A2C4E6",
};
export const OURS_BODY = "Seu pedido saiu para entrega 🚚";

const CHANNEL: Record<Provider, string> = {
  whatsapp: "WHATSAPP_BUSINESS",
  messenger: "FACEBOOK",
  instagram: "INSTAGRAM",
  baileys: "BAILEYS",
};

const CONFIG_KEY: Record<Exclude<Provider, "baileys">, string> = {
  whatsapp: "phoneNumberId",
  messenger: "pageId",
  instagram: "instagramAccountId",
};

export interface Lane {
  provider: Provider;
  companyId: number;
  connection: { id: number; companyId: number; channelType: string };
  admin: Session;
  /** The id this company's connection has where the fixtures say BUSINESS_IDS. */
  businessId: string;
  socket?: FakeBaileysSocket;
}

/** A fresh company with one connection of the provider's channel (and its admin). */
export async function openLane(server: TestServer, provider: Provider): Promise<Lane> {
  const company = await createCompany(server.db);
  const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
  const session = await login(server, admin.email);
  const businessId = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  if (provider === "baileys") {
    const connection = await createConnection(server, company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
    });
    await request(server, session, "POST", `/whatsappsession/${connection.id}`);
    await server.app.inject({ method: "POST", url: `/test/baileys/${connection.id}/open` });
    const sessions = server.ctx.services.whatsappSessions.sessions;
    await eventually(() => sessions.local(connection.id)?.open === true);
    const socket = server.ctx.services.whatsappSessions.fakes!.get(connection.id)!;
    return { provider, companyId: company.id, connection, admin: session, businessId, socket };
  }
  const connection = await createConnection(server, company.id, {
    channelType: CHANNEL[provider],
    config: { accessToken: `token-${uid()}`, [CONFIG_KEY[provider]]: businessId },
  });
  return { provider, companyId: company.id, connection, admin: session, businessId };
}

/** An agent's message already delivered to the customer, with the provider id of `OURS`. */
export async function agentMessage(server: TestServer, lane: Lane) {
  await server.ctx.inbound.receive({
    companyId: lane.companyId,
    connectionId: lane.connection.id,
    channelType: lane.connection.channelType,
    providerMessageId: OURS[lane.provider],
    from: { number: CUSTOMER[lane.provider], name: "Maria Souza" },
    fromMe: true,
    body: OURS_BODY,
    mediaType: "chat",
    timestamp: 1_700_000_000_000,
  });
}

const ATTACHMENT_MIME: Record<string, string> = {
  image: "image/jpeg",
  audio: "audio/mp4",
  video: "video/mp4",
  file: "application/pdf",
};
const WHATSAPP_MEDIA = ["image", "video", "audio", "document", "sticker"];

/** Delivers one fixture as its provider does; answers the webhook's HTTP status (Baileys: 200). */
export async function deliver(
  server: TestServer,
  graph: FakeGraph,
  lane: Lane,
  name: string,
): Promise<number> {
  const json = fixture(name);
  if (lane.provider === "baileys") {
    await feedBaileys(lane.socket!, json);
    return 200;
  }
  const own = BUSINESS_IDS[lane.provider];
  const payload = JSON.parse(JSON.stringify(json).split(own).join(lane.businessId));
  if (lane.provider === "whatsapp") {
    // Cloud API media: the id resolves to a download on the fake Graph server.
    for (const entry of payload.entry ?? [])
      for (const change of entry.changes ?? [])
        for (const m of change.value?.messages ?? []) {
          const media = WHATSAPP_MEDIA.includes(m.type) ? m[m.type] : undefined;
          if (media?.id) {
            const mime = String(media.mime_type ?? "application/octet-stream").split(";")[0]!;
            graph.addMedia(media.id, bytesFor(mime, name), mime);
          }
        }
  } else {
    // Messenger/Instagram attachments: the same URL path, served by the fake CDN.
    for (const entry of payload.entry ?? [])
      for (const ev of entry.messaging ?? [])
        for (const att of ev.message?.attachments ?? []) {
          const mime = ATTACHMENT_MIME[att.type];
          if (!mime || !att.payload?.url) continue;
          const url = new URL(att.payload.url);
          const key = decodeURIComponent(url.pathname.slice(1));
          graph.addCdnFile(key, bytesFor(mime, name), mime);
          att.payload.url = `${graph.origin}/cdn/${url.pathname.slice(1)}${url.search}`;
        }
  }
  const res = await postWebhook(server, payload);
  return res.statusCode;
}

/** The `mimetype` a Baileys message declares for its media, wherever it is nested. */
function declaredMime(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const mime = (node as { mimetype?: unknown }).mimetype;
  if (typeof mime === "string") return mime;
  for (const value of Object.values(node)) {
    const found = declaredMime(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * Baileys hands the session proto-decoded WebMessageInfo: the fixture goes through
 * proto.WebMessageInfo.fromObject (enums, longs and bytes as Baileys has them), then out as
 * the socket's events — messages.upsert, plus messages.reaction for a reaction (as Baileys
 * does), or messages.update for a receipt ({key, update}).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function feedBaileys(socket: FakeBaileysSocket, json: any) {
  if (json.update) {
    const decoded = proto.WebMessageInfo.fromObject({ key: json.key, ...json.update });
    const update = Object.fromEntries(
      Object.keys(json.update).map((k) => [k, decoded[k as keyof typeof decoded]]),
    );
    await socket.emit("messages.update", [{ key: json.key, update }]);
    return;
  }
  const msg = proto.WebMessageInfo.fromObject(json) as unknown as WAMessage;
  socket.media.set(msg.key.id!, bytesFor(declaredMime(msg.message) ?? "", msg.key.id!));
  await socket.upsert([msg]);
  const reaction = msg.message?.reactionMessage;
  if (reaction?.key) {
    await socket.emit("messages.reaction", [
      { key: reaction.key, reaction: { ...reaction, key: msg.key } },
    ]);
  }
}

/** What the agent sees of one message (GET /messages/:ticketId). */
export interface Shown {
  body: string;
  mediaType: string;
  fileName: string | null;
  fromMe: boolean;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  history: string[];
  quoted: string | null;
  quotedBy: string | null;
  participant: string | null;
  error: string | null;
}

export async function conversation(server: TestServer, lane: Lane) {
  const rows = await server.db
    .select({ ticket: tickets, contact: contacts })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(eq(tickets.companyId, lane.companyId))
    .orderBy(tickets.id);
  const shown: Shown[] = [];
  const timestamps: (number | null)[] = [];
  for (const { ticket } of rows) {
    const res = await request(server, lane.admin, "GET", `/messages/${ticket.id}?spy=true`);
    if (res.statusCode !== 200) throw new Error(`GET /messages: ${res.statusCode} ${res.body}`);
    for (const m of res.json().messages as MessageDTO[]) {
      shown.push({
        body: m.body,
        mediaType: m.mediaType,
        fileName: m.fileName,
        fromMe: m.fromMe,
        ack: m.ack,
        isDeleted: m.isDeleted,
        isEdited: m.isEdited,
        history: m.editHistory.map((e) => e.body),
        quoted: m.quotedMsg ? m.quotedMsg.body : null,
        quotedBy: m.quotedMsg?.contact?.name ?? null,
        participant: m.participant,
        error: m.error,
      });
    }
    const stored = await server.db
      .select({ ts: messages.messageTimestamp })
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.createdAt, messages.id);
    timestamps.push(...stored.map((s) => s.ts));
  }
  return { tickets: rows, messages: shown, timestamps };
}
