import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { QuickMessagesPage } from "./QuickMessagesPage";
import type { QuickMessageRecord } from "../api/quickMessagesApi";

const agent = makeUser({ id: 2, profile: "user" });
const admin = makeUser({ id: 1, profile: "admin" });
const base = { global: false, userId: 2, mediaUrl: null, fileName: null, file: null };
const hello: QuickMessageRecord = {
  ...base,
  id: 1,
  shortcode: "ola",
  message: "Olá!",
  messageType: "MESSAGE",
};
const doc: QuickMessageRecord = {
  ...base,
  id: 2,
  shortcode: "doc",
  message: "",
  messageType: "FILE",
  file: { id: 9, name: "doc.pdf", url: "/files/9" },
};
const page = (records: QuickMessageRecord[]) => ({ body: { records, hasMore: false } });

describe("/quick-messages", () => {
  it("lists shortcut, message and the type in words", async () => {
    mockFetch({ "GET /quick-messages/": page([hello, doc]) });
    renderScreen(<QuickMessagesPage />, agent);
    expect(await screen.findByRole("cell", { name: "ola" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Mensagem" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Arquivo" })).toBeInTheDocument();
  });

  it("validates the shortcode and offers 'global' to admins only", async () => {
    const { calls } = mockFetch({ "GET /quick-messages/": page([]) });
    renderScreen(<QuickMessagesPage />, agent);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = screen.getByRole("dialog", { name: "Mensagem Rápida" });
    expect(within(dialog).queryByLabelText("Disponível para toda a empresa")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Atalho"), "ab");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("creates with a file, then shows it; a server error is shown translated first", async () => {
    let first = true;
    const { calls } = mockFetch({
      "GET /quick-messages/": page([]),
      "POST /quick-messages": () => {
        if (first) {
          first = false;
          return { status: 409, body: { error: "ERR_DUPLICATED_SHORTCODE", message: "dup!" } };
        }
        return { status: 201, body: { ...doc, id: 3, shortcode: "novo" } };
      },
      "POST /quick-messages/3/upload": { body: { ...doc, id: 3, shortcode: "novo" } },
    });
    renderScreen(<QuickMessagesPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = screen.getByRole("dialog", { name: "Mensagem Rápida" });
    expect(within(dialog).getByLabelText("Disponível para toda a empresa")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Atalho"), "novo");
    await user.upload(
      within(dialog).getByLabelText("Anexar arquivo", { selector: "input" }),
      new File(["x"], "doc.pdf"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(
      await screen.findByText("Você já tem uma resposta rápida com este atalho."),
    ).toBeInTheDocument();
    expect(screen.queryByText("dup!")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Messagem adicionada com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("cell", { name: "novo" })).toBeInTheDocument());
    expect(calls).toContain("POST /quick-messages/3/upload");
  });

  it("removes a stored file on the second click and deletes after confirmation", async () => {
    const { calls } = mockFetch({
      "GET /quick-messages/": page([doc]),
      "DELETE /quick-messages/2/upload": { body: { ...doc, file: null, messageType: "MESSAGE" } },
      "DELETE /quick-messages/2": { status: 204 },
    });
    renderScreen(<QuickMessagesPage />, agent);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar doc" }));
    const dialog = screen.getByRole("dialog", { name: "Mensagem Rápida" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir arquivo" }));
    expect(calls.some((c) => c.includes("/upload"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Clique novamente para excluir" }));
    await waitFor(() => expect(within(dialog).queryByText("doc.pdf")).toBeNull());
    expect(calls).toContain("DELETE /quick-messages/2/upload");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await user.click(screen.getByRole("button", { name: "Excluir doc" }));
    const confirm = screen.getByRole("dialog", { name: "Excluir doc?" });
    expect(
      within(confirm).getByText("Deseja realmente excluir este registro?"),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Messagem excluída com sucesso.")).toBeInTheDocument();
    expect(calls).toContain("DELETE /quick-messages/2");
  });
});
