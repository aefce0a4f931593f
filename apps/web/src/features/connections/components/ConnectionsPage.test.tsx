import { channels, type UserDTO } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeConnection } from "../test/connectionFixtures";
import { OPENING_TIMEOUT_MS } from "../api/connectionRules";
import { ConnectionsPage } from "./ConnectionsPage";
import { cacheNotified } from "../../../test/realtime";

const admin = makeUser({ id: 1, profile: "admin" });
const agent = makeUser({ id: 2, profile: "user" });
const site = makeConnection({
  id: 1,
  name: "Site",
  uuid: "0f8c2a1e-7d3b-4c55-9a10-000000000001",
  isDefault: true,
  updatedAt: new Date(2026, 2, 4, 9, 7).toISOString(),
});

function renderPage(me: UserDTO = admin, queryClient: QueryClient = testQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <Toaster />
        <ConnectionsPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);
const rowOf = (name: string) => screen.getByRole("cell", { name }).closest("tr")!;
const buttonsIn = (row: HTMLElement) =>
  within(row)
    .queryAllByRole("button")
    .concat(within(row).queryAllByRole("link"))
    .map((b) => b.textContent || b.getAttribute("aria-label"));

describe("/connections", () => {
  it("shows an admin every column, the Add button and the row actions", async () => {
    const { calls } = mockFetch({ "GET /whatsapp/": { body: [site] } });
    renderPage(admin);
    await screen.findByRole("cell", { name: "Site" }, { timeout: 10_000 });
    expect(headers()).toEqual([
      "Canal",
      "Nome",
      "Status",
      "Sessão",
      "Última atualização",
      "Padrão",
      "Ações",
    ]);
    expect(screen.getByRole("button", { name: "Adicionar" })).toBeInTheDocument();
    const row = rowOf("Site");
    expect(within(row).getByLabelText("Chat do site")).toBeInTheDocument();
    expect(within(row).getByText("Conectado")).toBeInTheDocument();
    expect(within(row).getByText("04/03/26 09:07")).toBeInTheDocument();
    expect(within(row).getByTitle("Conexão padrão")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Editar Site" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Excluir Site" })).toBeInTheDocument();
    expect(calls).toEqual(["GET /whatsapp/?session=0"]);
  });

  it("shows a user no Add button, no session column and no actions", async () => {
    mockFetch({ "GET /whatsapp/": { body: [site] } });
    renderPage(agent);
    await screen.findByRole("cell", { name: "Site" }, { timeout: 10_000 });
    expect(headers()).toEqual(["Canal", "Nome", "Status", "Última atualização", "Padrão"]);
    expect(screen.queryByRole("button", { name: "Adicionar" })).not.toBeInTheDocument();
    expect(buttonsIn(rowOf("Site"))).toEqual([]);
  });

  it("shows why a connection is down and since when, and that its sends are failing", async () => {
    const down = makeConnection({
      id: 9,
      name: "Vendas",
      channelType: "WHATSAPP_BUSINESS",
      status: "CONNECTED",
      degraded: true,
      incidentReason: "tokenRejected:Error validating access token (code 190)",
      incidentAt: "2026-03-04T12:30:00.000Z",
    });
    mockFetch({ "GET /whatsapp/": { body: [site, down] } });
    renderPage(admin);
    await screen.findByRole("cell", { name: "Vendas" }, { timeout: 10_000 });
    const row = rowOf("Vendas");
    expect(within(row).getByText("Envios falhando")).toBeInTheDocument();
    const incident = within(row).getByTestId("connection-incident");
    expect(incident).toHaveTextContent(
      "A Meta recusou o token de acesso (Error validating access token (code 190)): gere um novo",
    );
    expect(incident).toHaveTextContent(/desde 04\/03\/2026 \d\d:30/);
    expect(within(rowOf("Site")).queryByTestId("connection-incident")).toBeNull();
  });

  it("shows the session buttons by status", async () => {
    const wa = (name: string, status: (typeof site)["status"]) =>
      makeConnection({ name, status, channelType: "BAILEYS" });
    mockFetch({
      "GET /whatsapp/": {
        body: [
          wa("A-qr", "qrcode"),
          wa("B-off", "DISCONNECTED"),
          wa("C-on", "CONNECTED"),
          wa("D-pair", "PAIRING"),
          wa("E-timeout", "TIMEOUT"),
          wa("F-opening", "OPENING"),
          site,
        ],
      },
    });
    renderPage(admin);
    await screen.findByRole("cell", { name: "Site" }, { timeout: 10_000 });
    const session = (name: string) =>
      buttonsIn(rowOf(name)).filter((label) => !/^(Editar|Excluir) /.test(label ?? ""));
    expect(session("A-qr")).toEqual(["QR Code"]);
    expect(session("B-off")).toEqual(["Tentar novamente", "Novo QR Code"]);
    expect(session("C-on")).toEqual(["Desconectar"]);
    expect(session("D-pair")).toEqual(["Desconectar"]);
    expect(session("E-timeout")).toEqual(["Desconectar"]);
    expect(session("F-opening")).toEqual(["Conectando"]);
    expect(within(rowOf("F-opening")).getByRole("button", { name: "Conectando" })).toBeDisabled();
    expect(session("Site")).toEqual(["Copiar código do widget", "Abrir página de teste"]);
  });

  it("offers a Meta row its token check, never a QR code", async () => {
    const page = makeConnection({
      id: 21,
      name: "Página",
      channelType: "FACEBOOK",
      status: "CONNECTED",
    });
    const insta = makeConnection({
      id: 22,
      name: "Insta",
      channelType: "INSTAGRAM",
      status: "DISCONNECTED",
    });
    const { calls } = mockFetch({
      "GET /whatsapp/": { body: [page, insta] },
      "POST /whatsappsession/21": { body: {} },
      "POST /whatsappsession/22": { body: {} },
    });
    renderPage(admin);
    await screen.findByRole("cell", { name: "Insta" }, { timeout: 10_000 });
    const session = (name: string) =>
      buttonsIn(rowOf(name)).filter((label) => !/^(Editar|Excluir) /.test(label ?? ""));
    expect(session("Página")).toEqual(["Verificar token", "Desconectar"]);
    expect(session("Insta")).toEqual(["Reconectar"]);
    const user = userEvent.setup();
    await user.click(within(rowOf("Página")).getByRole("button", { name: "Verificar token" }));
    await user.click(within(rowOf("Insta")).getByRole("button", { name: "Reconectar" }));
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining(["POST /whatsappsession/21", "POST /whatsappsession/22"]),
      ),
    );
  });

  it("says why a connection is stuck on 'Conectando' after a minute without a QR code, and retries", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const stuck = makeConnection({
        id: 23,
        name: "Zap",
        channelType: "BAILEYS",
        status: "OPENING",
      });
      const { calls } = mockFetch({
        "GET /whatsapp/": { body: [stuck] },
        "POST /whatsappsession/23": { body: {} },
      });
      renderPage(admin);
      await screen.findByRole("cell", { name: "Zap" }, { timeout: 10_000 });
      const row = rowOf("Zap");
      expect(within(row).getByRole("button", { name: "Conectando" })).toBeDisabled();
      expect(within(row).getByText("Aguardando o QR Code do WhatsApp…")).toBeInTheDocument();
      expect(within(row).queryByRole("button", { name: "Tentar novamente" })).toBeNull();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(OPENING_TIMEOUT_MS + 1000);
      });
      expect(
        within(rowOf("Zap")).getByText("Sem QR Code há mais de 1 minuto."),
      ).toBeInTheDocument();
      expect(
        within(rowOf("Zap")).getByText(/não recebeu resposta do WhatsApp/),
      ).toBeInTheDocument();
      expect(within(rowOf("Zap")).getByText("Conectando")).toBeInTheDocument(); // the state stays shown
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(within(rowOf("Zap")).getByRole("button", { name: "Tentar novamente" }));
      await waitFor(() => expect(calls).toContain("POST /whatsappsession/23"));
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends the session commands", async () => {
    const off = makeConnection({
      id: 8,
      name: "Zap",
      channelType: "BAILEYS",
      status: "DISCONNECTED",
    });
    const { calls } = mockFetch({
      "GET /whatsapp/": { body: [off] },
      "POST /whatsappsession/8": { body: {} },
      "PUT /whatsappsession/8": { body: {} },
    });
    renderPage(admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Tentar novamente" }));
    await user.click(screen.getByRole("button", { name: "Novo QR Code" }));
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining(["POST /whatsappsession/8", "PUT /whatsappsession/8"]),
      ),
    );
  });

  it("copies the widget code and links the test page of a web chat", async () => {
    mockFetch({ "GET /whatsapp/": { body: [site] } });
    renderPage(admin);
    const user = userEvent.setup(); // with its own clipboard
    await user.click(await screen.findByRole("button", { name: "Copiar código do widget" }));
    expect(await screen.findByText("Código do widget copiado.")).toBeInTheDocument();
    const origin = window.location.origin;
    expect(await navigator.clipboard.readText()).toBe(
      `<script src="${origin}/widget.js" data-connection="${site.uuid}" async></script>`,
    );
    expect(screen.getByRole("link", { name: "Abrir página de teste" })).toHaveAttribute(
      "href",
      `${origin}/webchat/${site.uuid}`,
    );
  });

  it("deletes after a confirmation, and tells why the server refuses", async () => {
    const other = makeConnection({ id: 2, name: "Loja" });
    const { calls } = mockFetch({
      "GET /whatsapp/": { body: [other, site] },
      "DELETE /whatsapp/2": { status: 204 },
      "DELETE /whatsapp/1": {
        status: 409,
        body: { error: "ERR_CONNECTION_HAS_TICKETS", message: "has tickets" },
      },
    });
    renderPage(admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Loja" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Excluir Loja?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    expect(await screen.findByText("Conexão excluída com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Loja" })).toBeNull());
    expect(calls).toContain("DELETE /whatsapp/2");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Excluir Site" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Excluir Site?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    expect(
      await screen.findByText(
        "Esta conexão possui atendimentos; desconecte-a em vez de excluí-la.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("cell", { name: "Site" })).toBeInTheDocument();
  });

  it("keeps the list current with company whatsapp and session events", async () => {
    mockFetch({ "GET /whatsapp/": { body: [site] } });
    const queryClient = renderPage(admin);
    await screen.findByRole("cell", { name: "Site" }, { timeout: 10_000 });
    const socket = new FakeSocket();
    bindRealtimeEvents(socket.asSocket(), {
      companyId: 1,
      userId: admin.id,
      queryClient,
      readUserUuid: () => "session-1",
      onCurrentUserChanged: vi.fn(),
      endSessionWithNotice: vi.fn(),
    });
    const push = (channel: string, payload: unknown) =>
      act(async () => {
        socket.serverEmit(channel, payload);
        await cacheNotified();
      });
    const zap = makeConnection({ id: 5, name: "Zap", channelType: "BAILEYS", status: "OPENING" });
    await push(channels.whatsapp(1), { action: "update", whatsapp: zap });
    expect(within(rowOf("Zap")).getByRole("button", { name: "Conectando" })).toBeDisabled();
    await push(channels.whatsappSession(1), {
      action: "update",
      session: { id: 5, status: "qrcode", qrcode: "2@abc", retries: 0, updatedAt: zap.updatedAt },
    });
    expect(within(rowOf("Zap")).getByRole("button", { name: "QR Code" })).toBeInTheDocument();
    await push(channels.whatsapp(1), {
      action: "update",
      whatsapp: { ...site, name: "Site novo" },
    });
    expect(screen.getByRole("cell", { name: "Site novo" })).toBeInTheDocument();
    await push(channels.whatsapp(1), { action: "delete", whatsappId: 5 });
    expect(screen.queryByRole("cell", { name: "Zap" })).toBeNull();
  });

  it("shows the QR code at 256 px and closes when a session update empties it", async () => {
    const zap = makeConnection({
      id: 9,
      name: "Zap",
      channelType: "BAILEYS",
      status: "qrcode",
      qrcode: "2@first-code",
    });
    const { calls } = mockFetch({
      "GET /whatsapp/": { body: [zap] },
      "GET /whatsapp/9": { body: zap },
    });
    const queryClient = renderPage(admin);
    const socket = new FakeSocket();
    bindRealtimeEvents(socket.asSocket(), {
      companyId: 1,
      userId: admin.id,
      queryClient,
      readUserUuid: () => "session-1",
      onCurrentUserChanged: vi.fn(),
      endSessionWithNotice: vi.fn(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "QR Code" }));
    const dialog = await screen.findByRole("dialog", { name: "Leia o QR Code — Zap" });
    const svg = await within(dialog).findByTitle("QR Code da sessão");
    expect(svg.closest("svg")).toHaveAttribute("width", "256");
    expect(calls).toContain("GET /whatsapp/9");

    const session = (patch: object) =>
      act(async () => {
        socket.serverEmit(channels.whatsappSession(1), {
          action: "update",
          session: { id: 9, retries: 0, updatedAt: new Date().toISOString(), ...patch },
        });
        await cacheNotified();
      });
    // A new code replaces the old one; the dialog stays.
    await session({ status: "qrcode", qrcode: "2@second-code" });
    expect(screen.getByRole("dialog", { name: "Leia o QR Code — Zap" })).toBeInTheDocument();
    // Scanned: the code is emptied, the dialog closes, the row shows the new status.
    await session({ status: "CONNECTED", qrcode: "" });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Leia o QR Code — Zap" })).toBeNull(),
    );
    await waitFor(() => expect(within(rowOf("Zap")).getByText("Conectado")).toBeInTheDocument());
    expect(within(rowOf("Zap")).getByRole("button", { name: "Desconectar" })).toBeInTheDocument();
  });
});
