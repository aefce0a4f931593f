import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import type { OperatorCompanyDTO } from "../api/companiesApi";
import { choose, makeCompany, mockCompaniesScreen, operator, rowOf } from "../test/companyFixtures";
import { CompaniesManager } from "./CompaniesManager";

describe("Settings › Companies: form and row actions", { timeout: 30_000 }, () => {
  it("requires email and plan, then creates with §3 defaults; empty due date and instance go as null", async () => {
    let list: OperatorCompanyDTO[] = [];
    const { requests } = mockCompaniesScreen(() => list, {
      "POST /companies": ({ init }) => {
        const body = JSON.parse(String(init.body)) as { name: string; email: string };
        list = [makeCompany({ id: 9, name: body.name, email: body.email })];
        return { status: 201, body: list[0] };
      },
    });
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Nenhuma empresa encontrada.");
    const user = userEvent.setup();
    await user.click(screen.getByText("Salvar"));
    const form = screen.getByLabelText("Empresa", { selector: "form" });
    expect(await within(form).findAllByText("Required")).toHaveLength(3);

    await user.type(within(form).getByLabelText("Nome"), "Padaria Pão Quente");
    await user.type(within(form).getByLabelText(/^E-mail/), "pao@padaria.test");
    await user.type(within(form).getByLabelText("Senha do administrador"), "segredo-123");
    await choose(user, /^Plano/, "Básico");
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    const post = requests.find((r) => r.init.method === "POST");
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: "Padaria Pão Quente",
      email: "pao@padaria.test",
      password: "segredo-123",
      document: "",
      phone: "",
      status: true,
      planId: 1,
      instanceId: null,
      paymentMethod: null,
      dueDate: null,
      recurrence: "MENSAL",
      useType: "CLIENTE",
      invoiceRequired: false,
      segments: "",
      apiEnabled: false,
      language: "pt-BR",
      connectionLimit: { baileys: 0, facebook: 0, instagram: 0, whatsAppBusiness: 0, webChat: 0 },
    });
    expect(await screen.findByText("Padaria Pão Quente")).toBeInTheDocument();
    // The form starts over with the defaults (a fresh form element).
    const fresh = screen.getByLabelText("Empresa", { selector: "form" });
    expect(within(fresh).getByLabelText("Nome")).toHaveValue("");
  });

  it("uploads a boleto, deletes a nota, records a payment request and restarts a Baileys connection", async () => {
    const company = makeCompany({
      id: 7,
      name: "Oficina",
      paymentStatus: "PENDING",
      noteFile: { name: "nota.pdf", url: "/files/1" },
      whatsapps: [
        { id: 70, name: "Vendas", channelType: "BAILEYS", status: "CONNECTED", companyId: 7 },
      ],
    });
    const { calls, requests } = mockCompaniesScreen([company], {
      "POST /companies/7/invoice": { body: company },
      "DELETE /companies/7/note": { body: company },
      "PATCH /companies/lastSendPayment/7": { body: company },
      "PATCH /whatsappsession/70/restart": { body: { id: 70, status: "DISCONNECTED" } },
    });
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Oficina");
    const user = userEvent.setup();
    const row = rowOf("Oficina");

    await user.upload(
      within(row).getByLabelText("Enviar boleto de Oficina"),
      new File(["%PDF"], "boleto.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Boleto carregado com sucesso!")).toBeInTheDocument();
    const upload = requests.find((r) => r.url.pathname === "/companies/7/invoice");
    expect((upload?.init.body as FormData).get("file")).toHaveProperty("name", "boleto.pdf");

    await user.click(within(row).getByLabelText("Excluir nota de Oficina"));
    expect(await screen.findByText("Nota excluída com sucesso!")).toBeInTheDocument();

    await user.click(within(row).getByText("Cobrança a enviar"));
    await waitFor(() => expect(calls).toContain("PATCH /companies/lastSendPayment/7"));
    const payment = requests.find((r) => r.url.pathname === "/companies/lastSendPayment/7");
    expect(JSON.parse(String(payment?.init.body)).lastSendPaymentAt).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );

    // A restart asks first; an answer that is not CONNECTED is an error (§4).
    await user.click(within(row).getByLabelText("Vendas (WhatsApp): CONNECTED"));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Deseja reiniciar a conexão Vendas da empresa Oficina?");
    await user.click(within(dialog).getByText("Confirmar"));
    expect(
      await screen.findByText("Não foi possível conectar ao reinicar conexão!"),
    ).toBeInTheDocument();
    const restart = requests.find((r) => r.url.pathname === "/whatsappsession/70/restart");
    expect(JSON.parse(String(restart?.init.body))).toEqual({ selectedCompanyId: 7 });
  });

  it("archives after confirmation, then offers delete, which runs in the background", async () => {
    let company = makeCompany({ id: 8, name: "Loja" });
    const { calls } = mockCompaniesScreen(() => [company], {
      "PATCH /companies/archived/8": ({ init }) => {
        const { archived } = JSON.parse(String(init.body)) as { archived: boolean };
        company = { ...company, archived, archivedAt: "2026-03-01T12:00:00.000Z" };
        return { body: company };
      },
      "DELETE /companies/8": { status: 202, body: { message: "ok" } },
    });
    renderScreen(<CompaniesManager />, operator);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Selecionar Loja"));
    expect(screen.queryByText("Excluir")).not.toBeInTheDocument();
    await user.click(screen.getByText("Arquivar"));
    await user.click(within(screen.getByRole("dialog")).getByText("Confirmar"));
    expect(await within(rowOf("Loja")).findByText("Arquivada")).toBeInTheDocument();
    expect(screen.getByText("Desarquivar")).toBeInTheDocument();

    await user.click(screen.getByText("Excluir"));
    await user.click(within(screen.getByRole("dialog")).getByText("Confirmar"));
    expect(
      await screen.findByText(
        "Solicitação realizada com sucesso! Essa rotina será executada em background, verifique em alguns minutos.",
      ),
    ).toBeInTheDocument();
    expect(calls).toContain("DELETE /companies/8");
    expect(screen.getByLabelText("Filtros")).toBeInTheDocument();
  });

  it("User opens the user modal on the company's first user, with that company's queues", async () => {
    const company = makeCompany({ id: 4, name: "Mercado" });
    const owner = makeUser({
      id: 40,
      name: "Dona Maria",
      email: "maria@mercado.test",
      companyId: 4,
    });
    const { calls } = mockCompaniesScreen([company], {
      "GET /users/list": { body: [{ id: 40, name: "Dona Maria", email: owner.email }] },
      "GET /users/40": { body: owner },
      "GET /queue": { body: [{ id: 3, name: "Caixa", color: "#ff0000" }] },
      "GET /companies/list": { body: [{ id: 4, name: "Mercado" }] },
    });
    renderScreen(<CompaniesManager />, operator);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Selecionar Mercado"));
    await user.click(screen.getByText("Usuário"));
    const dialog = await screen.findByRole("dialog", { name: "Editar usuário" });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue("Dona Maria"));
    expect(calls).toContain("GET /users/list?companyId=4");
    expect(calls).toContain("GET /queue?companyId=4");
  });
});
