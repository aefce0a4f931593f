import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { renderApp } from "../../../test/render";

vi.mock("../../../realtime/socket", () => ({
  openSocket: vi.fn(() => new Promise(() => undefined)),
  closeSocket: vi.fn(),
  reconnectWithToken: vi.fn(),
}));

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nova senha/), password);
  await user.type(screen.getByLabelText(/^Confirme a senha/), confirm);
  await user.click(screen.getByRole("button", { name: "Salvar senha" }));
}

describe("set password (the access email's link)", () => {
  it("sends the link's token with the new password, then goes to /login", async () => {
    const { requests } = mockFetch({ "POST /auth/set-password": { status: 204 } });
    const { router } = renderApp("/set-password#token=abc-123_XYZ");
    expect(await screen.findByRole("heading", { name: "Definir senha" })).toBeInTheDocument();
    // The token leaves the address bar as soon as it is read.
    expect(router.state.location.hash).toBe("");
    await choose("minha-senha");
    expect(
      await screen.findByText("Senha definida! Entre com seu e-mail e a nova senha."),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({
      token: "abc-123_XYZ",
      password: "minha-senha",
    });
  });

  it("checks the password rule and the confirmation before sending anything", async () => {
    const { calls } = mockFetch({});
    renderApp("/set-password#token=t");
    await choose("1234");
    expect(await screen.findByText("Muito curto!")).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText(/^Nova senha/));
    await choose("12345", "54321");
    expect(await screen.findByText("As senhas não conferem.")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says so when the link is expired or already used", async () => {
    mockFetch({
      "POST /auth/set-password": {
        status: 400,
        body: { error: "ERR_PASSWORD_LINK_INVALID", message: "invalid" },
      },
    });
    const { router } = renderApp("/set-password#token=spent");
    await choose("minha-senha");
    expect(
      await screen.findByText(
        "Este link é inválido, expirou ou já foi usado. Peça um novo ao administrador.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/set-password");
  });

  it("without a token shows no form, only the way back to login", async () => {
    renderApp("/set-password");
    expect(await screen.findByText(/Este link está incompleto/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nova senha/)).not.toBeInTheDocument();
    expect(screen.getByText("Voltar para o login")).toBeInTheDocument();
  });
});
