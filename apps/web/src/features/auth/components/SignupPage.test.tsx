import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

vi.mock("../../../realtime/socket", () => ({
  openSocket: vi.fn(() => new Promise(() => undefined)),
  closeSocket: vi.fn(),
  reconnectWithToken: vi.fn(),
}));

async function fillSignup() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Nome/), "Maria Silva");
  await user.type(screen.getByLabelText(/^Email/), "maria@acme.test");
  await user.type(screen.getByLabelText(/^Senha/), "secret1");
  await user.click(screen.getByRole("button", { name: "Cadastrar" }));
}

describe("signup", () => {
  it("creates the user for the company of the link, then goes to /login", async () => {
    const { requests } = mockFetch({ "POST /auth/signup": { status: 201, body: makeUser() } });
    const { router } = renderApp("/signup?companyId=4");
    await fillSignup();
    expect(
      await screen.findByText("Usuário criado com sucesso! Faça seu login!"),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({
      name: "Maria Silva",
      email: "maria@acme.test",
      password: "secret1",
      token: "",
      companyId: 4,
    });
  });

  it("says 'Empresa não identificada!' when the link has no company", async () => {
    mockFetch({
      "POST /auth/signup": {
        status: 400,
        body: { error: "ERR_COMPANY_NOT_IDENTIFIED", message: "Empresa não identificada!" },
      },
    });
    const { router } = renderApp("/signup");
    await fillSignup();
    expect(await screen.findByText("Empresa não identificada!")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("explains the link and the token, and what to do without a company or with signup off", async () => {
    mockFetch({
      "POST /auth/signup": {
        status: 403,
        body: { error: "ERR_USER_CREATION_DISABLED", message: "User creation was disabled" },
      },
    });
    const view = renderApp("/signup");
    expect(
      await screen.findByText(/Este endereço não indica a sua empresa. Peça ao administrador/),
    ).toBeInTheDocument();
    view.unmount();
    renderApp("/signup?companyId=4");
    expect(await screen.findByText(/empresa do link de cadastro que recebeu/)).toBeInTheDocument();
    expect(screen.getByLabelText("Token (opcional)")).toHaveAccessibleDescription(
      "Deixe em branco, a menos que o administrador tenha enviado um código junto com o link.",
    );
    await fillSignup();
    expect(
      await screen.findByText(/O cadastro pelo link está desativado nesta empresa/),
    ).toBeInTheDocument();
  });

  it("shows the generic failure and the server's field messages on invalid data", async () => {
    mockFetch({
      "POST /auth/signup": {
        status: 400,
        body: {
          error: "ERR_VALIDATION",
          message: "Invalid data",
          fields: { email: "Invalid email" },
        },
      },
    });
    renderApp("/signup?companyId=4");
    await fillSignup();
    expect(
      await screen.findByText("Erro ao criar usuário. Verifique os dados informados."),
    ).toBeInTheDocument();
    expect(screen.getByText("E-mail inválido")).toBeInTheDocument();
  });

  it("validates name and password lengths before sending", async () => {
    const { fetchMock } = mockFetch({});
    renderApp("/signup?companyId=4");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Nome/), "M");
    await user.type(screen.getByLabelText(/^Senha/), "123");
    await user.click(screen.getByRole("button", { name: "Cadastrar" }));
    expect(await screen.findAllByText("Muito curto!")).toHaveLength(2);
    expect(screen.getByText("Obrigatório")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
