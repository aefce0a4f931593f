import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contacts } from "../src/db/schema/index.js";
import {
  agentMessage,
  conversation,
  CUSTOMER,
  deliver,
  fixtureNames,
  openLane,
  OURS_BODY,
  PROVIDERS,
  type Provider,
  startCorpusServer,
  type Shown,
} from "./corpus.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";

/**
 * Every payload kind the channels send (test/fixtures/channels), delivered as the provider
 * does, and what the agent then sees: the conversation as GET /messages shows it, the contact
 * and the ticket. One row per fixture (some fixtures twice, after different histories).
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

interface Case {
  fixture: string;
  /** What the agent should see, said as a person would. */
  sees: string;
  /** Fixtures delivered first (the original of an edit, the message a reply quotes…). */
  before?: string[];
  /** The agent already sent OURS_BODY (acks, reactions and answers point at it). */
  ours?: boolean;
  /** The whole conversation, in order. */
  messages: Partial<Record<keyof Shown, unknown>>[];
  contact?: { number?: string; name?: string; bsuid?: string | null; isGroup?: boolean };
  ticket?: { lastMessage?: string; unreadMessages?: number };
  /** messageTimestamp (ms) of each message, in order. */
  timestamps?: number[];
  /** A warning the server logs with the reason a bad entry was skipped. */
  logged?: RegExp;
}

const any = (re: RegExp) => expect.stringMatching(re);
const ours = { body: OURS_BODY, fromMe: true };
const WA_TEXT = "Olá! Vocês entregam no sábado?";
const BSUID = "BR.1502576394655843";
const MAP_MASP = "https://maps.google.com/maps?q=-23.5613496,-46.6565496";

