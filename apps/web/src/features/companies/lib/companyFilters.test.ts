import { todayIso } from "@atrium/shared";
import { describe, expect, it } from "vitest";
import type { OperatorCompanyDTO } from "../api/companiesApi";
import { EMPTY_FILTERS, filterCompanies, type CompanyFilters } from "./companyFilters";

const today = "2026-03-10";
const day = (offset: number) => todayIso(new Date(2026, 2, 10 + offset, 12));

function company(id: number, overrides: Partial<OperatorCompanyDTO> = {}): OperatorCompanyDTO {
  return {
    id,
    name: `Empresa ${id}`,
    email: `e${id}@cliente.test`,
    phone: null,
    document: null,
    planId: 1,
    plan: null,
    instanceId: 1,
    instance: null,
    status: true,
    dueDate: null,
    recurrence: "MENSAL",
    paymentMethod: null,
    paymentStatus: "PENDING",
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
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const list = [
  company(1, { dueDate: day(0), name: "Hoje" }),
  company(2, { dueDate: day(2), name: "Dois dias" }),
  company(3, { dueDate: day(6), name: "Seis dias" }),
  company(4, { dueDate: day(7), name: "Sete dias" }),
  company(5, { dueDate: day(-1), name: "Ontem" }),
  company(6, { dueDate: day(-3), name: "Três dias atrás" }),
  company(7, { dueDate: day(-16), name: "Dezesseis dias atrás" }),
  company(8, { dueDate: null, name: "Sem vencimento" }),
];
const names = (filters: Partial<CompanyFilters>, companies = list) =>
  filterCompanies(companies, { ...EMPTY_FILTERS, ...filters }, today).map((c) => c.name);

describe("filterCompanies (admin-operator §2.3, §9)", () => {
  it("due-date presets: +6, +2 ahead from today; −1, −3, −7, −15 overdue", () => {
    expect(names({ duePreset: "6" })).toEqual(["Hoje", "Dois dias", "Seis dias"]);
    expect(names({ duePreset: "2" })).toEqual(["Hoje", "Dois dias"]);
    expect(names({ duePreset: "-1" })).toEqual([
      "Ontem",
      "Três dias atrás",
      "Dezesseis dias atrás",
    ]);
    expect(names({ duePreset: "-3" })).toEqual(["Três dias atrás", "Dezesseis dias atrás"]);
    expect(names({ duePreset: "-7" })).toEqual(["Dezesseis dias atrás"]);
    expect(names({ duePreset: "-15" })).toEqual(["Dezesseis dias atrás"]);
    expect(names({ duePreset: "all" })).toHaveLength(list.length);
  });

  it("a period keeps due dates between its start and end, inclusive; the preset is ignored", () => {
    expect(
      names({ mode: "period", duePreset: "-1", periodStart: day(0), periodEnd: day(6) }),
    ).toEqual(["Hoje", "Dois dias", "Seis dias"]);
    expect(names({ mode: "period", periodStart: day(7) })).toEqual(["Sete dias"]);
  });

  it("archived companies only with the toggle; text on name or email, any case", () => {
    const companies = [
      company(1, { name: "Padaria Pão", email: "pao@padaria.test" }),
      company(2, { name: "Oficina", email: "contato@PADARIA2.test", archived: true }),
    ];
    expect(names({ search: "PADARIA" }, companies)).toEqual(["Padaria Pão"]);
    expect(names({ search: "padaria", showArchived: true }, companies)).toEqual([
      "Padaria Pão",
      "Oficina",
    ]);
  });

  it("instance, invoice, status and payment status", () => {
    const companies = [
      company(1, { name: "A", instanceId: 1, invoiceRequired: true, paymentStatus: "SENDED" }),
      company(2, { name: "B", instanceId: 2, status: false, paymentStatus: "COMPLETED" }),
    ];
    expect(names({ instanceId: 2 }, companies)).toEqual(["B"]);
    expect(names({ invoiceRequired: "yes" }, companies)).toEqual(["A"]);
    expect(names({ invoiceRequired: "no" }, companies)).toEqual(["B"]);
    expect(names({ status: "inactive" }, companies)).toEqual(["B"]);
    expect(names({ paymentStatus: "SENDED" }, companies)).toEqual(["A"]);
  });

  it("channels and connection status", () => {
    const conn = (id: number, channelType: "BAILEYS" | "WEB_CHAT", status: string) => ({
      id,
      name: `c${id}`,
      channelType,
      status,
      companyId: 1,
    });
    const companies = [
      company(1, { name: "Ligada", whatsapps: [conn(1, "BAILEYS", "CONNECTED")] }),
      company(2, { name: "Caída", whatsapps: [conn(2, "WEB_CHAT", "DISCONNECTED")] }),
      company(3, { name: "Nenhuma", whatsapps: [] }),
    ];
    expect(names({ channels: ["WEB_CHAT"] }, companies)).toEqual(["Caída"]);
    expect(names({ channels: ["WEB_CHAT", "BAILEYS"] }, companies)).toEqual(["Ligada", "Caída"]);
    expect(names({ connectionStatus: "active" }, companies)).toEqual(["Ligada"]);
    expect(names({ connectionStatus: "inactive" }, companies)).toEqual(["Caída"]);
    expect(names({ connectionStatus: "none" }, companies)).toEqual(["Nenhuma"]);
  });

  it("keeps the selected company listed whatever the filters say", () => {
    const companies = [company(1, { name: "Arquivada", archived: true }), company(2)];
    const kept = filterCompanies(companies, { ...EMPTY_FILTERS, search: "zzz" }, today, 1);
    expect(kept.map((c) => c.name)).toEqual(["Arquivada"]);
  });
});
