import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { ContactsPage } from "./ContactsPage";

const admin = makeUser({ id: 1, profile: "admin" });
const agent = makeUser({ id: 2, profile: "user" });
const empty = { body: { contacts: [], hasMore: false } };

describe("/contacts import and export", () => {
  it("is offered only with contacts-page:importExport", async () => {
    mockFetch({ "GET /contacts/": empty });
    renderScreen(<ContactsPage />, agent);
    await screen.findByText("Nenhum contato encontrado.");
    expect(screen.queryByRole("button", { name: "Importar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Exportar" })).toBeNull();
  });

  it("imports a file as multipart `file` and shows the counts and bad rows", async () => {
    const { requests } = mockFetch({
      "GET /contacts/": empty,
      "POST /contacts/import": {
        body: {
          created: 2,
          updated: 1,
          skipped: 3,
          errors: [{ row: 4, message: "Number required" }],
        },
      },
    });
    renderScreen(<ContactsPage />, admin);
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Importar" });
    await user.upload(
      screen.getByLabelText("Arquivo de contatos (CSV ou XLSX)"),
      new File(["number\n5511"], "contatos.csv", { type: "text/csv" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Resultado da importação" });
    expect(within(dialog).getByText("Criados: 2")).toBeInTheDocument();
    expect(within(dialog).getByText("Atualizados: 1")).toBeInTheDocument();
    expect(within(dialog).getByText("Ignorados: 3")).toBeInTheDocument();
    expect(within(dialog).getByText("Linha 4: Número obrigatório")).toBeInTheDocument();
    const body = requests.find((r) => r.init.method === "POST")?.init.body as FormData;
    expect((body.get("file") as File).name).toBe("contatos.csv");
  });

  it("exports contatos.xlsx", async () => {
    mockFetch({ "GET /contacts/": empty, "GET /contacts/export": { body: "xlsx-bytes" } });
    const createUrl = vi.fn((blob: Blob) => `blob:${blob.size}`);
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("contatos.xlsx");
    });
    renderScreen(<ContactsPage />, admin);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Exportar" }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createUrl).toHaveBeenCalledTimes(1);
    expect(createUrl.mock.calls[0]?.[0].size).toBeGreaterThan(0);
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});
