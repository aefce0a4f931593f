import { COMPANY_ROW_COLORS } from "@atrium/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../test/renderScreen";
import {
  choose,
  inDays,
  makeCompany as company,
  mockCompaniesScreen,
  operator,
  rowNames,
  rowOf,
} from "../test/companyFixtures";
import { CompaniesManager } from "./CompaniesManager";
import { checkedRoutes, type RouteTable } from "../../../test/fetchMock";

const companies = [
  company({ id: 1, name: "Alfa Overdue", dueDate: inDays(-5) }),
  company({ id: 2, name: "Beta Soon", dueDate: inDays(3), email: "contato@beta.test" }),
  company({ id: 3, name: "Gama Eight", dueDate: inDays(8) }),
  company({ id: 4, name: "Delta Paid", dueDate: inDays(20), recurrence: "MENSAL" }),
  company({
    id: 5,
    name: "Epsilon Archived",
    dueDate: inDays(-40),
    archived: true,
    archivedAt: "2026-02-01T10:00:00.000Z",
  }),
  company({
    id: 6,
    name: "Zeta Connected",
    dueDate: inDays(90),
    recurrence: "MENSAL",
    whatsapps: [
      { id: 61, name: "Zap", channelType: "BAILEYS", status: "DISCONNECTED", companyId: 6 },
    ],
  }),
];
const routes = (extra?: RouteTable) => mockCompaniesScreen(companies, extra);

describe("Settings › Companies", () => {
  it("colours rows by billing state and shows archived ones only when asked", async () => {
    routes();
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Alfa Overdue");
    expect(within(screen.getByLabelText("Clientes ativos")).getByText("5")).toBeInTheDocument();
    expect(rowNames()).toEqual([
      "Alfa Overdue",
      "Beta Soon",
      "Gama Eight",
      "Delta Paid",
      "Zeta Connected",
    ]);
    expect(rowOf("Alfa Overdue")).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.overdue });
    expect(rowOf("Beta Soon")).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.dueSoon });
    expect(rowOf("Gama Eight")).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.dueIn8Days });
    expect(rowOf("Delta Paid")).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.paidRecently });
    expect(rowOf("Zeta Connected").dataset.state).toBe("none");
    // A connection that is not CONNECTED shows red.
    const zap = within(rowOf("Zeta Connected")).getByLabelText("Zap (WhatsApp): DISCONNECTED");
    expect(zap.querySelector("svg")).toHaveAttribute("data-connected", "false");

    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Mostrar arquivadas"));
    const archived = rowOf("Epsilon Archived");
    expect(archived).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.archived });
    expect(within(archived).getByText("Arquivada")).toBeInTheDocument();
    expect(within(archived).getByText("01/02/2026")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Mostrar arquivadas"));
  });

  it("filters by name or email, due-date preset and connection status", async () => {
    routes();
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Alfa Overdue");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Buscar por nome ou e-mail"), "BETA.t");
    expect(rowNames()).toEqual(["Beta Soon"]);
    await user.clear(screen.getByLabelText("Buscar por nome ou e-mail"));
    await choose(user, "Vencimento", "Vencidas");
    expect(rowNames()).toEqual(["Alfa Overdue"]);
    await choose(user, "Conexões", "Com conexão inativa");
    expect(rowNames()).toEqual([]);
    expect(screen.getByText("Nenhuma empresa encontrada.")).toBeInTheDocument();
    await choose(user, "Vencimento", "Todos");
    expect(rowNames()).toEqual(["Zeta Connected"]);
  });

  it("a selected company: light blue, no filters, '+ Vencimento', resend access after a warning, Clear", async () => {
    const { calls } = routes(
      checkedRoutes({ "PATCH /companies/4/reset-password": { status: 204 } }),
    );
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Delta Paid");
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Selecionar Delta Paid"));
    expect(rowOf("Delta Paid")).toHaveStyle({ backgroundColor: COMPANY_ROW_COLORS.selected });
    expect(screen.queryByLabelText("Filtros")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("empresa4@cliente.test");

    const due = screen.getByLabelText("Data de vencimento");
    await user.clear(due);
    await user.type(due, "31/01/2026");
    await user.click(screen.getByText("+ Vencimento"));
    expect(due).toHaveValue("28/02/2026");

    await user.click(screen.getByText("Reenviar e-mail de acesso"));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("link para REDEFINIR a senha");
    expect(dialog).toHaveTextContent("A senha atual continua valendo até o link ser usado");
    await user.click(within(dialog).getByText("Confirmar"));
    expect(await screen.findByText("O email de acesso foi reenviado com sucesso!")).toBeVisible();
    expect(calls).toContain("PATCH /companies/4/reset-password");

    await user.click(screen.getByText("Limpar"));
    expect(screen.getByLabelText("Filtros")).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("");
  });
});
