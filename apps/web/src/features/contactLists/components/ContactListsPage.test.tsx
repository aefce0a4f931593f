import { channels } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { makeContactList, recordsPage } from "../test/contactListFixtures";
import { ContactListsPage } from "./ContactListsPage";

const admin = makeUser({ id: 1, profile: "admin" });
const clients = makeContactList({ id: 3, name: "Clientes", itemsCount: 120 });
const leads = makeContactList({ id: 4, name: "Leads", itemsCount: 0 });
const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr") as HTMLElement;

describe("/contact-lists", () => {
  it("shows the loading rows, then each list with its number of contacts", async () => {
    let answer: (value: void) => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mockFetch({
      "GET /contact-lists/": () => held.then(() => recordsPage([clients, leads])),
    });
    renderScreen(<ContactListsPage />, admin);
    await waitFor(() =>
      expect(document.querySelectorAll(".MuiSkeleton-root").length).toBeGreaterThan(0),
    );
    answer();
    expect(await screen.findByRole("link", { name: "Clientes" })).toHaveAttribute(
      "href",
      "/contact-lists/3",
    );
    expect(within(rowOf("Clientes")).getByRole("cell", { name: "120" })).toBeInTheDocument();
    expect(within(rowOf("Leads")).getByRole("cell", { name: "0" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Abrir contatos de Leads" })).toBeInTheDocument();
  });

  it("says when there is no list, and searches by name", async () => {
    const { calls } = mockFetch({ "GET /contact-lists/": recordsPage([]) });
    renderScreen(<ContactListsPage />, admin);
    expect(await screen.findByText("Nenhuma lista de contatos encontrada.")).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole("searchbox"), "vip");
    await waitFor(() =>
      expect(calls).toContain("GET /contact-lists/?searchParam=vip&pageNumber=1"),
    );
  });

  it("creates a list: the name is required", async () => {
    const { requests } = mockFetch({
      "GET /contact-lists/": recordsPage([]),
      "POST /contact-lists": {
        status: 201,
        body: makeContactList({ id: 9, name: "Black Friday" }),
      },
    });
    renderScreen(<ContactListsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nova lista" }));
    const dialog = screen.getByRole("dialog", { name: "Nova lista de contatos" });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    expect(requests.some((r) => r.init.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText("Nome"), "Black Friday");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Lista salva com sucesso.")).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.init.method === "POST")?.init.body))).toEqual({
      name: "Black Friday",
    });
    expect(await screen.findByRole("link", { name: "Black Friday" })).toBeInTheDocument();
  });

  it("deletes after a confirmation naming the list; a list in use says why it stays", async () => {
    let inUse = true;
    mockFetch({
      "GET /contact-lists/": recordsPage([clients, leads]),
      "DELETE /contact-lists/3": () =>
        inUse
          ? { status: 409, body: { error: "ERR_CONTACT_LIST_IN_USE", message: "in use" } }
          : { status: 204 },
    });
    renderScreen(<ContactListsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Clientes" }));
    let dialog = screen.getByRole("dialog", { name: "Excluir a lista Clientes?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(
      await screen.findByText(
        "A lista é usada por uma campanha programada, em andamento ou pausada.",
      ),
    ).toBeInTheDocument();
    inUse = false;
    await user.click(await screen.findByRole("button", { name: "Excluir Clientes" }));
    dialog = screen.getByRole("dialog", { name: "Excluir a lista Clientes?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Lista excluída com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Clientes" })).toBeNull());
  });

  it("follows contact list events: counts change, deleted lists leave", async () => {
    mockFetch({ "GET /contact-lists/": recordsPage([clients, leads]) });
    const { queryClient } = renderScreen(<ContactListsPage />, admin);
    await screen.findByRole("link", { name: "Leads" });
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.contactList(1), {
      action: "update",
      contactList: { ...leads, itemsCount: 42 },
    });
    expect(within(rowOf("Leads")).getByRole("cell", { name: "42" })).toBeInTheDocument();
    await push(channels.contactList(1), { action: "delete", contactListId: 3 });
    await waitFor(() => expect(screen.queryByRole("link", { name: "Clientes" })).toBeNull());
  });
});
