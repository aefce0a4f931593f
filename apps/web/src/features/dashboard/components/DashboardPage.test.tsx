import { channels, DASHBOARD_FIRST_LOAD_MS, type DashboardDTO, type UserDTO } from "@atrium/shared";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../app/toast/Toaster";
import { bindRealtimeEvents } from "../../../realtime/eventTable";
import { FakeSocket } from "../../../test/FakeSocket";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../test/render";
import { AuthContext } from "../../auth/hooks/useAuth";
import { DASHBOARD_REFRESH_DELAY_MS } from "../api/dashboardRealtime";
import { DashboardPage } from "./DashboardPage";

const admin = makeUser({ id: 1, name: "Bruno", profile: "admin" });

function dashboard(overrides: Partial<DashboardDTO> = {}): DashboardDTO {
  return {
    supportPending: 4,
    supportHappening: 2,
    supportFinished: 9,
    leads: 3,
    avgSupportTime: 65,
    avgWaitTime: 12,
    attendants: [
      { id: 1, name: "Bruno", rating: 2.5, avgSupportTime: 30, supportFinished: 5, online: true },
      { id: 2, name: "Carla", rating: 0, avgSupportTime: 125, supportFinished: 4, online: false },
    ],
    ticketsByHour: Array<number>(24).fill(0),
    ...overrides,
  };
}

function renderDashboard(user: UserDTO = admin, answer: () => DashboardDTO = () => dashboard()) {
  const { calls } = mockFetch({ "GET /dashboard": () => ({ body: answer() }) });
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(user)}>
        <MemoryRouter>
          <DashboardPage />
          <Toaster />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const dashboardCalls = () => calls.filter((call) => call.startsWith("GET /dashboard"));
  return { calls, dashboardCalls, queryClient };
}

function bindSocket(queryClient: QueryClient) {
  const socket = new FakeSocket();
  bindRealtimeEvents(socket.asSocket(), {
    companyId: 1,
    userId: admin.id,
    queryClient,
    readUserUuid: () => "session-1",
    onCurrentUserChanged: vi.fn(),
    endSessionWithNotice: vi.fn(),
  });
  return socket;
}

const card = (name: string) => screen.getByRole("region", { name });
const FIRST_LOAD_WAIT = { timeout: DASHBOARD_FIRST_LOAD_MS + 2000 };

