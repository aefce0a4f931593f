import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { HelpRecordsManager } from "./HelpRecordsManager";

const operator = makeUser({ id: 1, profile: "admin", super: true });
const intro = {
  id: 1,
  title: "Primeiros passos",
  description: "Como começar",
  video: "abc",
  version: "1",
};
const advanced = { id: 2, title: "Avançado", description: "", video: "xyz", version: "2" };
const tableOf = (name: string) => screen.getByLabelText(name, { selector: "table" });

describe("Settings › Help", () => {
  it("lists records in the Version 1 and Version 2 tables", async () => {
    const { calls } = mockFetch({ "GET /helps/list": { body: [intro, advanced] } });
    renderScreen(<HelpRecordsManager />, operator);
    await screen.findByText("Primeiros passos");
    expect(within(tableOf("Versão 1")).getByText("Primeiros passos")).toBeInTheDocument();
    expect(within(tableOf("Versão 2")).getByText("Avançado")).toBeInTheDocument();
    expect(calls).toContain("GET /helps/list?version=all");
  });

  it("deletes the loaded record only after the 'Exclusão de Registro' confirmation", async () => {
    let records = [intro, advanced];
    const { calls } = mockFetch({
      "GET /helps/list": () => ({ body: records }),
      "DELETE /helps/2": () => {
        records = [intro];
        return { status: 204 };
      },
    });
    renderScreen(<HelpRecordsManager />, operator);
    const user = userEvent.setup();
    expect(screen.queryByText("Excluir")).not.toBeInTheDocument();
    await user.click(await screen.findByLabelText("Editar Avançado"));
    expect(screen.getByLabelText("Título")).toHaveValue("Avançado");

    await user.click(screen.getByText("Excluir"));
    let dialog = screen.getByRole("dialog", { name: "Exclusão de Registro" });
    expect(dialog).toHaveTextContent("Deseja realmente excluir esse registro?");
    await user.click(within(dialog).getByText("Cancelar"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);

    await user.click(screen.getByText("Excluir"));
    dialog = screen.getByRole("dialog", { name: "Exclusão de Registro" });
    await user.click(within(dialog).getByText("Excluir"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Avançado")).not.toBeInTheDocument());
    expect(calls).toContain("DELETE /helps/2");
    expect(screen.getByLabelText("Título")).toHaveValue("");
  });

  it("saves a new record with its version and tells when the list cannot load", async () => {
    let fail = true;
    const { requests } = mockFetch({
      "GET /helps/list": () =>
        fail
          ? { status: 500, body: { error: "ERR_INTERNAL", message: "Internal error" } }
          : { body: [advanced] },
      "POST /helps": { status: 201, body: advanced },
    });
    renderScreen(<HelpRecordsManager />, operator);
    expect(
      await screen.findByText("Não foi possível carregar a lista de registros"),
    ).toBeInTheDocument();
    fail = false;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Título"), "Avançado");
    await user.type(screen.getByLabelText("Código do Vídeo"), "xyz");
    await user.click(screen.getByLabelText("Versão"));
    await user.click(
      within(document.querySelector('[role="listbox"]') as HTMLElement).getByText("Versão 2"),
    );
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.init.method === "POST")?.init.body))).toEqual({
      title: "Avançado",
      description: "",
      video: "xyz",
      version: "2",
    });
    expect(await within(tableOf("Versão 2")).findByText("Avançado")).toBeInTheDocument();
  });
});
