import { channels, emptyWorkingHours } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { QueuesPage } from "./QueuesPage";

const admin = makeUser({ id: 1, profile: "admin" });
const base = { greetingMessage: "Olá", outOfHoursMessage: "", schedules: emptyWorkingHours() };
const sales = { ...base, id: 1, name: "Vendas", color: "#ff0000", file: null };
const support = { ...base, id: 2, name: "Suporte", color: "#0000ff", file: null };
const settings = (scheduleType: string) => ({
  body: [{ key: "scheduleType", value: scheduleType }],
});
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]?.textContent);

describe("/queues", () => {
  it("lists ID, name, colour and greeting; validates name and colour", async () => {
    const { calls } = mockFetch({
      "GET /queue": { body: [sales] },
      "GET /settings": settings("disabled"),
    });
    renderScreen(<QueuesPage />, admin);
    expect(await screen.findByRole("cell", { name: "Vendas" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "#ff0000" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Adicionar fila" }));
    const dialog = screen.getByRole("dialog", { name: "Adicionar fila" });
    expect(within(dialog).queryByRole("tab", { name: "Horários de Atendimento" })).toBeNull();
    expect(within(dialog).queryByLabelText("Mensagem de fora de expediente")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    await user.type(within(dialog).getByLabelText("Nome"), "A");
    await user.type(within(dialog).getByLabelText("Cor"), "#a");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Muito curto!")).toHaveLength(2);
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("creates a queue with working hours when scheduleType is queue; colour conflicts are told", async () => {
    let attempts = 0;
    const { requests } = mockFetch({
      "GET /queue": { body: [sales] },
      "GET /settings": settings("queue"),
      "GET /queue-options": { body: [] },
      "POST /queue": ({ init }) =>
        ++attempts === 1
          ? { status: 400, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } }
          : { status: 201, body: { ...support, ...(JSON.parse(String(init.body)) as object) } },
    });
    renderScreen(<QueuesPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Adicionar fila" }));
    const dialog = screen.getByRole("dialog", { name: "Adicionar fila" });
    await user.type(within(dialog).getByLabelText("Nome"), "Suporte");
    await user.type(within(dialog).getByLabelText("Cor"), "#0000ff");
    await user.type(within(dialog).getByLabelText("Mensagem de fora de expediente"), "Fechado");
    await user.click(within(dialog).getByRole("tab", { name: "Horários de Atendimento" }));
    await user.type(within(dialog).getByLabelText("Início de Sábado"), "0900");
    await user.type(within(dialog).getByLabelText("Fim de Sábado"), "1300");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Esta cor já está em uso, escolha outra.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(
      await screen.findByText("Nova fila criada, agora você tem acesso a mais opções"),
    ).toBeInTheDocument();
    const body = JSON.parse(String(requests.filter((r) => r.init.method === "POST")[1]?.init.body));
    expect(body).toMatchObject({ name: "Suporte", outOfHoursMessage: "Fechado" });
    expect(body.schedules[5]).toMatchObject({
      weekdayEn: "saturday",
      startTime: "09:00",
      endTime: "13:00",
    });
    // The dialog goes on as 'Editar fila' for the options, and says clearly the queue exists.
    const edit = await screen.findByRole("dialog", { name: "Editar fila" });
    expect(within(edit).getByRole("alert")).toHaveTextContent(/^Fila .* criada\./);
    await userEvent.setup().click(within(edit).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(names()).toEqual(["Vendas", "Suporte"]));
  });

  it("deletes after a confirmation naming the queue, and follows queue events", async () => {
    mockFetch({
      "GET /queue": { body: [sales, support] },
      "GET /settings": settings("disabled"),
      "DELETE /queue/2": { status: 204 },
    });
    const { queryClient } = renderScreen(<QueuesPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Suporte" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Excluir Suporte?" })).getByRole("button", {
        name: "Excluir",
      }),
    );
    await waitFor(() => expect(names()).toEqual(["Vendas"]));
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.queue(1), {
      action: "create",
      queue: { ...support, id: 3, name: "Pós-venda" },
    });
    expect(names()).toEqual(["Vendas", "Pós-venda"]);
    await push(channels.queue(1), { action: "delete", queueId: 1 });
    expect(names()).toEqual(["Pós-venda"]);
  });
});
