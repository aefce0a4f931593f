import type { WAMessage } from "baileys";
import { describe, expect, it } from "vitest";
import {
  ackFromStatus,
  jidUser,
  mapMessage,
  mapReactions,
  mapUpdate,
  outgoingContent,
  vcardName,
} from "../src/channels/baileys/mapper.js";

const PN = "5511988887777@s.whatsapp.net";
const LID = "123456789012345@lid";

function received(message: WAMessage["message"], key: Partial<WAMessage["key"]> = {}): WAMessage {
  return {
    key: { remoteJid: PN, fromMe: false, id: "3EB0AAA", ...key },
    pushName: "Maria Silva",
    messageTimestamp: 1_735_000_000,
    message,
  };
}

describe("mapMessage: what a WhatsApp message becomes", () => {
  it("a plain conversation is a chat message from the peer number, with its time", () => {
    expect(mapMessage(received({ conversation: "Olá, preciso de ajuda" }))).toMatchObject({
      kind: "message",
      id: "3EB0AAA",
      body: "Olá, preciso de ajuda",
      mediaType: "chat",
      fromMe: false,
      isGroup: false,
      peer: { number: "5511988887777" },
      pushName: "Maria Silva",
      timestamp: 1_735_000_000_000,
    });
  });

  it("an extended text replying to another message carries the quoted id", () => {
    const mapped = mapMessage(
      received({
        extendedTextMessage: {
          text: "Sim, esse mesmo",
          contextInfo: {
            stanzaId: "3EB0QUOTED",
            participant: PN,
            quotedMessage: { conversation: "Qual?" },
          },
        },
      }),
    );
    expect(mapped).toMatchObject({
      body: "Sim, esse mesmo",
      mediaType: "chat",
      quotedId: "3EB0QUOTED",
    });
  });

  it("media: image with caption, voice note, video, document with its file name, sticker", () => {
    expect(
      mapMessage(
        received({ imageMessage: { mimetype: "image/jpeg", caption: "Foto do produto" } }),
      ),
    ).toMatchObject({
      mediaType: "image",
      body: "Foto do produto",
      media: { mimetype: "image/jpeg", fileName: "3EB0AAA.jpg" },
    });
    expect(
      mapMessage(
        received({ audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 4 } }),
      ),
    ).toMatchObject({ mediaType: "audio", body: "", media: { fileName: "3EB0AAA.ogg" } });
    expect(mapMessage(received({ videoMessage: { mimetype: "video/mp4" } }))).toMatchObject({
      mediaType: "video",
    });
    expect(
      mapMessage(
        received({
          documentWithCaptionMessage: {
            message: {
              documentMessage: {
                mimetype: "application/pdf",
                fileName: "boleto.pdf",
                caption: "Segue o boleto",
              },
            },
          },
        }),
      ),
    ).toMatchObject({
      mediaType: "document",
      body: "Segue o boleto",
      media: { mimetype: "application/pdf", fileName: "boleto.pdf" },
    });
    expect(mapMessage(received({ stickerMessage: { mimetype: "image/webp" } }))).toMatchObject({
      mediaType: "sticker",
      media: { fileName: "3EB0AAA.webp" },
    });
  });

  it("location and contact cards", () => {
    expect(
      mapMessage(
        received({
          locationMessage: {
            degreesLatitude: -23.55,
            degreesLongitude: -46.63,
            name: "Loja Centro",
            address: "Rua A, 1",
          },
        }),
      ),
    ).toMatchObject({
      mediaType: "location",
      body: "Loja Centro\nRua A, 1\nhttps://maps.google.com/maps?q=-23.55,-46.63",
    });
    const vcard =
      "BEGIN:VCARD\nVERSION:3.0\nFN:João Souza\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD";
    const mapped = mapMessage(received({ contactMessage: { displayName: "João", vcard } }));
    expect(mapped).toMatchObject({ mediaType: "vcard", body: vcard });
    expect(vcardName(vcard)).toBe("João Souza");
  });

  it("ephemeral and view-once wrappers are unwrapped", () => {
    expect(
      mapMessage(received({ ephemeralMessage: { message: { conversation: "some em 7 dias" } } })),
    ).toMatchObject({ body: "some em 7 dias" });
    expect(
      mapMessage(
        received({ viewOnceMessageV2: { message: { imageMessage: { mimetype: "image/png" } } } }),
      ),
    ).toMatchObject({ mediaType: "image" });
  });

  it("a group message: the group is the peer, the participant (LID + phone) wrote it", () => {
    const mapped = mapMessage(
      received(
        { conversation: "Bom dia grupo" },
        {
          remoteJid: "120363025555555555@g.us",
          participant: LID,
          participantAlt: PN,
        },
      ),
    );
    expect(mapped).toMatchObject({
      isGroup: true,
      peer: { number: "120363025555555555" },
      sender: { number: "5511988887777", lid: "123456789012345", name: "Maria Silva" },
    });
  });

  it("a LID-addressed chat keeps both the LID and the phone number (remoteJidAlt)", () => {
    expect(
      mapMessage(received({ conversation: "oi" }, { remoteJid: LID, remoteJidAlt: PN })),
    ).toMatchObject({ peer: { number: "5511988887777", lid: "123456789012345" } });
    expect(mapMessage(received({ conversation: "oi" }, { remoteJid: LID }))).toMatchObject({
      peer: { lid: "123456789012345" },
    });
  });

  it("a message sent from the company's phone is fromMe", () => {
    expect(
      mapMessage(received({ conversation: "Enviado do celular" }, { fromMe: true })),
    ).toMatchObject({
      fromMe: true,
    });
  });

  it("protocol messages: revoke and edit; status broadcasts and empty messages are ignored", () => {
    expect(
      mapMessage(received({ protocolMessage: { type: 0, key: { id: "3EB0OLD", remoteJid: PN } } })),
    ).toEqual({ kind: "revoke", targetId: "3EB0OLD" });
    expect(
      mapMessage(
        received({
          protocolMessage: {
            type: 14,
            key: { id: "3EB0OLD", remoteJid: PN },
            editedMessage: { conversation: "texto corrigido" },
          },
        }),
      ),
    ).toEqual({ kind: "edit", targetId: "3EB0OLD", body: "texto corrigido" });
    expect(
      mapMessage(received({ conversation: "status" }, { remoteJid: "status@broadcast" })),
    ).toBeNull();
    expect(mapMessage(received(undefined))).toBeNull();
  });
});

