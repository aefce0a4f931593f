import { todayIso } from "@atrium/shared";
import type userEvent from "@testing-library/user-event";
import { screen, within } from "@testing-library/react";
import { checkedRoutes, combineRoutes, mockFetch, type RouteTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import type { OperatorCompanyDTO } from "../api/companiesApi";

export const operator = makeUser({ id: 1, profile: "admin", super: true, companyId: 1 });

/** A calendar day `days` from today (noon, so a DST change cannot move it). */
export function inDays(days: number): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return todayIso(date);
}

let nextId = 100;
/** A company as GET /companies answers it. */
export function makeCompany(overrides: Partial<OperatorCompanyDTO> = {}): OperatorCompanyDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Empresa ${id}`,
    email: `empresa${id}@cliente.test`,
    phone: null,
    document: null,
    planId: 1,
    plan: { id: 1, name: "Básico" },
    instanceId: 1,
    instance: { id: 1, name: "Principal", address: "http://localhost" },
    status: true,
    dueDate: null,
    recurrence: "MENSAL",
    paymentMethod: "pix",
    paymentStatus: "SENDED",
    lastSendPaymentAt: null,
    invoiceRequired: false,
    useType: "CLIENTE",
    segments: null,
    archived: false,
    archivedAt: null,
    language: "pt-BR",
    apiEnabled: false,
    campaignsEnabled: false,
    invoiceFile: null,
    noteFile: null,
    whatsapps: [],
    connectionLimit: null,
    createdAt: "2026-01-05T10:00:00.000Z",
    ...overrides,
  };
}

/** The calls the Companies tab makes on open, plus the test's own. */
export function mockCompaniesScreen(
  companies: OperatorCompanyDTO[] | (() => OperatorCompanyDTO[]),
  extra: RouteTable = checkedRoutes({}),
) {
  const screenRoutes = checkedRoutes({
    "GET /companies": () => ({ body: typeof companies === "function" ? companies() : companies }),
    "GET /companies/dashboard": {
      body: {
        clientCount: 5,
        testClientCount: 1,
        overdueClientCount: 1,
        baileysCount: 1,
        facebookCount: 0,
        instagramCount: 0,
        webChatCount: 0,
        whatsAppBusiness: 0,
      },
    },
    "GET /instances": { body: [{ id: 1, name: "Principal", address: "http://localhost" }] },
    "GET /plans/all": {
      body: [{ id: 1, name: "Básico", users: 5, queues: 3, useCampaigns: true }],
    },
  });
  return mockFetch(combineRoutes(screenRoutes, extra));
}

export const companiesTable = () => screen.getByLabelText("Empresas", { selector: "table" });
export const tableRows = () =>
  Array.from(companiesTable().querySelectorAll("tbody tr")) as HTMLElement[];
export const rowNames = () =>
  tableRows().map((row) => row.querySelectorAll("td")[2]?.querySelector("p")?.textContent);
export const rowOf = (name: string) =>
  tableRows().find((row) => row.textContent?.includes(name)) as HTMLElement;

/** Opens a MUI select by its label and picks an option by its text. */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  option: string,
) {
  await user.click(screen.getByLabelText(label));
  const listbox = document.querySelector('[role="listbox"]') as HTMLElement;
  await user.click(within(listbox).getByText(option));
}
