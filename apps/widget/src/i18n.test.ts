import { describe, expect, it } from "vitest";
import { fieldError, pickLang, textsFor } from "./i18n";

describe("i18n", () => {
  it("defaults to Portuguese, English/Spanish from the browser, data-lang wins", () => {
    expect(pickLang(undefined, "pt-BR")).toBe("pt");
    expect(pickLang(undefined, "fr-FR")).toBe("pt");
    expect(pickLang(undefined, undefined)).toBe("pt");
    expect(pickLang(undefined, "en-US")).toBe("en");
    expect(pickLang(undefined, "es-419")).toBe("es");
    expect(pickLang("es", "en-US")).toBe("es");
    expect(pickLang("pt", "en-US")).toBe("pt");
    expect(pickLang("EN", "pt-BR")).toBe("en");
    expect(pickLang("xx", "es-ES")).toBe("es");
  });

  it("has the product's Portuguese texts and the same keys in every language", () => {
    const pt = textsFor("pt");
    expect(pt).toMatchObject({
      greeting: "Olá! Como podemos ajudar?",
      name: "Seu nome",
      email: "E-mail (opcional)",
      phone: "Telefone (opcional)",
      start: "Iniciar conversa",
      placeholder: "Digite sua mensagem…",
      send: "Enviar",
      attach: "Anexar arquivo",
      typing: "digitando…",
      deleted: "Mensagem apagada",
      retrying: "Não foi possível enviar. Tentando novamente…",
    });
    for (const lang of ["en", "es"] as const) {
      expect(Object.keys(textsFor(lang)).sort()).toEqual(Object.keys(pt).sort());
    }
    expect(textsFor("en").start).toBe("Start chat");
    expect(textsFor("es").typing).toBe("escribiendo…");
  });

  it("translates the server's validation messages", () => {
    const t = textsFor("pt");
    expect(fieldError(t, "Too Short!")).toBe("Nome muito curto");
    expect(fieldError(t, "Too Long!")).toBe("Nome muito longo");
    expect(fieldError(t, "Invalid email")).toBe("E-mail inválido");
    expect(fieldError(t, "Other")).toBe("Other");
  });
});
