import { describe, expect, it } from "vitest";
import { alertMail, incidentText } from "./alert-mail.js";

const connection = {
  name: "Vendas",
  incidentReason: "tokenRejected:Error validating access token",
  incidentAt: new Date("2026-03-04T12:30:00Z"),
};

describe("the disconnect-alert e-mail", () => {
  it("is written in the company's language, with the reason in words and the time in UTC", () => {
    expect(alertMail("en-EN", "Ana", connection)).toEqual({
      subject: "Connection Vendas disconnected",
      text: [
        "Hello, Ana!",
        "",
        "The connection Vendas has been disconnected since 04/03/2026 12:30 UTC.",
        "Reason: Meta rejected the access token (Error validating access token); generate a new one",
        "",
        "Messages for this connection stay queued and go out in order when it is back.",
        "Open the connections page to reconnect.",
      ].join("\n"),
    });
    expect(alertMail("es-ES", "Ana", connection).subject).toBe("Conexión Vendas desconectada");
    expect(alertMail("xx", "Ana", connection).subject).toBe("Conexão Vendas desconectada");
  });

  it("says a known incident in words and shows anything else as it came", () => {
    expect(incidentText("lost:428", "pt-BR")).toBe(
      "a sessão do WhatsApp caiu (código 428); leia o QR Code de novo",
    );
    expect(incidentText("reconnectLoop:5", "es-ES")).toBe(
      "la sesión se cayó y volvió 5 veces en 10 minutos",
    );
    expect(incidentText("Something else: odd", "en-EN")).toBe("Something else: odd");
  });
});
