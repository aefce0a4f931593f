import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import type { ConnectionDTO } from "../api/connectionsApi";
import { makeConnection } from "../test/connectionFixtures";
import { ConnectionDialog } from "./ConnectionDialog";
import { makeQueue } from "../../../test/factories";

const sales = makeQueue({ id: 10, name: "Vendas", color: "#1976d2" });
const support = makeQueue({ id: 11, name: "Suporte", color: "#2e7d32" });

function renderDialog(connection?: ConnectionDTO) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(makeUser({ profile: "admin" }))}>
        <Toaster />
        <ConnectionDialog open connection={connection} onClose={onClose} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose };
}

const jsonBody = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe("connection dialog", () => {
  it("requires a name of 2 to 50 characters", async () => {
    const { calls } = mockFetch({ "GET /queue": { body: [] } });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar conexão" });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Nome/), "A");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Nome/));
    await user.paste("b".repeat(50));
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito longo!")).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("offers every channel, WhatsApp first, with the fields of the chosen one only", async () => {
    mockFetch({ "GET /queue": { body: [] } });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar conexão" });
    const user = userEvent.setup();
    const channel = within(dialog).getByRole("combobox", { name: "Canal" });
    expect(channel).toHaveTextContent("WhatsApp");
    expect(within(dialog).getByRole("combobox", { name: "Provedor" })).toHaveTextContent("Beta");
    expect(within(dialog).queryByLabelText(/Token de acesso/)).toBeNull();
    await user.click(channel);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => [o.textContent, o.getAttribute("aria-disabled") === "true"])).toEqual(
      [
        ["WhatsApp", false],
        ["Facebook", false],
        ["Instagram", false],
        ["WhatsApp Business", false],
        ["Chat do site", false],
      ],
    );
    await user.click(screen.getByRole("option", { name: "WhatsApp Business" }));
    expect(within(dialog).getByLabelText(/^ID do número de telefone/)).toBeRequired();
    expect(within(dialog).getByLabelText(/^ID da conta do WhatsApp Business/)).not.toBeRequired();
    expect(within(dialog).getByLabelText(/^Token de acesso/)).toBeRequired();
    expect(within(dialog).queryByLabelText(/ID da página/)).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: "Provedor" })).toBeNull();
    await user.click(within(dialog).getByRole("combobox", { name: "Canal" }));
    await user.click(await screen.findByRole("option", { name: "Facebook" }));
    expect(within(dialog).getByLabelText(/^ID da página do Facebook/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/ID do número de telefone/)).toBeNull();
    expect(
      within(dialog).getByText(
        "As mensagens podem usar as variáveis {saudacao}, {nome}, {numero}, {email}, {protocolo}.",
      ),
    ).toBeInTheDocument();
  });

  it("creates a Facebook connection with its page id and token; the id is required", async () => {
    const created = makeConnection({ id: 41, name: "Página", channelType: "FACEBOOK" });
    const { requests } = mockFetch({
      "GET /queue": { body: [] },
      "POST /whatsapp": { status: 201, body: created },
    });
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar conexão" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Página");
    await user.click(within(dialog).getByRole("combobox", { name: "Canal" }));
    await user.click(await screen.findByRole("option", { name: "Facebook" }));
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^ID da página do Facebook/), "1029384756");
    await user.type(within(dialog).getByLabelText(/^Token de acesso/), "EAAG-secret");
    await user.click(within(dialog).getByRole("button", { name: "Gerar" }));
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Conexão salva com sucesso.")).toBeInTheDocument();
    const body = jsonBody(requests.find((r) => r.url.pathname === "/whatsapp")!.init);
    expect(body).toMatchObject({
      channelType: "FACEBOOK",
      config: { pageId: "1029384756", accessToken: "EAAG-secret" },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("keeps a masked access token and shows the server's field message", async () => {
    const page = makeConnection({
      id: 42,
      name: "Página",
      channelType: "FACEBOOK",
      config: { pageId: "111", accessToken: "••••••••wxyz" },
    });
    const { requests } = mockFetch({
      "GET /queue": { body: [] },
      "PUT /whatsapp/42": {
        status: 400,
        body: {
          error: "ERR_VALIDATION",
          message: "This id is already used by another connection",
          fields: { "config.pageId": "Already used by another connection" },
        },
      },
    });
    renderDialog(page);
    const dialog = await screen.findByRole("dialog", { name: "Editar conexão" });
    const user = userEvent.setup();
    expect(
      within(dialog).getByText("Deixe como está para manter o token salvo."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(
      await within(dialog).findByText("Already used by another connection"),
    ).toBeInTheDocument();
    const body = jsonBody(requests.find((r) => r.url.pathname === "/whatsapp/42")!.init);
    expect(body.config).toEqual({ pageId: "111", accessToken: "••••••••wxyz" });
  });

  it("creates a web chat with its widget settings, messages, queues and file", async () => {
    const created = makeConnection({ id: 40, name: "Site" });
    const { requests, calls } = mockFetch({
      "GET /queue": { body: [sales, support] },
      "POST /whatsapp": { status: 201, body: created },
      "POST /whatsapp/40/upload": {
        body: { ...created, file: { id: 1, name: "menu.pdf", url: "/f" } },
      },
    });
    const { onClose } = renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar conexão" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Site");
    await user.click(within(dialog).getByRole("combobox", { name: "Canal" }));
    await user.click(await screen.findByRole("option", { name: "Chat do site" }));
    await user.type(within(dialog).getByLabelText("Título do widget"), "Fale conosco");
    await user.type(within(dialog).getByLabelText("Mensagem de saudação"), "Olá {{nome}!");
    await user.type(within(dialog).getByLabelText("Mensagem de conclusão"), "Até logo");
    await user.click(within(dialog).getByRole("switch", { name: "Padrão" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Filas" }));
    await user.click(await screen.findByRole("option", { name: "Suporte" }));
    await user.keyboard("{Escape}");
    const file = new File(["%PDF"], "menu.pdf", { type: "application/pdf" });
    await user.upload(within(dialog).getByLabelText("Anexar arquivo", { selector: "input" }), file);
    expect(within(dialog).getByText("menu.pdf")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Conexão salva com sucesso.")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = requests.find((r) => r.url.pathname === "/whatsapp")!;
    expect(jsonBody(post.init)).toEqual({
      name: "Site",
      channelType: "WEB_CHAT",
      isDefault: true,
      greetingMessage: "Olá {nome}!",
      complationMessage: "Até logo",
      outOfHoursMessage: "",
      ratingMessage: "",
      transferMessage: "",
      token: "",
      provider: "beta",
      queueIds: [11],
      config: { widgetTitle: "Fale conosco", widgetColor: "#002d6e" },
    });
    expect(calls).toContain("POST /whatsapp/40/upload");
    const upload = requests.find((r) => r.url.pathname === "/whatsapp/40/upload")!;
    expect((upload.init.body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("shows the server's refusal through the error toast and stays open", async () => {
    const site = makeConnection({ id: 3, name: "Site", isDefault: true, queueIds: [10, 11] });
    mockFetch({
      "GET /queue": { body: [sales, support] },
      "PUT /whatsapp/3": {
        status: 400,
        body: { error: "ERR_WAPP_GREETING_REQUIRED", message: "greeting" },
      },
    });
    const { onClose } = renderDialog(site);
    const dialog = await screen.findByRole("dialog", { name: "Editar conexão" });
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue("Site");
    expect(within(dialog).getByRole("combobox", { name: "Canal" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("A mensagem de saudação é obrigatória quando há mais de uma fila."),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("removes the attached file only on the second click", async () => {
    const site = makeConnection({
      id: 3,
      name: "Site",
      file: { id: 9, name: "menu.pdf", url: "/files/9" },
    });
    const { calls } = mockFetch({
      "GET /queue": { body: [] },
      "DELETE /whatsapp/3/upload": { body: { ...site, file: null } },
    });
    renderDialog(site);
    const dialog = await screen.findByRole("dialog", { name: "Editar conexão" });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: "Excluir arquivo" }));
    expect(calls.some((c) => c.startsWith("DELETE"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Clique novamente para excluir" }));
    expect(await screen.findByText("Arquivo excluído")).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain("DELETE /whatsapp/3/upload"));
  });
});
