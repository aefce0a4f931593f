import { channels } from "@atrium/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { SchedulesPage } from "./SchedulesPage";
import { makeContact } from "../../contacts/test/contactFixtures";
import type { ScheduleDTO } from "../api/schedulesApi";

const agent = makeUser({ id: 2, profile: "user" });
const schedule: ScheduleDTO = {
  id: 7,
  body: "Lembrete da sua consulta de amanhã às 10h",
  sendAt: new Date(2030, 0, 2, 9, 5, 30).toISOString(),
  sentAt: null,
  status: "PENDENTE",
  error: null,
  messageType: "MESSAGE",
  openTicket: true,
  contactId: 10,
  contact: { id: 10, name: "Maria", number: "5511999" },
  userId: 2,
  queueId: null,
  whatsappId: null,
  ticketId: null,
  file: null,
  companyId: 1,
};
const page = (schedules: ScheduleDTO[]) => ({ body: { schedules, hasMore: false } });

describe("/schedules", () => {
  it("lists contact, cut body, formatted time, capitalised status, type and Sim/Não", async () => {
    mockFetch({ "GET /schedules/": page([schedule, { ...schedule, id: 8, openTicket: false }]) });
    renderScreen(<SchedulesPage />, agent);
    expect((await screen.findAllByRole("cell", { name: "Maria" })).length).toBe(2);
    expect(screen.getAllByRole("cell", { name: "Lembrete da sua consulta …" })).toHaveLength(2);
    expect(screen.getAllByRole("cell", { name: "02/01/2030 09:05:30" })).toHaveLength(2);
    expect(screen.getAllByRole("cell", { name: "Pendente" })).toHaveLength(2);
    expect(screen.getByRole("cell", { name: "Sim" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Não" })).toBeInTheDocument();
  });

  it("requires a contact and a send time", async () => {
    const { calls } = mockFetch({ "GET /schedules/": page([]), "GET /queue": { body: [] } });
    renderScreen(<SchedulesPage />, agent);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Novo agendamento" }));
    const dialog = screen.getByRole("dialog", { name: "Agendamento" });
    fireEvent.change(within(dialog).getByLabelText("Data de envio"), { target: { value: "" } });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("opens the dialog for ?contactId= and creates the schedule an hour ahead", async () => {
    const { requests } = mockFetch({
      "GET /schedules/": page([]),
      "GET /queue": { body: [] },
      "GET /contacts/10": { body: makeContact({ id: 10, name: "Maria", number: "5511999" }) },
      "POST /schedules": { status: 201, body: schedule },
    });
    renderScreen(<SchedulesPage />, agent, { path: "/schedules?contactId=10" });
    const dialog = await screen.findByRole("dialog", { name: "Agendamento" });
    expect(within(dialog).getByLabelText("Contato")).toHaveValue("Maria");
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Mensagem"), "Olá");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Agendamento salvo com sucesso.")).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.init.method === "POST")?.init.body));
    expect(body).toMatchObject({ contactId: 10, body: "Olá", openTicket: false, queueId: null });
    const ahead = new Date(body.sendAt).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(58 * 60_000);
    expect(ahead).toBeLessThan(61 * 60_000);
  });

  it("titles a failed schedule 'Erro de Envio' and hides save once sent", async () => {
    mockFetch({
      "GET /schedules/": page([
        { ...schedule, status: "ERRO" },
        {
          ...schedule,
          id: 8,
          contact: { id: 11, name: "João", number: "5511888" },
          status: "ENVIADA",
          sentAt: schedule.sendAt,
        },
      ]),
      "GET /queue": { body: [] },
    });
    renderScreen(<SchedulesPage />, agent);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar agendamento de Maria" }));
    let dialog = screen.getByRole("dialog", { name: "Erro de Envio" });
    expect(within(dialog).getByRole("button", { name: "Salvar" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await user.click(screen.getByRole("button", { name: "Editar agendamento de João" }));
    dialog = screen.getByRole("dialog", { name: "Mensagem Enviada" });
    expect(within(dialog).queryByRole("button", { name: "Salvar" })).toBeNull();
  });

  it("follows company schedule events (sent by the job)", async () => {
    mockFetch({ "GET /schedules/": page([schedule]) });
    const { queryClient } = renderScreen(<SchedulesPage />, agent);
    await screen.findByRole("cell", { name: "Pendente" });
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.schedule(1), {
      action: "update",
      schedule: { ...schedule, status: "ENVIADA", sentAt: schedule.sendAt },
    });
    expect(screen.getByRole("cell", { name: "Enviada" })).toBeInTheDocument();
    await push(channels.schedule(1), { action: "delete", scheduleId: 7 });
    await waitFor(() =>
      expect(screen.getByText("Nenhum agendamento encontrado.")).toBeInTheDocument(),
    );
  });
});
