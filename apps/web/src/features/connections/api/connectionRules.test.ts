import { CONNECTION_STATUSES, type ChannelType, type ConnectionStatus } from "@atrium/shared";
import { describe, expect, it } from "vitest";
import { needsAttention, sessionButtonsFor } from "./connectionRules";

const whatsapp = (status: ConnectionStatus) => ({ channelType: "BAILEYS" as ChannelType, status });

describe("session buttons by status (agent-core §2)", () => {
  it.each([
    ["qrcode", ["showQr"]],
    ["DISCONNECTED", ["tryAgain", "newQr"]],
    ["CONNECTED", ["disconnect"]],
    ["PAIRING", ["disconnect"]],
    ["TIMEOUT", ["disconnect"]],
    ["OPENING", ["connecting"]],
  ] as const)("%s → %j", (status, buttons) => {
    expect(sessionButtonsFor(whatsapp(status))).toEqual(buttons);
  });

  it("gives a connected web chat its widget code and test page, nothing otherwise", () => {
    expect(sessionButtonsFor({ channelType: "WEB_CHAT", status: "CONNECTED" })).toEqual([
      "copyWidget",
      "openTestPage",
    ]);
    expect(sessionButtonsFor({ channelType: "WEB_CHAT", status: "DISCONNECTED" })).toEqual([]);
  });

  it.each(["FACEBOOK", "INSTAGRAM", "WHATSAPP_BUSINESS"] as const)(
    "gives a %s row no QR code: check the token when connected, reconnect otherwise",
    (channelType) => {
      expect(sessionButtonsFor({ channelType, status: "CONNECTED" })).toEqual([
        "checkToken",
        "disconnect",
      ]);
      for (const status of ["DISCONNECTED", "TIMEOUT", "qrcode"] as const) {
        expect(sessionButtonsFor({ channelType, status })).toEqual(["reconnect"]);
      }
    },
  );
});

describe("the '!' badge rule", () => {
  it.each(CONNECTION_STATUSES.map((status) => [status, status !== "CONNECTED"] as const))(
    "a connection in %s needs attention: %s",
    (status, expected) => {
      expect(needsAttention([{ status: "CONNECTED" }, { status }])).toBe(expected);
    },
  );

  it("is off without connections", () => {
    expect(needsAttention([])).toBe(false);
  });
});
