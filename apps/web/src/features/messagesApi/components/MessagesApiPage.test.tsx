import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bearerOf, mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeConnection } from "../../connections/test/connectionFixtures";
import { MessagesApiPage } from "./MessagesApiPage";
import { makeQueue } from "../../../test/factories";

const KEY = `atk_1_${"k".repeat(43)}`;
const zap = makeConnection({ id: 7, name: "Loja", channelType: "BAILEYS", token: "loja-centro" });
const site = makeConnection({ id: 8, name: "Site", token: "" });
const sales = makeQueue({ id: 10, name: "Vendas", color: "#1976d2" });

function renderPage() {
  localStorage.setItem("token", "session-token");
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(makeUser({ profile: "admin" }))}>
        <Toaster />
        <MessagesApiPage />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const routes = (hasKey: boolean, apiEnabled = true) => ({
  "GET /api/messages/key": { body: { apiEnabled, hasKey } },
  "POST /api/messages/key": { status: 201, body: { key: KEY, apiEnabled, hasKey: true } },
  "GET /whatsapp/": { body: [zap, site] },
  "GET /queue": { body: [sales] },
});

describe("/messages-api", () => {
  it("documents the endpoint with its headers, notes and curl examples", async () => {
    mockFetch(routes(true));
    renderPage();
    expect(
      await screen.findByText(`POST ${window.location.origin}/api/messages/send`),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "O número não deve ter máscara ou caracteres especiais e deve ser composto por código do país, DDD e número.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("O token deve antes ser cadastrado na conexão, pelo menu Conexões."),
    ).toBeInTheDocument();
    // The full reference, on the API's origin, in a new tab.
    const reference = screen.getByRole("link", { name: "Referência da API (OpenAPI)" });
    expect(reference).toHaveAttribute("href", `${window.location.origin}/api/docs`);
    expect(reference).toHaveAttribute("target", "_blank");
    expect(screen.getByLabelText("Mensagem de texto (JSON)")).toHaveTextContent(
      '-H "X_KEY: SUA_CHAVE"',
    );
    expect(screen.getByLabelText("Mensagem com mídia (multipart)")).toHaveTextContent(
      '-F "medias=@/caminho/boleto.pdf"',
    );
    expect(await screen.findByText(/já tem uma chave/)).toBeInTheDocument();
  });

  it("generates the key once, warns that the API is off, and fills the test form", async () => {
    const { calls } = mockFetch(routes(false, false));
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/A API de mensagens está desativada/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Gerar chave" }));
    expect(
      await screen.findByText("Copie a chave agora: ela não será mostrada novamente."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Chave da API")).toHaveTextContent(KEY);
    expect(screen.getByLabelText(/^Chave/, { selector: "input" })).toHaveValue(KEY);
    expect(calls).toContain("POST /api/messages/key");
    // Replacing a key asks first.
    await user.click(screen.getByRole("button", { name: "Gerar nova chave" }));
    expect(
      await screen.findByRole("dialog", { name: "Gerar uma nova chave?" }),
    ).toBeInTheDocument();
  });

  it("requires key, token, number and a body or a file, then sends with X_KEY and X_TOKEN", async () => {
    const { requests } = mockFetch({
      ...routes(true),
      "POST /api/messages/send": {
        status: 201,
        body: {
          ticketId: 3,
          ticketUuid: "u",
          ticketStatus: "pending",
          contactId: 4,
          messageIds: [9],
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Testar envio" });
    await user.click(within(form).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(within(form).getAllByText("Obrigatório")).toHaveLength(4));

    await user.type(within(form).getByLabelText(/^Chave/), KEY);
    await user.click(within(form).getByRole("combobox", { name: /^Token/ }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Loja — loja-centro"]);
    await user.click(options[0]!);
    await user.type(within(form).getByLabelText(/^Número/), "5511999999999");
    await user.type(within(form).getByLabelText("Mensagem"), "Olá!");
    await user.click(within(form).getByRole("switch", { name: "Abrir atendimento" }));
    await user.click(within(form).getByRole("combobox", { name: "Fila" }));
    await user.click(await screen.findByRole("option", { name: "Vendas" }));
    await user.click(within(form).getByRole("button", { name: "Enviar" }));

    expect(await screen.findByText("Mensagem enviada com sucesso")).toBeInTheDocument();
    const sent = requests.find((r) => r.url.pathname === "/api/messages/send")!;
    const headers = new Headers(sent.init.headers);
    expect(headers.get("X_KEY")).toBe(KEY);
    expect(headers.get("X_TOKEN")).toBe("loja-centro");
    expect(bearerOf(sent.init)).toBeNull();
    expect(JSON.parse(String(sent.init.body))).toEqual({
      number: "5511999999999",
      body: "Olá!",
      ticket: 1,
      queue: 10,
    });
    expect(screen.getByLabelText("Resposta")).toHaveTextContent('"ticketId": 3');
  });

  it("sends a file as multipart and shows the server's refusal", async () => {
    const { requests } = mockFetch({
      ...routes(true),
      "POST /api/messages/send": {
        status: 401,
        body: { error: "ERR_API_TOKEN_INVALID", message: "Invalid token" },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Testar envio" });
    await user.type(within(form).getByLabelText(/^Chave/), KEY);
    await user.click(within(form).getByRole("combobox", { name: /^Token/ }));
    await user.click(await screen.findByRole("option", { name: "Loja — loja-centro" }));
    await user.type(within(form).getByLabelText(/^Número/), "5511999999999");
    const file = new File(["%PDF"], "boleto.pdf", { type: "application/pdf" });
    await user.upload(within(form).getByLabelText("Anexar arquivo", { selector: "input" }), file);
    await user.click(within(form).getByRole("button", { name: "Enviar" }));
    expect(
      await screen.findByText(
        "Token (X_TOKEN) ausente ou não cadastrado em uma conexão desta empresa.",
      ),
    ).toBeInTheDocument();
    const body = requests.find((r) => r.url.pathname === "/api/messages/send")!.init
      .body as FormData;
    expect(body.get("number")).toBe("5511999999999");
    expect(body.get("medias")).toBeInstanceOf(File);
  });
});
