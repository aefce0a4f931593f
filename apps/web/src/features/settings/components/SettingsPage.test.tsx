import {
  channels,
  emptyWorkingHours,
  type SettingDTO,
  type WorkingHoursEntry,
} from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { SettingsPage } from "./SettingsPage";

const admin = makeUser({ id: 1, profile: "admin", companyId: 1 });
const superUser = makeUser({ id: 3, profile: "admin", super: true, companyId: 1 });
const settings = (scheduleType: string): SettingDTO[] => [
  { key: "userCreation", value: "disabled" },
  { key: "scheduleType", value: scheduleType },
];
const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

describe("/settings", () => {
  it("shows Options only for an admin; Companies, Plans and Help for a super user", async () => {
    mockFetch({
      "GET /settings": { body: settings("disabled") },
      "GET /plans/all": { body: [] },
    });
    const view = renderScreen(<SettingsPage />, admin);
    await screen.findByLabelText("Criação de usuário");
    expect(tabNames()).toEqual(["Opções"]);
    view.unmount();
    renderScreen(<SettingsPage />, superUser);
    await screen.findByLabelText("Criação de usuário");
    expect(tabNames()).toEqual(["Opções", "Empresas", "Planos", "Ajuda"]);
    await userEvent.setup().click(screen.getByRole("tab", { name: "Planos" }));
    expect(await screen.findByText("Nenhum plano cadastrado.")).toBeInTheDocument();
  });

  it("saves a change at once with 'Atualizando...' and the Schedules tab follows scheduleType", async () => {
    const { requests } = mockFetch({
      "GET /settings": { body: settings("disabled") },
      "PUT /settings/scheduleType": { body: { key: "scheduleType", value: "company" } },
    });
    renderScreen(<SettingsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Gerenciamento de Expediente"));
    await user.click(screen.getByRole("option", { name: "Empresa" }));
    expect(await screen.findByText("Atualizando...")).toBeInTheDocument();
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    const put = requests.find((r) => r.init.method === "PUT");
    expect(JSON.parse(String(put?.init.body))).toEqual({ value: "company" });
    expect(tabNames()).toEqual(["Opções", "Horários"]);
  });

  it("gives the signup link to send the team once user creation is on", async () => {
    mockFetch({
      "GET /settings": { body: settings("disabled") },
      "PUT /settings/userCreation": { body: { key: "userCreation", value: "enabled" } },
    });
    renderScreen(<SettingsPage />, makeUser({ id: 1, profile: "admin", companyId: 27 }));
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Criação de usuário"));
    expect(screen.queryByTestId("signup-link")).toBeNull();
    await user.click(screen.getByRole("option", { name: "Habilitado" }));
    expect(await screen.findByTestId("signup-link")).toHaveTextContent(
      `${window.location.origin}/signup?companyId=27`,
    );
    expect(screen.getByText(/entra na sua empresa como usuário/)).toBeInTheDocument();
  });

  it("validates and saves the company's working hours", async () => {
    const { requests } = mockFetch({
      "GET /settings": { body: settings("company") },
      "GET /companies/1": { body: { id: 1, name: "Acme", schedules: emptyWorkingHours() } },
      "PUT /companies/1/schedules": ({ init }) => ({
        body: {
          id: 1,
          name: "Acme",
          ...(JSON.parse(String(init.body)) as { schedules: WorkingHoursEntry[] }),
        },
      }),
    });
    renderScreen(<SettingsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Horários" }));
    const start = await screen.findByLabelText("Início de Segunda-feira");
    await user.type(start, "0800");
    expect(start).toHaveValue("08:00");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe início e fim")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Fim de Segunda-feira"), "0700");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("O horário inicial deve ser menor que o final"),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Fim de Segunda-feira"));
    await user.type(screen.getByLabelText("Fim de Segunda-feira"), "1800");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Horários atualizados com sucesso.")).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.init.method === "PUT")?.init.body));
    expect(body.schedules[0]).toMatchObject({
      weekdayEn: "monday",
      startTime: "08:00",
      endTime: "18:00",
    });
    expect(body.schedules).toHaveLength(7);
  });

  it("follows company settings events", async () => {
    mockFetch({ "GET /settings": { body: settings("disabled") } });
    const { queryClient } = renderScreen(<SettingsPage />, admin);
    await screen.findByLabelText("Criação de usuário");
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.setting(1), {
      action: "update",
      setting: { key: "scheduleType", value: "company" },
    });
    await waitFor(() => expect(tabNames()).toEqual(["Opções", "Horários"]));
    expect(within(screen.getByRole("tabpanel")).getByText("Empresa")).toBeInTheDocument();
  });
});
