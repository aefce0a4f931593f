import type { UserDTO } from "@atrium/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { UserModal } from "./UserModal";
import { makeQueue } from "../../../test/factories";

const admin = makeUser({ id: 1, name: "Admin Ana", profile: "admin" });
const superAdmin = makeUser({ id: 5, name: "Root", profile: "admin", super: true });
const agent = makeUser({ id: 2, name: "Carla", email: "carla@acme.test", profile: "user" });
const sales = makeQueue({ id: 10, name: "Vendas", color: "#1976d2" });
const support = makeQueue({ id: 11, name: "Suporte", color: "#2e7d32" });

function renderModal(me: UserDTO, userId?: number) {
  const onClose = vi.fn();
  const setCurrentUser = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(me, { setCurrentUser })}>
        <Toaster />
        <UserModal open userId={userId} onClose={onClose} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose, setCurrentUser };
}

const jsonBody = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe("user modal", () => {
  it("validates with the shared schema's messages", async () => {
    const { fetchMock } = mockFetch({ "GET /queue": { body: [] } });
    renderModal(admin);
    const dialog = await screen.findByRole("dialog", { name: "Adicionar usuário" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "A");
    await user.type(within(dialog).getByLabelText(/^Email/), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("E-mail inválido")).toBeInTheDocument();
    expect(within(dialog).getAllByText("Muito curto!")).toHaveLength(2); // name and password
    await user.clear(within(dialog).getByLabelText(/^Nome/));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("creates a user with profile and queues, then closes with a toast", async () => {
    const created = makeUser({ id: 9, name: "Novo" });
    const { requests } = mockFetch({
      "GET /queue": { body: [sales, support] },
      "POST /users": { status: 201, body: created },
    });
    const { onClose } = renderModal(admin);
    const dialog = await screen.findByRole("dialog", { name: "Adicionar usuário" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Novo");
    await user.type(within(dialog).getByLabelText(/^Senha/), "secret1");
    await user.type(within(dialog).getByLabelText(/^Email/), "Novo@Acme.test");
    await user.click(within(dialog).getByRole("combobox", { name: "Perfil" }));
    await user.click(await screen.findByRole("option", { name: "Admin" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Filas" }));
    await user.click(await screen.findByRole("option", { name: "Suporte" }));
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Usuário salvo com sucesso.")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = requests.find((r) => r.init.method === "POST");
    expect(jsonBody(post!.init)).toEqual({
      name: "Novo",
      email: "novo@acme.test",
      password: "secret1",
      profile: "admin",
      queueIds: [11],
      allowFinishTicketWithoutMessage: false,
      allowChangeSignature: true,
    });
  });

  it("lets a user edit their own profile without profile or queue fields", async () => {
    const { requests } = mockFetch({
      "GET /users/2": { body: agent },
      "PUT /users/2": ({ init }) => ({ body: { ...agent, ...jsonBody(init) } }),
    });
    const { setCurrentUser } = renderModal(agent, agent.id);
    const dialog = await screen.findByRole("dialog", { name: "Editar usuário" });
    const name = await within(dialog).findByLabelText(/^Nome/);
    expect(name).toHaveValue("Carla");
    expect(within(dialog).queryByRole("combobox", { name: "Perfil" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: "Filas" })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole("switch", { name: "Permitir alterar assinatura" }),
    ).toBeDisabled();

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, "Carla Souza");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(setCurrentUser).toHaveBeenCalled());
    const put = requests.find((r) => r.init.method === "PUT");
    expect(jsonBody(put!.init)).toEqual({
      name: "Carla Souza",
      email: "carla@acme.test",
      password: "",
    });
  });

  it("gives a super user support access to another company with its queues", async () => {
    const { calls, requests } = mockFetch({
      "GET /users/2": { body: agent },
      "GET /queue": ({ url }) => ({
        body:
          url.searchParams.get("companyId") === "2"
            ? [makeQueue({ id: 30, name: "Cobrança", color: "#c62828" })]
            : [sales],
      }),
      "GET /companies/list": {
        body: [
          { id: 1, name: "Acme" },
          { id: 2, name: "Beta Ltda" },
        ],
      },
      "PUT /users/2": { body: agent },
    });
    renderModal(superAdmin, agent.id);
    const dialog = await screen.findByRole("dialog", { name: "Editar usuário" });
    const user = userEvent.setup();
    const company = await within(dialog).findByRole("combobox", {
      name: "Acesso de suporte à empresa",
    });
    expect(company).toHaveTextContent("Nenhuma");
    expect(
      within(dialog).queryByRole("combobox", { name: "Filas da empresa selecionada" }),
    ).toBeNull();

    await user.click(company);
    await user.click(await screen.findByRole("option", { name: "Beta Ltda" }));
    await user.click(
      await within(dialog).findByRole("combobox", { name: "Filas da empresa selecionada" }),
    );
    await user.click(await screen.findByRole("option", { name: "Cobrança" }));
    await user.keyboard("{Escape}");
    expect(calls).toContain("GET /queue?companyId=2");

    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(requests.some((r) => r.init.method === "PUT")).toBe(true));
    const put = requests.find((r) => r.init.method === "PUT");
    expect(jsonBody(put!.init)).toMatchObject({
      selectedCompanyId: 2,
      selectedCompanyQueueIds: [30],
    });
  });

  it("does not offer support access to a super user editing their own profile", async () => {
    mockFetch({ "GET /users/5": { body: superAdmin }, "GET /queue": { body: [] } });
    renderModal(superAdmin, superAdmin.id);
    const dialog = await screen.findByRole("dialog", { name: "Editar usuário" });
    await within(dialog).findByDisplayValue("Root");
    expect(
      within(dialog).queryByRole("combobox", { name: "Acesso de suporte à empresa" }),
    ).toBeNull();
  });
});