const whatsapp: Case[] = [
  {
    fixture: "whatsapp/text",
    sees: "the text, from the contact named in the webhook; the ticket waits with 1 unread",
    messages: [{ body: WA_TEXT, mediaType: "chat", fromMe: false, quoted: null }],
    contact: { number: CUSTOMER.whatsapp, name: "Maria Souza", bsuid: null },
    ticket: { lastMessage: WA_TEXT, unreadMessages: 1 },
    timestamps: [1_700_000_000_000],
  },
  {
    fixture: "whatsapp/reply",
    before: ["whatsapp/text"],
    sees: "the reply under a quote of the message it answers",
    messages: [
      { body: WA_TEXT },
      { body: "Esse mesmo, o azul", quoted: WA_TEXT, quotedBy: "Maria Souza" },
    ],
  },
  {
    fixture: "whatsapp/image",
    sees: "the photo (downloaded by media id) with its caption",
    messages: [{ body: "Chegou assim", mediaType: "image", fileName: any(/^image-.+\.jpg$/) }],
  },
  {
    fixture: "whatsapp/video",
    sees: "the video",
    messages: [{ body: "", mediaType: "video", fileName: any(/\.mp4$/) }],
    ticket: { lastMessage: any(/^video-.+\.mp4$/) },
  },
  {
    fixture: "whatsapp/audio-voice",
    sees: "the voice note, playable",
    messages: [{ mediaType: "audio", fileName: any(/\.ogg$/) }],
  },
  {
    fixture: "whatsapp/document",
    sees: "the document under its own file name, with its caption",
    messages: [
      { body: "Segue o comprovante", mediaType: "document", fileName: "comprovante-março.pdf" },
    ],
  },
  {
    fixture: "whatsapp/sticker",
    sees: "the sticker",
    messages: [{ mediaType: "sticker", fileName: any(/\.webp$/) }],
  },
  {
    fixture: "whatsapp/location",
    sees: "the place, its address, its site and a map link",
    messages: [
      {
        mediaType: "location",
        body: `MASP\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP\nhttps://masp.org.br\n${MAP_MASP}`,
      },
    ],
    ticket: { lastMessage: "📍 MASP" },
  },
  {
    fixture: "whatsapp/location-pin",
    sees: "a dropped pin as a map link",
    messages: [{ mediaType: "location", body: "https://maps.google.com/maps?q=-22.9519,-43.2105" }],
    ticket: { lastMessage: "📍" },
  },
  {
    fixture: "whatsapp/contacts",
    sees: "a contact card with the name and both numbers",
    messages: [
      {
        mediaType: "vcard",
        body: any(
          /FN:João Pereira\nORG:Pereira Transportes\nTEL;type=CELL;waid=5511912345678:\+55 11 91234-5678\nTEL;type=WORK:\+55 11 3333-4444\nEMAIL:joao@exemplo.com.br/,
        ),
      },
    ],
    ticket: { lastMessage: "👤 João Pereira" },
  },
  {
    fixture: "whatsapp/interactive-button-reply",
    ours: true,
    sees: "the button the customer tapped, quoting the agent's message",
    messages: [ours, { body: "Confirmar", mediaType: "chat", quoted: OURS_BODY }],
  },
  {
    fixture: "whatsapp/interactive-list-reply",
    ours: true,
    sees: "the list row chosen, with its description",
    messages: [ours, { body: "Tarde (13h–18h)\nEntrega no período da tarde" }],
  },
  {
    fixture: "whatsapp/interactive-flow-reply",
    ours: true,
    sees: "the Flow's answers, field by field (not the token)",
    messages: [
      ours,
      {
        body: "📝 Sent\nnome completo: Maria Souza\ndata entrega: 2024-03-16\nforma pagamento: Pix\naceita termos: true",
      },
    ],
  },
  {
    fixture: "whatsapp/button",
    ours: true,
    sees: "the template's quick-reply button text",
    messages: [ours, { body: "Parar promoções", quoted: OURS_BODY }],
  },
  {
    fixture: "whatsapp/order",
    sees: "the order: items, quantities, prices, total and the note",
    messages: [
      {
        mediaType: "chat",
        body: "🛒\n2 × camiseta-azul-m — BRL 49.90\n1 × bone-preto — BRL 35.00\nTotal: BRL 134.80\nPode embrulhar para presente?",
      },
    ],
  },
  {
    fixture: "whatsapp/reaction",
    ours: true,
    sees: "the emoji on the agent's message",
    messages: [ours, { mediaType: "reaction", body: "👍", quoted: OURS_BODY }],
  },
  {
    fixture: "whatsapp/reaction-removed",
    ours: true,
    sees: "nothing new when a reaction is taken back",
    messages: [ours],
  },
  {
    fixture: "whatsapp/revoke",
    before: ["whatsapp/text"],
    sees: "the original shown as deleted, no new message",
    messages: [{ isDeleted: true, body: "", mediaType: "chat" }],
  },
  {
    fixture: "whatsapp/edit",
    before: ["whatsapp/text"],
    sees: "the original with its new text, marked edited, the old text kept",
    messages: [{ body: "Olá! Vocês entregam no domingo?", isEdited: true, history: [WA_TEXT] }],
  },
  {
    fixture: "whatsapp/unsupported",
    sees: "a placeholder naming the type and Meta's reason",
    messages: [
      {
        mediaType: "unsupported",
        body: "[poll] Message type unknown: Message type is currently not supported. (131051)",
      },
    ],
  },
  {
    fixture: "whatsapp/unknown-type",
    sees: "a placeholder naming a type Atrium does not know",
    messages: [{ mediaType: "unsupported", body: "[request_welcome]" }],
  },
  {
    fixture: "whatsapp/system-number-changed",
    sees: "WhatsApp's notice that the customer changed number",
    messages: [{ body: any(/changed from 5511987654321 to 5511955554444/) }],
  },
  {
    fixture: "whatsapp/bsuid-only",
    sees: "a message from a customer who hides the number: contact keyed by the BSUID",
    messages: [{ body: "Oi, vi o anúncio" }],
    contact: { number: BSUID, bsuid: BSUID, name: "Maria" },
  },
  {
    fixture: "whatsapp/bsuid-with-phone",
    before: ["whatsapp/bsuid-only"],
    sees: "the same contact and ticket once the number comes along with the BSUID",
    messages: [{ body: "Oi, vi o anúncio" }, { body: "Agora com meu número" }],
    contact: { number: CUSTOMER.whatsapp, bsuid: BSUID },
  },
  {
    fixture: "whatsapp/timestamp-milliseconds",
    sees: "the message at its time, given in milliseconds",
    messages: [{ body: "hora em milissegundos" }],
    timestamps: [1_700_000_000_123],
  },
  {
    fixture: "whatsapp/timestamp-iso",
    sees: "the message at its time, given as ISO 8601",
    messages: [{ body: "hora em ISO 8601" }],
    timestamps: [1_700_000_000_000],
  },
  {
    fixture: "whatsapp/timestamp-bad-in-batch",
    sees: "every message of the call; the one with an unreadable time at the time received, logged with its reason",
    messages: [{ body: "primeira" }, { body: "hora ilegível" }, { body: "terceira" }],
    logged: /unreadable timestamp "ontem às 10h": stored at the time received/,
  },
  {
    fixture: "whatsapp/batch-two-messages",
    sees: "both messages of one call, in order",
    messages: [{ body: "Bom dia" }, { body: "Alguém aí?" }],
    ticket: { unreadMessages: 2, lastMessage: "Alguém aí?" },
  },
  {
    fixture: "whatsapp/status-sent",
    ours: true,
    sees: "one tick (ack 2)",
    messages: [{ ...ours, ack: 2 }],
  },
  {
    fixture: "whatsapp/status-delivered",
    ours: true,
    sees: "grey double tick (ack 3)",
    messages: [{ ...ours, ack: 3 }],
  },
  {
    fixture: "whatsapp/status-read",
    ours: true,
    sees: "blue double tick (ack 4)",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "whatsapp/status-played",
    ours: true,
    sees: "played (ack 5)",
    messages: [{ ...ours, ack: 5 }],
  },
  {
    fixture: "whatsapp/status-delivered",
    before: ["whatsapp/status-read"],
    ours: true,
    sees: "still blue when 'delivered' arrives after 'read' (never downgraded)",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "whatsapp/status-failed",
    ours: true,
    sees: "Meta's reason with its details, the code once",
    messages: [
      {
        ...ours,
        error:
          "Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number. (131047)",
      },
    ],
  },
  {
    fixture: "whatsapp/status-failed-code-in-text",
    ours: true,
    sees: "the reason without the code Meta put in the text too",
    messages: [
      {
        ...ours,
        error:
          "Message undeliverable: The recipient may not be on WhatsApp or uses an old app version. (131026)",
      },
    ],
  },
  {
    fixture: "whatsapp/status-bad-timestamp",
    ours: true,
    sees: "the good status of the call applied; the unreadable one logged",
    messages: [{ ...ours, ack: 4 }],
    logged: /unreadable timestamp "not-a-time"/,
  },
];

