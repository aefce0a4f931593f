import { channels } from "@atrium/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkedRoutes, combineRoutes, mockFetch, type RouteTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { recordsPage } from "../../contactLists/test/contactListFixtures";
import type { CampaignDTO } from "../api/campaignsApi";
import { RUNNING_REFRESH_MS } from "../hooks/useCampaigns";
import { makeCampaign, makeShipment } from "../test/campaignFixtures";
import { CampaignReportPage } from "./CampaignReportPage";

const admin = makeUser({ id: 1, profile: "admin" });
const report = {
  total: 10,
  pending: 4,
  sent: 1,
  delivered: 1,
  read: 1,
  replied: 1,
  confirmed: 1,
  failed: 1,
  optedOut: 1,
  skipped: 0,
};
const running = makeCampaign({
  id: 1,
  name: "Natal",
  status: "EM_ANDAMENTO",
  report,
  startedAt: "2026-03-01T12:00:00.000Z",
});
const ana = makeShipment({ id: 11, name: "Ana", status: "replied" });
const bia = makeShipment({ id: 12, name: "Bia", status: "failed", error: "Número inválido" });

function renderReport(campaign: () => CampaignDTO, extra?: RouteTable) {
  const mocks = mockFetch(
    combineRoutes(
      checkedRoutes({
        "GET /campaigns/1": () => ({ body: campaign() }),
        "GET /campaigns/1/shipments": ({ url }) =>
          recordsPage(url.searchParams.get("status") === "failed" ? [bia] : [ana, bia]),
      }),
      extra ?? checkedRoutes({}),
    ),
  );
  const view = renderScreen(
    <Routes>
      <Route path="/campaigns/:id/report" element={<CampaignReportPage />} />
    </Routes>,
    admin,
    { path: "/campaigns/1/report" },
  );
  return { ...mocks, ...view };
}
/** A card's figure: its last paragraph, under the label. */
const card = (name: string) =>
  within(screen.getByRole("group", { name })).getAllByRole("paragraph").at(-1) as HTMLElement;

afterEach(() => vi.useRealTimers());

describe("/campaigns/:id/report", () => {
  it("shows the state, the counts by outcome, the progress and the recipients", async () => {
    renderReport(() => running);
    expect(await screen.findByRole("heading", { name: "Relatório: Natal" })).toBeInTheDocument();
    expect(screen.getByText("Em andamento")).toBeInTheDocument();
    expect(screen.getByText("Vendas")).toBeInTheDocument();
    const counts = Object.fromEntries(
      [
        "Total",
        "Pendentes",
        "Enviadas",
        "Entregues",
        "Lidas",
        "Respondidas",
        "Confirmadas",
        "Falhas",
        "Descadastradas",
        "Ignoradas",
      ].map((name) => [name, card(name).textContent]),
    );
    expect(counts).toEqual({
      Total: "10",
      Pendentes: "4",
      Enviadas: "1",
      Entregues: "1",
      Lidas: "1",
      Respondidas: "1",
      Confirmadas: "1",
      Falhas: "1",
      Descadastradas: "1",
      Ignoradas: "0",
    });
    expect(screen.getByText("6 de 10 processados")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Destinatários" });
    expect(await within(table).findByRole("cell", { name: "Respondida" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "Número inválido" })).toBeInTheDocument();
  });

  it("filters the recipients by outcome", async () => {
    const { calls } = renderReport(() => running);
    const user = userEvent.setup();
    await screen.findByRole("cell", { name: "Ana" });
    await user.click(screen.getByLabelText("Situação"));
    await user.click(await screen.findByRole("option", { name: "Falha" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Ana" })).toBeNull());
    expect(screen.getByRole("cell", { name: "Bia" })).toBeInTheDocument();
    expect(calls).toContain("GET /campaigns/1/shipments?pageNumber=1&status=failed");
  });

  it("pauses here, and cancels after a confirmation", async () => {
    let current = running;
    const { calls } = renderReport(
      () => current,
      checkedRoutes({
        "POST /campaigns/1/pause": () => {
          current = { ...running, status: "PAUSADA" };
          return { body: current };
        },
        "POST /campaigns/1/cancel": () => {
          current = { ...running, status: "CANCELADA" };
          return { body: current };
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Pausar" }));
    expect(await screen.findByText("Pausada")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retomar" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancelar campanha" }));
    const dialog = screen.getByRole("dialog", { name: "Cancelar a campanha Natal?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancelar campanha" }));
    expect(await screen.findByText("Cancelada")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pausar" })).toBeNull();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
      "POST /campaigns/1/pause",
      "POST /campaigns/1/cancel",
    ]);
  });

  it("follows the campaign's events and refetches every 10 s while it sends", async () => {
    // Faked from the start: the report's interval is set with the first answer.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = running;
    const { calls, queryClient } = renderReport(() => current);
    await screen.findByRole("cell", { name: "Ana" });
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.campaign(1), {
      action: "update",
      campaign: { ...running, report: { ...report, pending: 2, sent: 3 } },
    });
    expect(card("Enviadas")).toHaveTextContent("3");
    expect(screen.getByText("8 de 10 processados")).toBeInTheDocument();
    // The recipients are read again after the event.
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith("GET /campaigns/1/shipments"))).toHaveLength(2),
    );

    const reads = () => calls.filter((c) => c === "GET /campaigns/1").length;
    const before = reads();
    current = { ...running, report: { ...report, pending: 0, sent: 5 } };
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_REFRESH_MS + 100));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(await screen.findByText("10 de 10 processados")).toBeInTheDocument();
  });
});
