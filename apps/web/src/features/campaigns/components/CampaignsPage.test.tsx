import { channels, type CampaignStatus } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { checkedRoutes, combineRoutes, mockFetch, type RouteTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { recordsPage } from "../../contactLists/test/contactListFixtures";
import { makeCampaign } from "../test/campaignFixtures";
import { CampaignsPage } from "./CampaignsPage";

const admin = makeUser({ id: 1, profile: "admin" });
const report = {
  total: 10,
  pending: 4,
  sent: 3,
  delivered: 2,
  read: 0,
  replied: 1,
  confirmed: 0,
  failed: 0,
  optedOut: 0,
  skipped: 0,
};
const byState = (status: CampaignStatus, id: number) =>
  makeCampaign({ id, name: `C-${status}`, status, report });

function renderCampaigns(list = [makeCampaign({ id: 1, name: "Natal" })], extra?: RouteTable) {
  const mocks = mockFetch(
    combineRoutes(
      checkedRoutes({ "GET /campaigns/": recordsPage(list) }),
      extra ?? checkedRoutes({}),
    ),
  );
  const view = renderScreen(<CampaignsPage />, admin);
  return { ...mocks, ...view };
}
const rowOf = (name: string) => screen.getByRole("cell", { name }).closest("tr") as HTMLElement;
const actionNames = (name: string) =>
  within(rowOf(name))
    .getAllByRole("button")
    .map((b) => b.getAttribute("aria-label"));

describe("/campaigns", () => {
  it("lists name, state chip, list or tag, connection, time and progress", async () => {
    renderCampaigns([
      makeCampaign({ id: 1, name: "Natal", status: "EM_ANDAMENTO", report }),
      makeCampaign({
        id: 2,
        name: "Páscoa",
        contactListId: null,
        contactList: null,
        tagId: 5,
        tag: { id: 5, name: "VIP" },
        scheduledAt: null,
      }),
    ]);
    await screen.findByRole("cell", { name: "Natal" });
    const natal = within(rowOf("Natal"));
    expect(natal.getByText("Em andamento")).toBeInTheDocument();
    expect(natal.getByRole("cell", { name: "Lista: Clientes" })).toBeInTheDocument();
    expect(natal.getByRole("cell", { name: "Vendas" })).toBeInTheDocument();
    expect(natal.getByText("6/10")).toBeInTheDocument();
    const pascoa = within(rowOf("Páscoa"));
    expect(pascoa.getByText("Programada")).toBeInTheDocument();
    expect(pascoa.getByRole("cell", { name: "Tag: VIP" })).toBeInTheDocument();
    expect(pascoa.getByRole("cell", { name: "Envio imediato" })).toBeInTheDocument();
  });

  it("says when there is none, and filters by state", async () => {
    const { calls } = renderCampaigns([]);
    expect(await screen.findByText("Nenhuma campanha encontrada.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Status"));
    await user.click(await screen.findByRole("option", { name: "Pausada" }));
    await waitFor(() =>
      expect(calls).toContain("GET /campaigns/?searchParam=&pageNumber=1&status=PAUSADA"),
    );
  });

  it("offers the actions each state allows", async () => {
    renderCampaigns(
      (["PROGRAMADA", "EM_ANDAMENTO", "PAUSADA", "CANCELADA", "FINALIZADA"] as const).map(
        (status, index) => byState(status, index + 1),
      ),
    );
    await screen.findByRole("cell", { name: "C-FINALIZADA" });
    expect(actionNames("C-PROGRAMADA")).toEqual([
      "Relatório de C-PROGRAMADA",
      "Editar C-PROGRAMADA",
      "Pausar C-PROGRAMADA",
      "Cancelar C-PROGRAMADA",
      "Duplicar C-PROGRAMADA",
      "Excluir C-PROGRAMADA",
    ]);
    expect(actionNames("C-EM_ANDAMENTO")).toEqual([
      "Relatório de C-EM_ANDAMENTO",
      "Pausar C-EM_ANDAMENTO",
      "Cancelar C-EM_ANDAMENTO",
      "Duplicar C-EM_ANDAMENTO",
    ]);
    expect(actionNames("C-PAUSADA")).toEqual([
      "Relatório de C-PAUSADA",
      "Editar C-PAUSADA",
      "Retomar C-PAUSADA",
      "Cancelar C-PAUSADA",
      "Duplicar C-PAUSADA",
      "Excluir C-PAUSADA",
    ]);
    for (const done of ["C-CANCELADA", "C-FINALIZADA"]) {
      expect(actionNames(done)).toEqual([
        `Relatório de ${done}`,
        `Duplicar ${done}`,
        `Excluir ${done}`,
      ]);
    }
  });

  it("pauses, resumes, cancels after a confirmation and duplicates through their routes", async () => {
    const running = byState("EM_ANDAMENTO", 1);
    const paused = byState("PAUSADA", 2);
    const { calls } = renderCampaigns(
      [running, paused],
      checkedRoutes({
        "POST /campaigns/1/pause": { body: { ...running, status: "PAUSADA" } },
        "POST /campaigns/2/resume": { body: { ...paused, status: "EM_ANDAMENTO" } },
        "POST /campaigns/2/cancel": { body: { ...paused, status: "CANCELADA" } },
        "POST /campaigns/1/duplicate": {
          body: { ...running, id: 3, name: "C-EM_ANDAMENTO (cópia)", status: "PROGRAMADA" },
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Pausar C-EM_ANDAMENTO" }));
    expect(await screen.findByText("Campanha pausada.")).toBeInTheDocument();
    expect(within(rowOf("C-EM_ANDAMENTO")).getByText("Pausada")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Retomar C-PAUSADA" }));
    expect(await screen.findByText("Campanha retomada.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancelar C-PAUSADA" }));
    const dialog = screen.getByRole("dialog", { name: "Cancelar a campanha C-PAUSADA?" });
    expect(calls).not.toContain("POST /campaigns/2/cancel");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar campanha" }));
    expect(await screen.findByText("Campanha cancelada.")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf("C-PAUSADA")).getByText("Cancelada")).toBeInTheDocument(),
    );

    await user.click(screen.getByRole("button", { name: "Duplicar C-EM_ANDAMENTO" }));
    expect(await screen.findByRole("cell", { name: "C-EM_ANDAMENTO (cópia)" })).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
      "POST /campaigns/1/pause",
      "POST /campaigns/2/resume",
      "POST /campaigns/2/cancel",
      "POST /campaigns/1/duplicate",
    ]);
  });

  it("deletes after a confirmation naming the campaign", async () => {
    const { calls } = renderCampaigns(
      [makeCampaign({ id: 1, name: "Natal" })],
      checkedRoutes({ "DELETE /campaigns/1": { status: 204 } }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir Natal" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir a campanha Natal?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Campanha excluída com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Natal" })).toBeNull());
    expect(calls).toContain("DELETE /campaigns/1");
  });

  it("follows campaign events: state and progress change live, deleted ones leave", async () => {
    const natal = makeCampaign({ id: 1, name: "Natal", status: "EM_ANDAMENTO", report });
    const { queryClient } = renderCampaigns([natal, makeCampaign({ id: 2, name: "Páscoa" })]);
    await screen.findByRole("cell", { name: "Natal" });
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.campaign(1), {
      action: "update",
      campaign: { ...natal, status: "FINALIZADA", report: { ...report, pending: 0, sent: 7 } },
    });
    expect(within(rowOf("Natal")).getByText("Finalizada")).toBeInTheDocument();
    expect(within(rowOf("Natal")).getByText("10/10")).toBeInTheDocument();
    await push(channels.campaign(1), { action: "delete", campaignId: 2 });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Páscoa" })).toBeNull());
  });
});