const M_TEXT = "Oi! Qual o horário de funcionamento?";
const messenger: Case[] = [
  {
    fixture: "messenger/text",
    sees: "the text, from the contact named by the profile lookup",
    messages: [{ body: M_TEXT, mediaType: "chat" }],
    contact: { number: CUSTOMER.messenger, name: "Maria Souza" },
    ticket: { lastMessage: M_TEXT, unreadMessages: 1 },
    timestamps: [1_700_000_000_123],
  },
  {
    fixture: "messenger/reply",
    before: ["messenger/text"],
    sees: "the reply quoting the earlier message",
    messages: [{ body: M_TEXT }, { body: "E no feriado?", quoted: M_TEXT }],
  },
  {
    fixture: "messenger/image",
    sees: "the photo with the text as caption",
    messages: [
      { mediaType: "image", body: "Olha a etiqueta", fileName: "415469744_etiqueta_n.jpg" },
    ],
  },
  {
    fixture: "messenger/audio",
    sees: "the audio clip",
    messages: [{ mediaType: "audio", fileName: "415500123_audioclip-1700000000123.mp4" }],
  },
  {
    fixture: "messenger/video",
    sees: "the video",
    messages: [{ mediaType: "video", fileName: "415501234_video.mp4" }],
  },
  {
    fixture: "messenger/file",
    sees: "the file as a document with its name",
    messages: [{ mediaType: "document", fileName: "orcamento-2024.pdf" }],
  },
  {
    fixture: "messenger/sticker",
    sees: "the sticker",
    messages: [{ mediaType: "sticker", fileName: any(/\.png$/) }],
  },
  {
    fixture: "messenger/location",
    sees: "the shared location with a map link (not an empty bubble)",
    messages: [
      {
        mediaType: "location",
        body: "Localização de Maria\nhttps://maps.google.com/maps?q=-23.5613,-46.6565",
      },
    ],
    ticket: { lastMessage: "📍 Localização de Maria" },
  },
  {
    fixture: "messenger/fallback-link",
    sees: "the shared link and its title, the link once",
    messages: [
      {
        mediaType: "chat",
        body: "https://loja.exemplo.com.br/produto/123\nTênis Corrida Azul | Loja Exemplo",
      },
    ],
  },
  {
    fixture: "messenger/mid-only",
    sees: "a placeholder for a message that came with nothing but its id",
    messages: [{ mediaType: "unsupported", body: "[attachment]" }],
  },
  {
    fixture: "messenger/postback",
    sees: "the button title",
    messages: [{ body: "Falar com um atendente", mediaType: "chat" }],
  },
  {
    fixture: "messenger/postback-payload-only",
    sees: "the payload when the postback has no title",
    messages: [{ body: "GET_STARTED" }],
  },
  {
    fixture: "messenger/postbacks-same-millisecond",
    sees: "two taps in the same millisecond as two messages",
    messages: [{ body: "Ver cardápio" }, { body: "Ver cardápio" }],
  },
  {
    fixture: "messenger/quick-reply",
    sees: "the quick reply's text",
    messages: [{ body: "Manhã" }],
  },
  {
    fixture: "messenger/reaction",
    ours: true,
    sees: "the emoji on the agent's message",
    messages: [ours, { mediaType: "reaction", body: "❤️", quoted: OURS_BODY }],
  },
  {
    fixture: "messenger/reaction-unreact",
    ours: true,
    sees: "nothing new for a removed reaction",
    messages: [ours],
  },
  {
    fixture: "messenger/delivery",
    ours: true,
    sees: "grey double tick (ack 3)",
    messages: [{ ...ours, ack: 3 }],
  },
  {
    fixture: "messenger/read",
    ours: true,
    sees: "blue double tick (ack 4) from the read watermark",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "messenger/delivery",
    before: ["messenger/read"],
    ours: true,
    sees: "still blue when a delivery arrives after the read",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "messenger/echo",
    sees: "a message the page sent from elsewhere, as sent by the company",
    messages: [{ body: "Respondido pelo Business Suite", fromMe: true }],
    ticket: { unreadMessages: 0 },
  },
  {
    fixture: "messenger/message-edit",
    before: ["messenger/text"],
    sees: "the edited text, marked edited, the old text kept",
    messages: [
      {
        body: "Oi! Qual o horário de funcionamento no sábado?",
        isEdited: true,
        history: [M_TEXT],
      },
    ],
  },
  {
    fixture: "messenger/unsupported",
    sees: "a placeholder for an unsupported message",
    messages: [{ mediaType: "unsupported", body: "[unsupported]" }],
  },
  {
    fixture: "messenger/timestamp-iso",
    sees: "the message at its ISO 8601 time",
    messages: [{ body: "hora em ISO" }],
    timestamps: [1_700_000_000_123],
  },
];

