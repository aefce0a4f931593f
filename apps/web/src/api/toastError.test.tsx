import { errorCatalogue } from "@atrium/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../locales/en/backendErrors.json";
import es from "../locales/es/backendErrors.json";
import pt from "../locales/pt/backendErrors.json";
import { Toaster } from "../app/toast/Toaster";
import { ApiError } from "./ApiError";
import { toastError } from "./toastError";

async function toastText(err: unknown): Promise<string | null> {
  render(<Toaster />);
  toastError(err);
  return (await screen.findByRole("alert")).textContent;
}

describe("error toast (agent-core §8 order)", () => {
  it("shows the translation of backendErrors.{code} when there is one", async () => {
    const err = new ApiError(401, "ERR_INVALID_CREDENTIALS", "Invalid credentials (server text)");
    expect(await toastText(err)).toBe("Erro de autenticação. Por favor, tente novamente.");
  });

  it("shows 'Empresa não identificada!' for a signup without company", async () => {
    const err = new ApiError(400, "ERR_COMPANY_NOT_IDENTIFIED", "whatever the server says");
    expect(await toastText(err)).toBe("Empresa não identificada!");
  });

  it("shows the raw server text when the code has no translation", async () => {
    const err = new ApiError(409, "ERR_SOMETHING_NEW", "Something new went wrong");
    expect(await toastText(err)).toBe("Something new went wrong");
  });

  it("shows a string error as it is", async () => {
    expect(await toastText("Acesso não permitido")).toBe("Acesso não permitido");
  });

  it("falls back to the generic text for anything else", async () => {
    expect(await toastText(new Error("TypeError: x is undefined"))).toBe("Ocorreu um erro!");
  });

  it("falls back to the generic text for an answer without code or text", async () => {
    expect(await toastText(ApiError.fromBody(502, null))).toBe("Ocorreu um erro!");
  });
});

describe("backendErrors translations", () => {
  it("cover every code of the shared catalogue in pt, en and es", () => {
    for (const [language, table] of Object.entries({ pt, en, es })) {
      const missing = Object.keys(errorCatalogue).filter(
        (code) => !(table as Record<string, string>)[code]?.trim(),
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