describe("mapUpdate and mapReactions", () => {
  it("status receipts are acks 0-5; revokes and edits are recognised", () => {
    expect(mapUpdate({ key: { id: "A", remoteJid: PN }, update: { status: 3 } })).toEqual({
      kind: "ack",
      id: "A",
      ack: 3,
    });
    expect(ackFromStatus(9)).toBe(5);
    expect(
      mapUpdate({
        key: { id: "A", remoteJid: PN },
        update: { message: null, messageStubType: 1 },
      }),
    ).toEqual({ kind: "revoke", targetId: "A" });
    expect(
      mapUpdate({
        key: { id: "A", remoteJid: PN },
        update: {
          message: { editedMessage: { message: { conversation: "novo texto" } } },
        },
      }),
    ).toEqual({ kind: "edit", targetId: "A", body: "novo texto" });
  });

  it("a reaction targets a message; a removed reaction is skipped", () => {
    const events = mapReactions([
      {
        key: { id: "TARGET", remoteJid: PN, fromMe: true },
        reaction: { key: { id: "REACT1", remoteJid: PN, fromMe: false }, text: "👍" },
      },
      {
        key: { id: "TARGET", remoteJid: PN, fromMe: true },
        reaction: { key: { id: "REACT2", remoteJid: PN, fromMe: false }, text: "" },
      },
    ]);
    expect(events).toEqual([
      expect.objectContaining({ kind: "reaction", id: "REACT1", targetId: "TARGET", emoji: "👍" }),
    ]);
  });
});

describe("outgoingContent: what an agent's message sends", () => {
  const data = Buffer.from("bytes");
  it("text, captioned image/video, voice note, document", () => {
    expect(outgoingContent({ body: "Olá", mediaType: "chat" })).toEqual({ text: "Olá" });
    expect(
      outgoingContent(
        { body: "Veja", mediaType: "image" },
        { name: "a.jpg", mimeType: "image/jpeg", data },
      ),
    ).toEqual({ image: data, caption: "Veja", mimetype: "image/jpeg" });
    expect(
      outgoingContent(
        { body: "", mediaType: "video" },
        { name: "v.mp4", mimeType: "video/mp4", data },
      ),
    ).toEqual({ video: data, mimetype: "video/mp4" });
    expect(
      outgoingContent(
        { body: "", mediaType: "audio" },
        { name: "r.mp3", mimeType: "audio/mpeg", data },
      ),
    ).toEqual({ audio: data, ptt: true, mimetype: "audio/mpeg" });
    expect(
      outgoingContent(
        { body: "", mediaType: "document" },
        { name: "contrato.pdf", mimeType: "application/pdf", data },
      ),
    ).toEqual({ document: data, mimetype: "application/pdf", fileName: "contrato.pdf" });
  });

  it("jidUser strips device and server", () => {
    expect(jidUser("5511999990000:12@s.whatsapp.net")).toBe("5511999990000");
  });
});
