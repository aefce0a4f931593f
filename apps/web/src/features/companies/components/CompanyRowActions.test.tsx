import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import type { OperatorCompanyDTO } from "../api/companiesApi";
import { choose, makeCompany, mockCompaniesScreen, operator, rowOf } from "../test/companyFixtures";
import { CompaniesManager } from "./CompaniesManager";
import { checkedRoutes } from "../../../test/fetchMock";
import { makeQueue } from "../../../test/factories";

describe("Settings › Companies: form and row actions", () => {
  it("requires email and plan, then creates with §3 defaults; empty due date and instance go as null", async () => {
    let list: OperatorCompanyDTO[] = [];
    const { requests } = mockCompaniesScreen(
      () => list,
      checkedRoutes({
        "POST /companies": ({ init }) => {
          const body = JSON.parse(String(init.body)) as { name: string; email: string };
          list = [makeCompany({ id: 9, name: body.name, email: body.email })];
          return { status: 201, body: list[0] };
        },
      }),
    );
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Nenhuma empresa encontrada.");
    const user = userEvent.setup();
    await user.click(screen.getByText("Salvar"));
    const form = screen.getByLabelText("Empresa", { selector: "form" });
    expect(await within(form).findAllByText("Obrigatório")).toHaveLength(3);

    await user.type(within(form).getByLabelText("Nome"), "Padaria Pão Quente");
    await user.type(within(form).getByLabelText(/^E-mail/), "pao@padaria.test");
    // The admin is a person, greeted and signing by their own name (not the company's).
    expect(within(form).getByText("Quem vai usar o acesso; vazio: o nome do e-mail")).toBeVisible();
    await user.type(within(form).getByLabelText("Nome do administrador"), "Joana Prado");
    await user.type(within(form).getByLabelText("Senha do administrador"), "segredo-123");
    await choose(user, /^Plano/, "Básico");
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    const post = requests.find((r) => r.init.method === "POST");
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: "Padaria Pão Quente",
      email: "pao@padaria.test",
      adminName: "Joana Prado",
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
      campaignsEnabled: false,
      language: "pt-BR",
      connectionLimit: { baileys: 0, facebook: 0, instagram: 0, whatsAppBusiness: 0, webChat: 0 },
    });
    expect(await screen.findByText("Padaria Pão Quente")).toBeInTheDocument();
    // The form starts over with the defaults (a fresh form element).
    const fresh = screen.getByLabelText("Empresa", { selector: "form" });
    expect(within(fresh).getByLabelText("Nome")).toHaveValue("");
  });

  it("a selected company gets campaigns with the Campanhas field", async () => {
    const company = makeCompany({ id: 8, name: "Loja", email: "loja@cliente.test" });
    const { requests } = mockCompaniesScreen(
      [company],
      checkedRoutes({
        "PUT /companies/8": ({ init }) => ({
          body: { ...company, ...(JSON.parse(String(init.body)) as object) },
        }),
      }),
    );
    renderScreen(<CompaniesManager />, operator);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Selecionar Loja"));
    await choose(user, "Campanhas", "Sim");
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    const put = requests.find((r) => r.init.method === "PUT");
    expect(JSON.parse(String(put?.init.body))).toMatchObject({
      name: "Loja",
      apiEnabled: false,
      campaignsEnabled: true,
    });
  });

  it("uploads a boleto, deletes a nota, records a payment request and restarts a Baileys connection", async () => {
    let releaseRestart = () => undefined as void;
    const restarted = new Promise<void>((resolve) => (releaseRestart = resolve));
    const restartAnswer = { body: { id: 70, status: "DISCONNECTED" } };
    const company = makeCompany({
      id: 7,
      name: "Oficina",
      paymentStatus: "PENDING",
      noteFile: { name: "nota.pdf", url: "/files/1" },
      whatsapps: [
        { id: 70, name: "Vendas", channelType: "BAILEYS", status: "CONNECTED", companyId: 7 },
      ],
    });
    const { calls, requests } = mockCompaniesScreen(
      [company],
      checkedRoutes({
        "POST /companies/7/invoice": { body: company },
        "DELETE /companies/7/note": { body: company },
        "PATCH /companies/7/payment-status": { body: company },
        // The server answers once the session settles: the test says when.
        "PATCH /whatsappsession/70/restart": () => restarted.then(() => restartAnswer),
      }),
    );
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

    expect(within(row).getByText("Cobrança a enviar")).toBeInTheDocument();
    await user.click(within(row).getByLabelText("Registrar envio da cobrança de Oficina"));
    const confirmSend = screen.getByRole("dialog");
    expect(confirmSend).toHaveTextContent("Registrar que a cobrança de Oficina foi enviada agora?");
    expect(calls).not.toContain("PATCH /companies/7/payment-status");
    await user.click(within(confirmSend).getByText("Confirmar"));
    // The server records the time of the request when a PENDING company moves to SENDED.
    await waitFor(() => expect(calls).toContain("PATCH /companies/7/payment-status"));
    const payment = requests.find((r) => r.url.pathname === "/companies/7/payment-status");
    expect(JSON.parse(String(payment?.init.body))).toEqual({ paymentStatus: "SENDED" });

    // A restart asks first, spins while it runs; an answer that is not CONNECTED is an error (§4).
    await user.click(within(row).getByLabelText("Vendas (WhatsApp): CONNECTED"));
    const dialog = await screen.findByRole("dialog", { name: "Reiniciar conexão" });
    expect(dialog).toHaveTextContent("Deseja reiniciar a conexão Vendas da empresa Oficina?");
    await user.click(within(dialog).getByText("Confirmar"));
    expect(
      await within(row).findByRole("progressbar", { name: "Reiniciando a conexão Vendas…" }),
    ).toBeInTheDocument();
    releaseRestart();
    expect(
      await screen.findByText("Não foi possível conectar ao reinicar conexão!"),
    ).toBeInTheDocument();
    const restart = requests.find((r) => r.url.pathname === "/whatsappsession/70/restart");
    expect(JSON.parse(String(restart?.init.body))).toEqual({ selectedCompanyId: 7 });
  });

  it("reaches every step of the billing cycle with a confirmation and an undo; 'Cobrança' finds the paid", async () => {
    let company = makeCompany({
      id: 11,
      name: "Mercearia",
      paymentStatus: "SENDED",
      lastSendPaymentAt: "2026-03-02 09:15:00",
    });
    const other = makeCompany({ id: 12, name: "Açougue", paymentStatus: "PENDING" });
    const { requests } = mockCompaniesScreen(
      () => [company, other],
      checkedRoutes({
        "PATCH /companies/11/payment-status": ({ init }) => {
          const { paymentStatus } = JSON.parse(String(init.body)) as {
            paymentStatus: OperatorCompanyDTO["paymentStatus"];
          };
          company = { ...company, paymentStatus };
          return { body: company };
        },
      }),
    );
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Mercearia");
    const user = userEvent.setup();
    expect(within(rowOf("Mercearia")).getByText("Enviada em 02/03/2026")).toBeInTheDocument();

    await user.click(within(rowOf("Mercearia")).getByLabelText("Confirmar pagamento de Mercearia"));
    const dialog = screen.getByRole("dialog", { name: "Pagamento efetivado" });
    expect(dialog).toHaveTextContent("Confirmar que Mercearia pagou?");
    await user.click(within(dialog).getByText("Confirmar"));
    // Undo from the toast (it shows 3 s): back to 'Cobrança enviada'.
    await user.click(await screen.findByRole("button", { name: "Desfazer" }));
    const sent = () =>
      requests
        .filter((r) => r.url.pathname === "/companies/11/payment-status")
        .map((r) => JSON.parse(String(r.init.body)).paymentStatus);
    await waitFor(() => expect(sent()).toEqual(["COMPLETED", "SENDED"]));
    expect(await screen.findByText("Alteração desfeita.")).toBeInTheDocument();
    expect(await within(rowOf("Mercearia")).findByText("Cobrança enviada")).toBeInTheDocument();

    // Paid again; the 'Cobrança' filter shows the paid company only.
    await user.click(within(rowOf("Mercearia")).getByLabelText("Confirmar pagamento de Mercearia"));
    await user.click(within(screen.getByRole("dialog")).getByText("Confirmar"));
    expect(await within(rowOf("Mercearia")).findByText("Pagamento efetivado")).toBeInTheDocument();
    await choose(user, /^Cobrança/, "Pagamento efetivado");
    await waitFor(() => expect(screen.queryByText("Açougue")).not.toBeInTheDocument());
    expect(rowOf("Mercearia")).toBeInTheDocument();
    await choose(user, /^Cobrança/, "Todos");
    expect(await screen.findByText("Açougue")).toBeInTheDocument();

    // Any other step from the menu, confirmed too: a new cycle.
    await user.click(within(rowOf("Mercearia")).getByLabelText("Alterar cobrança de Mercearia"));
    await user.click(screen.getByRole("menuitem", { name: "Mudar para: Cobrança a enviar" }));
    await user.click(within(screen.getByRole("dialog")).getByText("Confirmar"));
    await waitFor(() => expect(sent()).toEqual(["COMPLETED", "SENDED", "COMPLETED", "PENDING"]));
  });

  it("the connection-limit dialog says that 0 means the plan's limit", async () => {
    mockCompaniesScreen([]);
    renderScreen(<CompaniesManager />, operator);
    await screen.findByText("Nenhuma empresa encontrada.");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Limite de conexões" }));
    const dialog = screen.getByRole("dialog", { name: "Limite de conexões" });
    expect(dialog).toHaveTextContent("Deixe 0 para usar o limite do plano.");
    const webChat = within(dialog).getByLabelText("Web Chat");
    expect(webChat).toHaveValue(0);
    expect(webChat).toHaveAccessibleDescription("0 = usa o limite do plano");
  });

  it("archives after confirmation, then offers delete, which runs in the background", async () => {
    let company = makeCompany({ id: 8, name: "Loja" });
    const { calls } = mockCompaniesScreen(
      () => [company],
      checkedRoutes({
        "PATCH /companies/archived/8": ({ init }) => {
          const { archived } = JSON.parse(String(init.body)) as { archived: boolean };
          company = { ...company, archived, archivedAt: "2026-03-01T12:00:00.000Z" };
          return { body: company };
        },
        "DELETE /companies/8": { status: 202, body: { message: "ok" } },
      }),
    );
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
    const { calls } = mockCompaniesScreen(
      [company],
      checkedRoutes({
        "GET /users/list": { body: [{ id: 40, name: "Dona Maria", email: owner.email }] },
        "GET /users/40": { body: owner },
        "GET /queue": { body: [makeQueue({ id: 3, name: "Caixa", color: "#ff0000" })] },
        "GET /companies/list": { body: [{ id: 4, name: "Mercado" }] },
      }),
    );
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
