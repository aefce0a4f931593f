import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AckIcon } from "../components/AckIcon";
import { formatText } from "./formatText";
import {
  ackMark,
  displayBody,
  isSendable,
  quickMessageLabel,
  quickMessageQuery,
  signatureState,
  signBody,
} from "./messageRules";

describe("ack marks", () => {
  it.each([
    [0, "clock"],
    [1, "single"],
    [2, "single"],
    [3, "double"],
    [4, "read"],
    [5, "read"],
  ] as const)("ack %i shows %s", (ack, mark) => {
    expect(ackMark(ack)).toBe(mark);
  });

  it("draws a grey double tick for 3 and a blue one for 4-5", () => {
    render(
      <>
        <AckIcon ack={0} />
        <AckIcon ack={3} />
        <AckIcon ack={4} />
      </>,
    );
    expect(screen.getByTitle("Enviando")).toBeInTheDocument();
    const delivered = screen.getByTitle("Entregue").closest("svg")!;
    const read = screen.getByTitle("Lida").closest("svg")!;
    expect(delivered.getAttribute("data-ack")).toBe("double");
    expect(read.getAttribute("data-ack")).toBe("read");
    expect(getComputedStyle(read).color).not.toBe(getComputedStyle(delivered).color);
  });
});

describe("long file-name bodies", () => {
  it("cuts a body over 20 characters that looks like a file name", () => {
    expect(displayBody("relatorio-financeiro-2026.pdf")).toBe("relatorio-financeiro…");
    expect(displayBody("FOTO_DA_VIAGEM_DE_FERIAS.JPG")).toBe("FOTO_DA_VIAGEM_DE_FE…");
    for (const ext of ["png", "doc", "docx", "zip", "xls", "xlsx"]) {
      expect(displayBody(`a-very-long-file-name-here.${ext}`)).toMatch(/…$/);
    }
  });

  it("keeps short names, other extensions and ordinary text", () => {
    expect(displayBody("contrato.pdf")).toBe("contrato.pdf");
    expect(displayBody("uma-musica-muito-longa-de-ouvir.mp3")).toBe(
      "uma-musica-muito-longa-de-ouvir.mp3",
    );
    expect(displayBody("Segue o arquivo que você pediu, veja o pdf")).toBe(
      "Segue o arquivo que você pediu, veja o pdf",
    );
  });
});

describe("quick messages", () => {
  it("opens on a slash followed by more than one character", () => {
    expect(quickMessageQuery("/")).toBeNull();
    expect(quickMessageQuery("/o")).toBeNull();
    expect(quickMessageQuery("/ol")).toBe("ol");
    expect(quickMessageQuery("/Oi")).toBe("oi");
    expect(quickMessageQuery("olá /oi")).toBeNull();
  });

  it("labels '/shortcode' with the message cut to 35 characters plus '…'", () => {
    const long = "Bom dia! Obrigado por entrar em contato com a nossa equipe.";
    expect(quickMessageLabel({ shortcode: "bomdia", message: long }, "file")).toBe(
      `/bomdia - ${long.slice(0, 35)}…`,
    );
    expect(quickMessageLabel({ shortcode: "oi", message: "Olá!" }, "file")).toBe("/oi - Olá!");
  });

  it("uses the file-sending label when the message is empty", () => {
    expect(
      quickMessageLabel({ shortcode: "catalogo", message: "" }, "Enviar arquivo catalogo.pdf"),
    ).toBe("/catalogo - Enviar arquivo catalogo.pdf");
  });
});

describe("signature", () => {
  it("prefixes the body with the user's name in bold and a line break when on", () => {
    expect(signBody("Olá", "Ana", true)).toBe("*Ana:*\nOlá");
    expect(signBody("Olá", "Ana", false)).toBe("Olá");
  });

  it("is on by default, follows signOption, and is forced on when the user may not change it", () => {
    expect(signatureState(true, null)).toEqual({ signed: true, canToggle: true });
    expect(signatureState(true, "false")).toEqual({ signed: false, canToggle: true });
    expect(signatureState(true, "true")).toEqual({ signed: true, canToggle: true });
    expect(signatureState(false, "false")).toEqual({ signed: true, canToggle: false });
  });
});

describe("message text", () => {
  it("never sends whitespace alone", () => {
    expect(isSendable("")).toBe(false);
    expect(isSendable("  \n\t ")).toBe(false);
    expect(isSendable(" ok ")).toBe(true);
  });

  it("formats *bold*, _italic_ and ~strike~", () => {
    const { container } = render(<p>{formatText("*oi* _tudo_ ~bem~ sim")}</p>);
    expect(container.querySelector("strong")?.textContent).toBe("oi");
    expect(container.querySelector("em")?.textContent).toBe("tudo");
    expect(container.querySelector("s")?.textContent).toBe("bem");
    expect(container.textContent).toBe("oi tudo bem sim");
  });
});
