import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { checkedRoutes, combineRoutes, mockFetch, type RouteTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { makeConnection } from "../../connections/test/connectionFixtures";
import { makeContactList, makeListItem, recordsPage } from "../test/contactListFixtures";
import { ContactListItemsPage } from "./ContactListItemsPage";

const admin = makeUser({ id: 1, profile: "admin" });
const list = makeContactList({ id: 3, name: "Clientes", itemsCount: 3 });
const ana = makeListItem({ id: 11, name: "Ana", number: "5511911112222", isWhatsappValid: true });
const bia = makeListItem({ id: 12, name: "Bia", number: "5511933334444", isWhatsappValid: false });
const caio = makeListItem({ id: 13, name: "Caio", number: "5511955556666" });

function renderItems(extra: RouteTable = checkedRoutes({})) {
  const mocks = mockFetch(
    combineRoutes(
      checkedRoutes({
        "GET /contact-lists/3": { body: list },
        "GET /contact-list-items": recordsPage([ana, bia, caio]),
      }),
      extra,
    ),
  );
  renderScreen(
    <Routes>
      <Route path="/contact-lists/:id" element={<ContactListItemsPage />} />
    </Routes>,
    admin,
    { path: "/contact-lists/3" },
  );
  return mocks;
}
const rowOf = (name: string) => screen.getByRole("cell", { name }).closest("tr") as HTMLElement;

describe("/contact-lists/:id", () => {
  it("titles the screen with the list and shows each contact's WhatsApp check", async () => {
    const { calls } = renderItems();
    expect(await screen.findByRole("heading", { name: "Clientes" })).toBeInTheDocument();
    await screen.findByRole("cell", { name: "Caio" });
    expect(calls).toContain("GET /contact-list-items?contactListId=3&searchParam=&pageNumber=1");
    expect(within(rowOf("Ana")).getByRole("img", { name: "Número no WhatsApp" })).toHaveTextContent(
      "✓",
    );
    expect(
      within(rowOf("Bia")).getByRole("img", { name: "Número não encontrado no WhatsApp" }),
    ).toHaveTextContent("✗");
    expect(within(rowOf("Caio")).getByRole("img", { name: "Não verificado" })).toHaveTextContent(
      "—",
    );
  });

  it("says when the list is empty", async () => {
    mockFetch({
      "GET /contact-lists/3": { body: { ...list, itemsCount: 0 } },
      "GET /contact-list-items": recordsPage([]),
    });
    renderScreen(
      <Routes>
        <Route path="/contact-lists/:id" element={<ContactListItemsPage />} />
      </Routes>,
      admin,
      { path: "/contact-lists/3" },
    );
    expect(await screen.findByText("Nenhum contato nesta lista.")).toBeInTheDocument();
  });

  it("adds a contact: the server's field errors show under the fields", async () => {
    let tries = 0;
    const { requests } = renderItems(
      checkedRoutes({
        "POST /contact-list-items": () =>
          ++tries === 1
            ? {
                status: 400,
                body: {
                  error: "ERR_VALIDATION",
                  message: "invalid",
                  fields: { number: "Número inválido" },
                },
              }
            : {
                status: 201,
                body: makeListItem({ id: 14, name: "Duda", number: "5511977778888" }),
              },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Adicionar contato" }));
    const dialog = screen.getByRole("dialog", { name: "Novo contato da lista" });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    await user.type(within(dialog).getByLabelText("Nome"), "Duda");
    await user.type(within(dialog).getByLabelText("Número"), "123");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Número inválido")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("Número"));
    await user.type(within(dialog).getByLabelText("Número"), "5511977778888");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Contato salvo com sucesso.")).toBeInTheDocument();
    const posts = requests.filter((r) => r.init.method === "POST");
    expect(JSON.parse(String(posts[1]?.init.body))).toEqual({
      contactListId: 3,
      name: "Duda",
      number: "5511977778888",
      email: "",
    });
    expect(await screen.findByRole("cell", { name: "Duda" })).toBeInTheDocument();
  });

  it("edits a contact with PUT (no list id) and deletes one after a confirmation", async () => {
    const { requests, calls } = renderItems(
      checkedRoutes({
        "PUT /contact-list-items/11": { body: { ...ana, name: "Ana Paula" } },
        "DELETE /contact-list-items/12": { status: 204 },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar Ana" }));
    const dialog = screen.getByRole("dialog", { name: "Editar contato da lista" });
    await user.type(within(dialog).getByLabelText("Nome"), " Paula");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("cell", { name: "Ana Paula" })).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.init.method === "PUT")?.init.body))).toEqual({
      name: "Ana Paula",
      number: "5511911112222",
      email: "",
    });
    await user.click(screen.getByRole("button", { name: "Excluir Bia" }));
    const confirm = screen.getByRole("dialog", { name: "Excluir o contato Bia da lista?" });
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Bia" })).toBeNull());
    expect(calls).toContain("DELETE /contact-list-items/12");
  });

  it("imports a file and reports created, updated, skipped and the refused rows", async () => {
    const { requests } = renderItems(
      checkedRoutes({
        "POST /contact-lists/3/upload": {
          body: {
            created: 5,
            updated: 2,
            skipped: 1,
            errors: [
              { row: 4, message: "Número inválido" },
              { row: 9, message: "Nome vazio" },
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole("cell", { name: "Ana" });
    await user.upload(
      screen.getByLabelText("Arquivo de contatos da lista (CSV ou XLSX)"),
      new File(["nome;numero\nAna;5511"], "lista.csv", { type: "text/csv" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Resultado da importação" });
    expect(within(dialog).getByText("Criados: 5")).toBeInTheDocument();
    expect(within(dialog).getByText("Atualizados: 2")).toBeInTheDocument();
    expect(within(dialog).getByText("Ignorados: 1")).toBeInTheDocument();
    expect(within(dialog).getByText("Recusados: 2")).toBeInTheDocument();
    const refused = within(dialog).getByRole("list", { name: "Linhas recusadas" });
    expect(
      within(refused)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Linha 4: Número inválido", "Linha 9: Nome vazio"]);
    const upload = requests.find((r) => r.url.pathname === "/contact-lists/3/upload");
    expect(((upload?.init.body as FormData).get("file") as File).name).toBe("lista.csv");
  });

  it("downloads the template CSV", async () => {
    renderItems(checkedRoutes({ "GET /contact-lists/template": { body: "nome;numero;email" } }));
    const createUrl = vi.fn((blob: Blob) => `blob:${blob.size}`);
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Baixar modelo" }));
    await vi.waitFor(() => expect(downloads).toEqual(["modelo-lista-de-contatos.csv"]));
    expect(createUrl.mock.calls[0]?.[0].size).toBeGreaterThan(0);
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it("validates on WhatsApp through a chosen Baileys connection and toasts the counts", async () => {
    const { requests } = renderItems(
      checkedRoutes({
        "GET /whatsapp/": {
          body: [
            makeConnection({ id: 7, name: "Vendas", channelType: "BAILEYS" }),
            makeConnection({ id: 8, name: "Instagram", channelType: "INSTAGRAM" }),
          ],
        },
        "POST /contact-lists/3/validate": { body: { checked: 3, valid: 2, invalid: 1 } },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Validar no WhatsApp" }));
    const dialog = screen.getByRole("dialog", { name: "Validar no WhatsApp" });
    expect(within(dialog).getByRole("button", { name: "Validar" })).toBeDisabled();
    await user.click(within(dialog).getByLabelText("Conexão"));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Vendas"]);
    await user.click(options[0] as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Validar" }));
    expect(
      await screen.findByText("Verificados: 3 — válidos: 2, inválidos: 1."),
    ).toBeInTheDocument();
    const body = requests.find((r) => r.url.pathname === "/contact-lists/3/validate")?.init.body;
    expect(JSON.parse(String(body))).toEqual({ whatsappId: 7 });
  });
});
