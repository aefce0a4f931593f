import { describe, expect, it } from "vitest";
import { mapWebhook } from "../src/channels/meta/meta.map.js";
import { whatsAppErrorText } from "../src/channels/meta/whatsapp.map.js";

const PAGE = "107240208345345";
const USER = "6927403587313420";

describe("Messenger and Instagram webhook mapping", () => {
  it("maps a text with a reply, an image with a caption and several attachments", () => {
    const [delivery] = mapWebhook({
      object: "page",
      entry: [
        {
          id: PAGE,
          time: 1700000000000,
          messaging: [
            {
              sender: { id: USER },
              recipient: { id: PAGE },
              timestamp: 1700000000001,
              message: { mid: "m_text", text: "Olá!", reply_to: { mid: "m_earlier" } },
            },
            {
              sender: { id: USER },
              recipient: { id: PAGE },
              timestamp: 1700000000002,
              message: {
                mid: "m_media",
                text: "veja",
                attachments: [
                  { type: "image", payload: { url: "https://cdn.fb.test/a/photo.jpg?x=1" } },
                  { type: "file", payload: { url: "https://cdn.fb.test/b/nota%20fiscal.pdf" } },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(delivery).toMatchObject({ channel: "FACEBOOK", recipientId: PAGE });
    expect(delivery!.actions).toEqual([
      {
        kind: "message",
        providerMessageId: "m_text",
        contact: { id: USER },
        fromMe: false,
        body: "Olá!",
        mediaType: "chat",
        quotedProviderMessageId: "m_earlier",
        timestamp: 1700000000001,
      },
      expect.objectContaining({
        providerMessageId: "m_media",
        body: "veja",
        mediaType: "image",
        media: { kind: "url", url: "https://cdn.fb.test/a/photo.jpg?x=1", filename: "photo.jpg" },
      }),
      expect.objectContaining({
        providerMessageId: "m_media:1",
        body: "",
        mediaType: "document",
        media: expect.objectContaining({ filename: "nota fiscal.pdf" }),
      }),
    ]);
  });

  it("maps echoes (from the page to the customer), skipping the ones we sent", () => {
    const [delivery] = mapWebhook({
      object: "page",
      entry: [
        {
          id: PAGE,
          messaging: [
            {
              sender: { id: PAGE },
              recipient: { id: USER },
              timestamp: 1,
              message: { mid: "m_echo", text: "sent from Business Suite", is_echo: true },
            },
            {
              sender: { id: PAGE },
              recipient: { id: USER },
              timestamp: 2,
              message: { mid: "m_ours", text: "x", is_echo: true, metadata: "atrium:42" },
            },
          ],
        },
      ],
    });
    expect(delivery!.actions).toEqual([
      expect.objectContaining({
        providerMessageId: "m_echo",
        contact: { id: USER },
        fromMe: true,
        body: "sent from Business Suite",
      }),
    ]);
  });

  it("maps deletions, reactions, postbacks, deliveries and reads", () => {
    const [delivery] = mapWebhook({
      object: "instagram",
      entry: [
        {
          id: "17841400000000000",
          messaging: [
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 10,
              message: { mid: "m_gone", is_deleted: true },
            },
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 11,
              reaction: { mid: "m_ours", action: "react", reaction: "love", emoji: "❤️" },
            },
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 12,
              reaction: { mid: "m_ours", action: "unreact" },
            },
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 13,
              postback: { mid: "m_pb", title: "Falar com Atendente", payload: "AGENT" },
            },
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 14,
              read: { mid: "m_ours" },
            },
            {
              sender: { id: USER },
              recipient: { id: "17841400000000000" },
              timestamp: 15,
              delivery: { mids: ["m_a"], watermark: 15 },
            },
          ],
        },
      ],
    });
    expect(delivery!.channel).toBe("INSTAGRAM");
    expect(delivery!.actions).toEqual([
      { kind: "deleted", providerMessageId: "m_gone" },
      expect.objectContaining({
        mediaType: "reaction",
        body: "❤️",
        quotedProviderMessageId: "m_ours",
      }),
      expect.objectContaining({ providerMessageId: "m_pb", body: "Falar com Atendente" }),
      // agent-core's scale: delivered 3 (grey double tick), read 4 (blue); seconds become ms.
      { kind: "ack", providerMessageIds: ["m_ours"], ack: 4 },
      { kind: "ack", providerMessageIds: ["m_a"], ack: 3 },
      { kind: "ackUpTo", contactId: USER, watermark: 15_000, ack: 3 },
    ]);
  });

  it("ignores other objects and entries without ids", () => {
    expect(mapWebhook({ object: "user", entry: [{ id: "1" }] })).toEqual([]);
    expect(mapWebhook({ object: "page", entry: [{ messaging: [] }] })).toEqual([]);
  });
});

describe("WhatsApp Cloud webhook mapping", () => {
  const value = (v: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550001111", phone_number_id: "PNID" },
              ...v,
            },
          },
        ],
      },
    ],
  });

  it("maps text, media, location, interactive replies and contact names", () => {
    const [delivery] = mapWebhook(
      value({
        contacts: [{ wa_id: "5511988887777", profile: { name: "Maria Souza" } }],
        messages: [
          {
            from: "5511988887777",
            id: "wamid.T",
            timestamp: "1700000000",
            type: "text",
            text: { body: "Oi" },
            context: { from: "15550001111", id: "wamid.OURS" },
          },
          {
            from: "5511988887777",
            id: "wamid.D",
            timestamp: "1700000001",
            type: "document",
            document: {
              id: "MEDIA1",
              mime_type: "application/pdf",
              filename: "boleto.pdf",
              caption: "segue",
            },
          },
          {
            from: "5511988887777",
            id: "wamid.L",
            timestamp: "1700000002",
            type: "location",
            location: { latitude: -23.5, longitude: -46.6, name: "Loja", address: "Av. Paulista" },
          },
          {
            from: "5511988887777",
            id: "wamid.B",
            timestamp: "1700000003",
            type: "interactive",
            interactive: { type: "button_reply", button_reply: { id: "b1", title: "Sim" } },
          },
          {
            from: "5511988887777",
            id: "wamid.LR",
            timestamp: "1700000004",
            type: "interactive",
            interactive: { type: "list_reply", list_reply: { id: "l2", title: "Financeiro" } },
          },
        ],
      }),
    );
    expect(delivery).toMatchObject({ channel: "WHATSAPP_BUSINESS", recipientId: "PNID" });
    const [text, doc, location, button, list] = delivery!.actions;
    expect(text).toEqual({
      kind: "message",
      providerMessageId: "wamid.T",
      contact: { id: "5511988887777", name: "Maria Souza" },
      fromMe: false,
      body: "Oi",
      mediaType: "chat",
      quotedProviderMessageId: "wamid.OURS",
      timestamp: 1700000000000,
    });
    expect(doc).toMatchObject({
      body: "segue",
      mediaType: "document",
      media: {
        kind: "whatsapp",
        id: "MEDIA1",
        filename: "boleto.pdf",
        mimeType: "application/pdf",
      },
    });
    expect(location).toMatchObject({
      mediaType: "location",
      body: "Loja\nAv. Paulista\nhttps://maps.google.com/maps?q=-23.5,-46.6",
    });
    expect(button).toMatchObject({ body: "Sim", mediaType: "chat" });
    expect(list).toMatchObject({ body: "Financeiro", mediaType: "chat" });
  });

  it("maps statuses to acks and failures to readable errors", () => {
    const [delivery] = mapWebhook(
      value({
        statuses: [
          { id: "wamid.1", status: "sent", timestamp: "1", recipient_id: "55" },
          { id: "wamid.1", status: "delivered", timestamp: "2", recipient_id: "55" },
          { id: "wamid.1", status: "read", timestamp: "3", recipient_id: "55" },
          {
            id: "wamid.2",
            status: "failed",
            timestamp: "4",
            recipient_id: "55",
            errors: [
              {
                code: 131047,
                title: "Re-engagement message",
                message: "Re-engagement message",
                error_data: {
                  details: "Message failed to send because more than 24 hours have passed",
                },
              },
            ],
          },
        ],
      }),
    );
    expect(delivery!.actions).toEqual([
      { kind: "ack", providerMessageIds: ["wamid.1"], ack: 2 },
      { kind: "ack", providerMessageIds: ["wamid.1"], ack: 3 },
      { kind: "ack", providerMessageIds: ["wamid.1"], ack: 4 },
      {
        kind: "failed",
        providerMessageId: "wamid.2",
        error:
          "Re-engagement message: Message failed to send because more than 24 hours have passed (131047)",
      },
    ]);
    expect(whatsAppErrorText(undefined)).toBe("The message could not be delivered");
  });

  it("maps reactions (an empty emoji removes one: nothing to show)", () => {
    const [delivery] = mapWebhook(
      value({
        messages: [
          {
            from: "55",
            id: "wamid.R",
            type: "reaction",
            reaction: { message_id: "wamid.OURS", emoji: "👍" },
          },
          { from: "55", id: "wamid.R2", type: "reaction", reaction: { message_id: "wamid.OURS" } },
        ],
      }),
    );
    expect(delivery!.actions).toEqual([
      expect.objectContaining({
        mediaType: "reaction",
        body: "👍",
        quotedProviderMessageId: "wamid.OURS",
      }),
    ]);
  });
});