describe("dashboard (agent-core §2, §5)", () => {
  afterEach(() => vi.useRealTimers());

  it("loads one second after opening, with skeletons meanwhile", async () => {
    vi.useFakeTimers();
    const { dashboardCalls } = renderDashboard();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(within(card("Aguardando")).queryByText("4")).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_FIRST_LOAD_MS - 1);
    });
    expect(dashboardCalls()).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(dashboardCalls()).toHaveLength(1);
    // The default filter: the first day of the month through today.
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth(), 1);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    expect(dashboardCalls()[0]).toBe(
      `GET /dashboard?date_from=${day(first)}&date_to=${day(today)}`,
    );
  });

  it("shows the six counters, durations in hours and minutes, and the attendants", async () => {
    renderDashboard();
    expect(await within(card("Aguardando")).findByText("4", {}, FIRST_LOAD_WAIT)).toBeVisible();
    expect(within(card("Em atendimento")).getByText("2")).toBeVisible();
    expect(within(card("Finalizados")).getByText("9")).toBeVisible();
    expect(within(card("Leads")).getByText("3")).toBeVisible();
    expect(within(card("Tempo médio de atendimento")).getByText("1h 05min")).toBeVisible();
    expect(within(card("Tempo médio de espera")).getByText("12min")).toBeVisible();

    const table = screen.getByRole("table", { name: "Atendentes" });
    const [, bruno, carla] = within(table).getAllByRole("row");
    expect(within(bruno!).getByRole("img", { name: "Avaliação 2.5 de 3" })).toBeInTheDocument();
    expect(within(bruno!).getByText("30min")).toBeInTheDocument();
    expect(within(bruno!).getByRole("img", { name: "Online" })).toBeInTheDocument();
    expect(within(carla!).getByText("2h 05min")).toBeInTheDocument();
    expect(within(carla!).getByRole("img", { name: "Offline" })).toBeInTheDocument();
    // Stars out of 3.
    expect(bruno!.querySelectorAll(".MuiRating-decimal")).toHaveLength(3);
  });

  it("asks to set up the filter when switching to period without choosing one", async () => {
    const { dashboardCalls } = renderDashboard();
    await within(card("Aguardando")).findByText("4", {}, FIRST_LOAD_WAIT);
    const user = userEvent.setup();

    await user.click(screen.getByRole("combobox", { name: "Tipo de filtro" }));
    await user.click(screen.getByRole("option", { name: "Filtrar por período" }));
    expect(screen.queryByLabelText("Data inicial")).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Período" })).toHaveTextContent(
      "Nenhum selecionado",
    );
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(await screen.findByText("Parametrize o filtro")).toBeInTheDocument();
    expect(dashboardCalls()).toHaveLength(1);

    await user.click(screen.getByRole("combobox", { name: "Período" }));
    await user.click(screen.getByRole("option", { name: "Últimos 7 dias" }));
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    await waitFor(() => expect(dashboardCalls().at(-1)).toBe("GET /dashboard?days=7"));

    // Back to dates: the period is gone and the dates were cleared.
    await user.click(screen.getByRole("combobox", { name: "Tipo de filtro" }));
    await user.click(screen.getByRole("option", { name: "Filtrar por data" }));
    expect(screen.getByLabelText("Data inicial")).toHaveValue("");
    expect(screen.getByLabelText("Data final")).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    await waitFor(() => expect(dashboardCalls()).toHaveLength(2));
  });

  it("refuses a start date after the end date on the field", async () => {
    const { dashboardCalls } = renderDashboard();
    await within(card("Aguardando")).findByText("4", {}, FIRST_LOAD_WAIT);
    const user = userEvent.setup();
    const from = screen.getByLabelText("Data inicial");
    await user.clear(from);
    await user.type(from, "20032026");
    expect(from).toHaveValue("20/03/2026");
    const to = screen.getByLabelText("Data final");
    await user.clear(to);
    await user.type(to, "10/03/2026");
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(await screen.findByText("A data inicial é posterior à data final")).toBeInTheDocument();
    expect(dashboardCalls()).toHaveLength(1);
  });

  it("refetches about a second after ticket events, once per burst", async () => {
    let pending = 4;
    const { dashboardCalls, queryClient } = renderDashboard(admin, () =>
      dashboard({ supportPending: pending }),
    );
    await within(card("Aguardando")).findByText("4", {}, FIRST_LOAD_WAIT);
    const socket = bindSocket(queryClient);
    pending = 5;
    // On the fake clock: half the delay asks nothing, the whole delay asks once.
    vi.useFakeTimers();
    act(() => {
      socket.serverEmit(channels.ticket(1), { action: "update", ticket: { id: 3, companyId: 1 } });
      socket.serverEmit(channels.ticket(1), { action: "delete", ticketId: 4 });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_DELAY_MS / 2);
    });
    expect(dashboardCalls()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_DELAY_MS / 2);
    });
    expect(dashboardCalls()).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    vi.useRealTimers();
    expect(await within(card("Aguardando")).findByText("5", {}, FIRST_LOAD_WAIT)).toBeVisible();
    expect(dashboardCalls()).toHaveLength(2);
  });

  it("shows attendants going online and offline live", async () => {
    const { queryClient } = renderDashboard();
    await within(card("Aguardando")).findByText("4", {}, FIRST_LOAD_WAIT);
    const socket = bindSocket(queryClient);
    act(() =>
      socket.serverEmit(channels.user(1), {
        action: "update",
        user: { id: 2, name: "Carla", companyId: 1, online: true },
      }),
    );
    const table = screen.getByRole("table", { name: "Atendentes" });
    await waitFor(() =>
      expect(within(table).getAllByRole("img", { name: "Online" })).toHaveLength(2),
    );
    expect(within(table).queryByRole("img", { name: "Offline" })).not.toBeInTheDocument();
    // What the server sends when people come and go: one batch for the company.
    act(() =>
      socket.serverEmit(channels.user(1), {
        action: "update",
        companyId: 1,
        users: [
          { id: 1, online: false },
          { id: 2, online: false },
        ],
      }),
    );
    await waitFor(() =>
      expect(within(table).getAllByRole("img", { name: "Offline" })).toHaveLength(2),
    );
  });

  it("is for admins: a user sees no counters and nothing is asked", async () => {
    // On the fake clock: well past the moment an admin's page asks (the first test).
    vi.useFakeTimers();
    const { dashboardCalls } = renderDashboard(makeUser({ profile: "user" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_FIRST_LOAD_MS * 3);
    });
    expect(screen.getByText("Você não tem permissão para ver o dashboard.")).toBeVisible();
    expect(dashboardCalls()).toEqual([]);
  });
});
