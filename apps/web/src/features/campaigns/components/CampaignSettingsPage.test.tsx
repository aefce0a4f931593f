import { DEFAULT_CAMPAIGN_SETTINGS } from "@atrium/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { CampaignSettingsPage } from "./CampaignSettingsPage";

const admin = makeUser({ id: 1, profile: "admin" });

function renderSettings() {
  const mocks = mockFetch({
    "GET /campaign-settings": { body: DEFAULT_CAMPAIGN_SETTINGS },
    "PUT /campaign-settings": ({ init }) => ({
      body: JSON.parse(String(init.body)) as typeof DEFAULT_CAMPAIGN_SETTINGS,
    }),
  });
  renderScreen(<CampaignSettingsPage />, admin);
  return mocks;
}

describe("/campaigns-config", () => {
  it("refuses a minimum interval above the maximum and a start hour after the end", async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup();
    const min = await screen.findByLabelText("Intervalo mínimo (segundos)");
    await user.clear(min);
    await user.type(min, "90");
    const end = screen.getByLabelText("Fim");
    await user.clear(end);
    await user.type(end, "0000");
    expect(end).toHaveValue("00:00");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("O intervalo mínimo não pode ser maior que o máximo"),
    ).toBeInTheDocument();
    expect(screen.getByText("O horário inicial deve ser menor que o final")).toBeInTheDocument();
    expect(calls).not.toContain("PUT /campaign-settings");
  });

  it("requires at least one day", async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup();
    const days = await screen.findByRole("group", { name: "Dias permitidos" });
    for (const day of within(days).getAllByRole("checkbox")) await user.click(day);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await within(days).findByText("Obrigatório")).toBeInTheDocument();
    expect(calls).not.toContain("PUT /campaign-settings");
  });

  it("saves the pace, hours, days and opt-out words as numbers and lists", async () => {
    const { requests } = renderSettings();
    const user = userEvent.setup();
    const max = await screen.findByLabelText("Intervalo máximo (segundos)");
    await user.clear(max);
    await user.type(max, "120");
    const start = screen.getByLabelText("Início");
    await user.clear(start);
    await user.type(start, "0830");
    const end = screen.getByLabelText("Fim");
    await user.clear(end);
    await user.type(end, "1800");
    const days = screen.getByRole("group", { name: "Dias permitidos" });
    await user.click(within(days).getByRole("checkbox", { name: "Dom" }));
    await user.click(within(days).getByRole("checkbox", { name: "Sáb" }));
    expect(within(days).getByRole("checkbox", { name: "Dom" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    const words = screen.getByRole("list", { name: "Palavras de descadastro" });
    const stop = within(words).getByText("STOP").closest(".MuiChip-root") as HTMLElement;
    await user.click(within(stop).getByTestId("CancelIcon"));
    await user.type(screen.getByLabelText("Nova palavra"), "DESCADASTRAR{Enter}");
    expect(within(words).getByText("DESCADASTRAR")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Configurações salvas com sucesso.")).toBeInTheDocument();
    const put = requests.find((r) => r.init.method === "PUT");
    expect(JSON.parse(String(put?.init.body))).toEqual({
      messageIntervalMin: 20,
      messageIntervalMax: 120,
      longerIntervalAfter: 20,
      greaterInterval: 300,
      allowedHoursStart: "08:30",
      allowedHoursEnd: "18:00",
      allowedDays: [1, 2, 3, 4, 5],
      optOutWords: ["SAIR", "PARAR", "CANCELAR", "DESCADASTRAR"],
    });
  });
});
