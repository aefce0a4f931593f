import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { makeContact } from "../test/contactFixtures";
import { ContactFormDialog, type ContactFormDialogProps } from "./ContactFormDialog";

const vip = { id: 3, name: "VIP", color: "#c62828" };
const lead = { id: 4, name: "Lead", color: "#1976d2" };

function renderForm(props: Partial<ContactFormDialogProps> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(makeUser({ profile: "admin" }))}>
        <Toaster />
        <ContactFormDialog open onClose={onClose} onSaved={onSaved} {...props} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { onClose, onSaved };
}

const jsonBody = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe("contact form dialog", () => {
  it("validates with the shared contactSchema's messages and sends nothing", async () => {
    const { fetchMock } = mockFetch({ "GET /tags/list": { body: [] } });
    renderForm();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2); // name, number

    await user.type(within(dialog).getByLabelText(/^Nome/), "A");
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), "1234");
    await user.type(within(dialog).getByLabelText(/^Email/), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Muito curto!")).toHaveLength(2);
    expect(within(dialog).getByText("E-mail inválido")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Nome/), "x".repeat(60));
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito longo!")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("offers the number placeholder and prefills the initial values", async () => {
    mockFetch({ "GET /tags/list": { body: [] } });
    renderForm({ initialValues: { name: "Maria", number: "5511999990000" } });
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue("Maria");
    const number = within(dialog).getByLabelText(/^Número do WhatsApp/);
    expect(number).toHaveValue("5511999990000");
    expect(number).toHaveAttribute("placeholder", "5541998608485");
  });

  it("adds and removes extra-information rows, requires their names, and saves them with tags", async () => {
    const saved = makeContact({ id: 77, name: "Maria" });
    const { requests } = mockFetch({
      "GET /tags/list": { body: [vip, lead] },
      "POST /contacts": { status: 201, body: saved },
    });
    const { onClose, onSaved } = renderForm();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Maria");
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), "5541998608485");
    await user.type(within(dialog).getByLabelText(/^CPF\/CNPJ/), "123.456.789-00");

    const addRow = within(dialog).getByRole("button", { name: "Adicionar informação" });
    await user.click(addRow);
    await user.click(addRow);
    expect(within(dialog).getAllByRole("group", { name: /Informação adicional/ })).toHaveLength(2);
    const first = within(dialog).getByRole("group", { name: "Informação adicional 1" });
    await user.type(within(first).getByLabelText("Nome do campo"), "Empresa");
    await user.type(within(first).getByLabelText("Valor"), "Acme");
    const second = within(dialog).getByRole("group", { name: "Informação adicional 2" });
    await user.type(within(second).getByLabelText("Valor"), "sem nome");

    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(second).findByText("Obrigatório")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Remover informação 2" }));
    expect(within(dialog).getAllByRole("group", { name: /Informação adicional/ })).toHaveLength(1);

    await user.click(within(dialog).getByRole("combobox", { name: "Tags" }));
    await user.click(await screen.findByRole("option", { name: "Lead" }));

    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Contato salvo com sucesso.")).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(onClose).toHaveBeenCalled();
    const post = requests.find((r) => r.init.method === "POST");
    expect(jsonBody(post!.init)).toEqual({
      name: "Maria",
      number: "5541998608485",
      email: "",
      document: "123.456.789-00",
      extraInfo: [{ name: "Empresa", value: "Acme" }],
      tags: [4],
    });
  });

  it("waits 400 ms before sending", async () => {
    let sentAt = 0;
    mockFetch({
      "GET /tags/list": { body: [] },
      "POST /contacts": () => {
        sentAt = Date.now();
        return { status: 201, body: makeContact() };
      },
    });
    renderForm();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Maria");
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), "5541998608485");
    const clickedAt = Date.now();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(sentAt).toBeGreaterThan(0));
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(390);
  });

  it("shows the duplicated-contact error and stays open", async () => {
    mockFetch({
      "GET /tags/list": { body: [] },
      "POST /contacts": {
        status: 409,
        body: { error: "ERR_DUPLICATED_CONTACT", message: "duplicated" },
      },
    });
    const { onClose } = renderForm();
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Nome/), "Maria");
    await user.type(within(dialog).getByLabelText(/^Número do WhatsApp/), "5541998608485");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    // The toast and the number field both say it.
    expect(await screen.findAllByText("Já existe um contato com este número.")).toHaveLength(2);
    expect(within(dialog).getByLabelText(/^Número do WhatsApp/)).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("loads a contact for editing and saves it with PUT", async () => {
    const maria = makeContact({
      id: 12,
      name: "Maria",
      email: "maria@acme.test",
      extraInfo: [{ id: 1, name: "Empresa", value: "Acme" }],
      tags: [vip],
    });
    const { requests } = mockFetch({
      "GET /tags/list": { body: [vip, lead] },
      "GET /contacts/12": { body: maria },
      "PUT /contacts/12": ({ init }) => ({ body: { ...maria, ...jsonBody(init), tags: [vip] } }),
    });
    renderForm({ contactId: 12 });
    const dialog = await screen.findByRole("dialog", { name: "Editar contato" });
    const name = await within(dialog).findByDisplayValue("Maria");
    expect(within(dialog).getByDisplayValue("Acme")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "VIP" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, "Maria Souza");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(requests.some((r) => r.init.method === "PUT")).toBe(true));
    expect(jsonBody(requests.find((r) => r.init.method === "PUT")!.init)).toMatchObject({
      name: "Maria Souza",
      email: "maria@acme.test",
      extraInfo: [{ name: "Empresa", value: "Acme" }],
      tags: [3],
    });
  });
});