const IG_TEXT = "Esse vestido tem no tamanho M?";
const IG_CDN = "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=";
const instagram: Case[] = [
  {
    fixture: "instagram/text",
    sees: "the text, from the contact named by the profile lookup",
    messages: [{ body: IG_TEXT }],
    contact: { number: CUSTOMER.instagram, name: "Maria Souza" },
  },
  {
    fixture: "instagram/reply",
    before: ["instagram/text"],
    sees: "the reply quoting the earlier message",
    messages: [{ body: IG_TEXT }, { body: "Na cor vermelha", quoted: IG_TEXT }],
  },
  {
    fixture: "instagram/image",
    sees: "the photo",
    messages: [{ mediaType: "image", fileName: any(/^image-.+\.jpg$/) }],
  },
  {
    fixture: "instagram/video",
    sees: "the video",
    messages: [{ mediaType: "video", fileName: any(/\.mp4$/) }],
  },
  {
    fixture: "instagram/audio",
    sees: "the voice message",
    messages: [{ mediaType: "audio", fileName: any(/\.m4a$/) }],
  },
  {
    fixture: "instagram/story-reply",
    sees: "the answer with the link of the story it answers",
    messages: [
      {
        mediaType: "chat",
        body: `Amei esse look! Ainda tem?\n[story reply] ${IG_CDN}17953248711563222&signature=Abz9Yq2-x8Kq3hV1qF0tT7rYl`,
      },
    ],
  },
  {
    fixture: "instagram/story-mention",
    sees: "that the customer mentioned the account in a story, with its link",
    messages: [
      { body: `[story mention] ${IG_CDN}17953248711563223&signature=Abz9Yq2-x8Kq3hV1qF0tT7rYl` },
    ],
  },
  {
    fixture: "instagram/share-post",
    sees: "the shared post's link",
    messages: [{ body: "https://www.instagram.com/p/C1a2b3c4D5e/" }],
  },
  {
    fixture: "instagram/reel",
    sees: "the shared reel's title and link",
    messages: [{ body: any(/^Coleção verão ☀️ https:\/\/lookaside/) }],
  },
  {
    fixture: "instagram/reaction",
    ours: true,
    sees: "the emoji on the agent's message",
    messages: [ours, { mediaType: "reaction", body: "❤️", quoted: OURS_BODY }],
  },
  {
    fixture: "instagram/read",
    ours: true,
    sees: "blue double tick (ack 4)",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "instagram/unsend",
    before: ["instagram/text"],
    sees: "the unsent message gone (agent-core: removed on Meta channels)",
    messages: [],
  },
  {
    fixture: "instagram/message-edit",
    before: ["instagram/text"],
    sees: "the edited text, marked edited, the old text kept",
    messages: [{ body: "Esse vestido tem no tamanho G?", isEdited: true, history: [IG_TEXT] }],
  },
  {
    fixture: "instagram/postback-ice-breaker",
    sees: "the ice breaker's title",
    messages: [{ body: "Quais as formas de pagamento?" }],
  },
  {
    fixture: "instagram/quick-reply",
    sees: "the quick reply's text",
    messages: [{ body: "Sim" }],
  },
  {
    fixture: "instagram/echo",
    sees: "a message the account sent from the Instagram app, as sent",
    messages: [{ body: "Temos sim! 😊", fromMe: true }],
  },
  {
    fixture: "instagram/unsupported",
    sees: "a placeholder for an unsupported message",
    messages: [{ mediaType: "unsupported", body: "[unsupported]" }],
  },
  {
    fixture: "instagram/mid-only",
    sees: "a placeholder, not an empty bubble",
    messages: [{ mediaType: "unsupported", body: "[attachment]" }],
  },
];

