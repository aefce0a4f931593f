import { daysUntilDue, type ChannelType, type PaymentStatus } from "@atrium/shared";
import type { OperatorCompanyDTO } from "../api/companiesApi";

/** Due-date presets (admin-operator §9: +6, +2, −1, −3, −7, −15 days), "all" = no filter. */
export const DUE_PRESETS = ["all", "6", "2", "-1", "-3", "-7", "-15"] as const;
export type DuePreset = (typeof DUE_PRESETS)[number];

export type YesNo = "" | "yes" | "no";
export type ConnectionFilter = "" | "active" | "inactive" | "none";

export interface CompanyFilters {
  mode: "date" | "period";
  duePreset: DuePreset;
  periodStart: string;
  periodEnd: string;
  instanceId: number | "";
  invoiceRequired: YesNo;
  status: "" | "active" | "inactive";
  paymentStatus: "" | PaymentStatus;
  channels: ChannelType[];
  connectionStatus: ConnectionFilter;
  showArchived: boolean;
  search: string;
}

export const EMPTY_FILTERS: CompanyFilters = {
  mode: "date",
  duePreset: "all",
  periodStart: "",
  periodEnd: "",
  instanceId: "",
  invoiceRequired: "",
  status: "",
  paymentStatus: "",
  channels: [],
  connectionStatus: "",
  showArchived: false,
  search: "",
};

/**
 * A positive preset keeps companies due between today and that many days ahead ('vence em
 * 7 dias' = +6); a negative one keeps companies at least that many days overdue (−1 = overdue).
 */
function matchesPreset(company: OperatorCompanyDTO, preset: DuePreset, today: string): boolean {
  if (preset === "all") return true;
  const days = daysUntilDue(company.dueDate, today);
  if (days === null) return false;
  const offset = Number(preset);
  return offset > 0 ? days >= 0 && days <= offset : days <= offset;
}

function matchesPeriod(company: OperatorCompanyDTO, start: string, end: string): boolean {
  if (!start && !end) return true;
  if (!company.dueDate) return false;
  return (!start || company.dueDate >= start) && (!end || company.dueDate <= end);
}

function matchesConnections(company: OperatorCompanyDTO, filters: CompanyFilters): boolean {
  const connections = company.whatsapps ?? [];
  if (
    filters.channels.length > 0 &&
    !connections.some((c) => filters.channels.includes(c.channelType))
  ) {
    return false;
  }
  switch (filters.connectionStatus) {
    case "active":
      return connections.some((c) => c.status === "CONNECTED");
    case "inactive":
      return connections.some((c) => c.status !== "CONNECTED");
    case "none":
      return connections.length === 0;
    default:
      return true;
  }
}

const yesNo = (value: YesNo, flag: boolean) => value === "" || (value === "yes") === flag;

/**
 * The Companies table's filters (admin-operator §2.3), applied to the loaded list. The selected
 * company stays listed (archiving it must not make its row vanish while the form shows it).
 */
export function filterCompanies(
  companies: readonly OperatorCompanyDTO[],
  filters: CompanyFilters,
  today: string,
  selectedId: number | null = null,
): OperatorCompanyDTO[] {
  const search = filters.search.trim().toLowerCase();
  return companies.filter(
    (company) =>
      company.id === selectedId ||
      ((filters.showArchived || !company.archived) &&
        (filters.mode === "date"
          ? matchesPreset(company, filters.duePreset, today)
          : matchesPeriod(company, filters.periodStart, filters.periodEnd)) &&
        (filters.instanceId === "" || company.instanceId === filters.instanceId) &&
        yesNo(filters.invoiceRequired, company.invoiceRequired) &&
        (filters.status === "" || (filters.status === "active") === company.status) &&
        (filters.paymentStatus === "" || company.paymentStatus === filters.paymentStatus) &&
        matchesConnections(company, filters) &&
        (!search ||
          company.name.toLowerCase().includes(search) ||
          (company.email ?? "").toLowerCase().includes(search))),
  );
}
