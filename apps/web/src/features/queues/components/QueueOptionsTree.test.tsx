import { emptyWorkingHours } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { QueuesPage } from "./QueuesPage";
import { makeQueueOption } from "../../../test/factories";
import type { QueueDTO } from "../api/queuesApi";

const admin = makeUser({ id: 1, profile: "admin" });
const queue: QueueDTO = {
  id: 4,
  name: "Vendas",
  color: "#ff0000",
  greetingMessage: "Olá",
  outOfHoursMessage: "",
  schedules: emptyWorkingHours(),
  file: null,
};
const opt = (id: number, option: number, title: string, childrenCount = 0) =>
  makeQueueOption({ id, title, option, queueId: 4, childrenCount });

describe("queue options tree", () => {
  it("appears once the queue exists; adds an option and hides finalize on a node with children", async () => {
    let roots = [opt(1, 1, "Comprar", 2)];
    const { requests } = mockFetch({
      "GET /queue": { body: [] },
      "GET /settings": { body: [] },
      "POST /queue": { status: 201, body: queue },
      "GET /queue-options": () => ({ body: roots }),
      "POST /queue-options": () => {
        roots = [...roots, opt(2, 2, "Suporte")];
        return { status: 201, body: roots[1] };
      },
    });
    renderScreen(<QueuesPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Adicionar fila" }));
    let dialog = screen.getByRole("dialog", { name: "Adicionar fila" });
    expect(within(dialog).queryByText("Opções do chatbot")).toBeNull();
    await user.type(within(dialog).getByLabelText("Nome"), "Vendas");
    await user.type(within(dialog).getByLabelText("Cor"), "#ff0000");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(
      await screen.findByText("Nova fila criada, agora você tem acesso a mais opções"),
    ).toBeInTheDocument();
    dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    expect(await within(dialog).findByText("1. Comprar")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Editar 1. Comprar" }));
    expect(within(dialog).queryByLabelText("Finalizar Atendimento")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Descartar" }));

    await user.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    await user.type(within(dialog).getByLabelText("Título"), "Suporte");
    expect(within(dialog).getByLabelText("Finalizar Atendimento")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Salvar opção" }));
    expect(await screen.findByText("Opção atualizada")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText("2. Suporte")).toBeInTheDocument());
    const body = requests.find(
      (r) => r.url.pathname === "/queue-options" && r.init.method === "POST",
    )?.init.body as FormData;
    expect(body.get("title")).toBe("Suporte");
    expect(body.get("queueId")).toBe("4");
    expect(body.get("parentId")).toBe("-1");
  });

  it("asks before deleting an option, and warns that the options under it go too", async () => {
    let roots = [opt(1, 1, "Comprar", 2), opt(2, 2, "Suporte")];
    const { calls } = mockFetch({
      "GET /queue": { body: [queue] },
      "GET /settings": { body: [] },
      "GET /queue-options": () => ({ body: roots }),
      "DELETE /queue-options/1": () => {
        roots = [{ ...roots[1]!, option: 1 }];
        return { status: 204 };
      },
    });
    renderScreen(<QueuesPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar Vendas" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    await user.click(await within(dialog).findByRole("button", { name: "Editar 1. Comprar" }));
    await user.click(within(dialog).getByRole("button", { name: "Excluir opção" }));
    const confirm = screen.getByRole("dialog", { name: "Excluir a opção Comprar?" });
    expect(confirm).toHaveTextContent("As opções abaixo dela também serão excluídas.");
    expect(calls).not.toContain("DELETE /queue-options/1");
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    // Nothing deleted: the option is still being edited.
    await waitFor(() => expect(within(dialog).getByLabelText("Título")).toHaveValue("Comprar"));

    await user.click(await within(dialog).findByRole("button", { name: "Excluir opção" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Excluir a opção Comprar?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    await waitFor(() => expect(calls).toContain("DELETE /queue-options/1"));
    await waitFor(() => expect(within(dialog).getByText("1. Suporte")).toBeInTheDocument());
  });
});