const B_TEXT = "Olá! Vocês entregam no sábado?";
const baileys: Case[] = [
  {
    fixture: "baileys/conversation",
    sees: "the text from the contact's push name",
    messages: [{ body: B_TEXT, mediaType: "chat", fromMe: false }],
    contact: { number: CUSTOMER.baileys, name: "Maria Souza", isGroup: false },
    ticket: { lastMessage: B_TEXT, unreadMessages: 1 },
    timestamps: [1_700_000_000_000],
  },
  {
    fixture: "baileys/extended-text-reply",
    before: ["baileys/conversation"],
    sees: "the reply quoting the earlier message",
    messages: [{ body: B_TEXT }, { body: "Esse mesmo, o azul", quoted: B_TEXT }],
  },
  {
    fixture: "baileys/image",
    sees: "the photo with its caption",
    messages: [
      { mediaType: "image", body: "Chegou assim", fileName: "3EB0AB28775AB9649F4242.jpg" },
    ],
  },
  {
    fixture: "baileys/video",
    sees: "the video",
    messages: [{ mediaType: "video", fileName: "3EB0661DB39B8A72F714A2.mp4" }],
  },
  {
    fixture: "baileys/ptv-video-note",
    sees: "a round video note as a video",
    messages: [{ mediaType: "video", fileName: "3EB0661DB39B8A72F714A3.mp4" }],
  },
  {
    fixture: "baileys/audio-voice",
    sees: "the voice note",
    messages: [{ mediaType: "audio", fileName: "3EB0F2C4BEC3C67F558066.ogg", body: "" }],
  },
  {
    fixture: "baileys/audio-with-caption",
    sees: "the audio, then its caption as a text (like Meta)",
    messages: [
      { mediaType: "audio", fileName: "recado.mp3", body: "" },
      { mediaType: "chat", body: "Escuta esse recado antes de responder" },
    ],
  },
  {
    fixture: "baileys/document",
    sees: "the document under its file name",
    messages: [{ mediaType: "document", fileName: "comprovante-março.pdf" }],
  },
  {
    fixture: "baileys/document-with-caption",
    sees: "the document with its caption",
    messages: [{ mediaType: "document", fileName: "boleto.pdf", body: "Segue o boleto" }],
  },
  {
    fixture: "baileys/sticker",
    sees: "the sticker",
    messages: [{ mediaType: "sticker", fileName: "3EB0C0F5F19F91BD53B1D6.webp" }],
  },
  {
    fixture: "baileys/location",
    sees: "the place, its address and a map link",
    messages: [
      {
        mediaType: "location",
        body: `MASP\nAv. Paulista, 1578 - Bela Vista, São Paulo - SP\n${MAP_MASP}`,
      },
    ],
  },
  {
    fixture: "baileys/live-location",
    sees: "a live location's caption and map link",
    messages: [
      {
        mediaType: "location",
        body: "Estou chegando\nhttps://maps.google.com/maps?q=-22.9519,-43.2105",
      },
    ],
  },
  {
    fixture: "baileys/contact-card",
    sees: "a contact card (vCard) with name and number",
    messages: [{ mediaType: "vcard", body: any(/FN:João Pereira[\s\S]*\+55 11 91234-5678/) }],
    ticket: { lastMessage: "👤 João Pereira" },
  },
  {
    fixture: "baileys/contacts-array",
    sees: "two contact cards in one message",
    messages: [{ mediaType: "vcard", body: any(/FN:João Pereira[\s\S]*FN:Ana Lima/) }],
    ticket: { lastMessage: "👤 João Pereira, 👤 Ana Lima" },
  },
  {
    fixture: "baileys/buttons-response",
    ours: true,
    sees: "the button chosen, quoting the agent's message",
    messages: [ours, { body: "Confirmar pedido", quoted: OURS_BODY }],
  },
  {
    fixture: "baileys/list-response",
    sees: "the list row chosen, with its description",
    messages: [{ body: "Tarde (13h–18h)\nEntrega no período da tarde" }],
  },
  {
    fixture: "baileys/template-button-reply",
    sees: "the template button's text",
    messages: [{ body: "Parar promoções" }],
  },
  {
    fixture: "baileys/interactive-flow-response",
    sees: "the flow's answers, field by field",
    messages: [{ body: "📝 Formulário enviado\nnome completo: Maria Souza\nforma pagamento: Pix" }],
  },
  {
    fixture: "baileys/order",
    sees: "the order's title, item count, total and note",
    messages: [
      { body: "🛒 Pedido de Maria\nTotal (3): BRL 134.80\nPode embrulhar para presente?" },
    ],
  },
  {
    fixture: "baileys/product",
    sees: "the product, its price, link and the question",
    messages: [
      {
        body: "🛒\n1 × Camiseta Azul M — BRL 49.90\nTotal: BRL 49.90\nhttps://loja.exemplo.com.br/camiseta-azul\nTem esse?",
      },
    ],
  },
  {
    fixture: "baileys/poll",
    sees: "a placeholder naming the poll, with its question and options",
    messages: [
      {
        mediaType: "unsupported",
        body: "[poll] Qual o melhor horário para a entrega?\n○ Manhã\n○ Tarde\n○ Noite",
      },
    ],
  },
  {
    fixture: "baileys/poll-vote",
    sees: "a placeholder for a (encrypted) poll vote",
    messages: [{ mediaType: "unsupported", body: "[poll vote]" }],
  },
  {
    fixture: "baileys/event",
    sees: "a placeholder naming the event, with its details",
    messages: [
      {
        mediaType: "unsupported",
        body: any(
          /^\[event\] Lançamento da coleção\nVenha conhecer a coleção de verão\n2023-11-21 20:53 UTC\nLoja Paulista\n/,
        ),
      },
    ],
  },
  {
    fixture: "baileys/group-invite",
    sees: "a placeholder naming the group invite",
    messages: [
      { mediaType: "unsupported", body: "[group invite] Clientes VIP\nEntra no nosso grupo!" },
    ],
  },
  {
    fixture: "baileys/unknown-newer-type",
    sees: "a placeholder naming a type Atrium does not know",
    messages: [{ mediaType: "unsupported", body: "[stickerPack]" }],
  },
  {
    fixture: "baileys/ephemeral-text",
    sees: "a disappearing message's text",
    messages: [{ body: "Mensagem temporária" }],
  },
  {
    fixture: "baileys/view-once-image",
    sees: "a view-once photo",
    messages: [{ mediaType: "image", body: "Só uma vez" }],
  },
  {
    fixture: "baileys/revoke",
    before: ["baileys/conversation"],
    sees: "the original shown as deleted",
    messages: [{ isDeleted: true, body: "" }],
  },
  {
    fixture: "baileys/edit",
    before: ["baileys/conversation"],
    sees: "the new text, marked edited, the old text kept",
    messages: [{ body: "Olá! Vocês entregam no domingo?", isEdited: true, history: [B_TEXT] }],
  },
  {
    fixture: "baileys/reaction",
    ours: true,
    sees: "the emoji on the agent's message",
    messages: [ours, { mediaType: "reaction", body: "👍", quoted: OURS_BODY }],
  },
  {
    fixture: "baileys/group-text",
    sees: "a group ticket, the participant's name on the message",
    messages: [{ body: "Bom dia, pessoal! Chegou o pedido 123?", participant: "Ana Lima" }],
    contact: { number: "120363025246125486", isGroup: true },
  },
  {
    fixture: "baileys/group-reply-quoting-participant",
    before: ["baileys/group-text"],
    sees: "a group reply whose quote names the participant who wrote the original",
    messages: [
      { participant: "Ana Lima" },
      {
        body: "Chegou sim, Ana",
        participant: "Beto Alves",
        quoted: "Bom dia, pessoal! Chegou o pedido 123?",
        quotedBy: "Ana Lima",
      },
    ],
  },
  {
    fixture: "baileys/timestamp-long",
    sees: "the message at its time (a plain number of seconds)",
    messages: [{ body: "hora como número" }],
    timestamps: [1_700_000_000_000],
  },
  {
    fixture: "baileys/receipt-server-ack",
    ours: true,
    sees: "one tick (ack 2)",
    messages: [{ ...ours, ack: 2 }],
  },
  {
    fixture: "baileys/receipt-delivery",
    ours: true,
    sees: "grey double tick (ack 3)",
    messages: [{ ...ours, ack: 3 }],
  },
  {
    fixture: "baileys/receipt-read",
    ours: true,
    sees: "blue double tick (ack 4)",
    messages: [{ ...ours, ack: 4 }],
  },
  {
    fixture: "baileys/receipt-played",
    ours: true,
    sees: "played (ack 5)",
    messages: [{ ...ours, ack: 5 }],
  },
  {
    fixture: "baileys/receipt-delivery",
    before: ["baileys/receipt-read"],
    ours: true,
    sees: "still blue when a delivery receipt comes after the read",
    messages: [{ ...ours, ack: 4 }],
  },
];

const CASES: Record<Provider, Case[]> = { whatsapp, messenger, instagram, baileys };

describe("the corpus", () => {
  it("has at least 60 fixtures, and every fixture has a row in the table", () => {
    const all = PROVIDERS.flatMap(fixtureNames);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(PROVIDERS.flatMap((p) => CASES[p].map((c) => c.fixture)));
    expect(all.filter((name) => !covered.has(name))).toEqual([]);
  });
});

for (const provider of PROVIDERS) {
  describe(`${provider}: what the agent sees`, () => {
    it.each(CASES[provider].map((c) => [`${c.fixture}: ${c.sees}`, c] as const))(
      "%s",
      async (_title, c) => {
        const lane = await openLane(server, provider);
        if (c.ours) await agentMessage(server, lane);
        for (const name of c.before ?? []) {
          expect(await deliver(server, graph, lane, name)).toBe(200);
        }
        const warn = vi.spyOn(server.ctx.logger, "warn");
        try {
          expect(await deliver(server, graph, lane, c.fixture)).toBe(200);
          if (c.logged) {
            const reasons = warn.mock.calls.map((call) => String(Object(call[0]).reason ?? ""));
            expect(reasons.some((r) => c.logged!.test(r))).toBe(true);
          }
        } finally {
          warn.mockRestore();
        }

        const seen = await conversation(server, lane);
        expect(seen.messages).toMatchObject(c.messages);
        if (c.timestamps) expect(seen.timestamps).toEqual(c.timestamps);
        // One conversation: every fixture of a case is the same customer.
        expect(seen.tickets.length).toBeLessThanOrEqual(1);
        if (c.contact) {
          const [contact] = await server.db
            .select()
            .from(contacts)
            .where(and(eq(contacts.companyId, lane.companyId)));
          expect(contact).toMatchObject(c.contact);
        }
        if (c.ticket) expect(seen.tickets[0]!.ticket).toMatchObject(c.ticket);
      },
    );
  });
}
