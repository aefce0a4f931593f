import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { PlansManager } from "./PlansManager";

const operator = makeUser({ id: 1, profile: "admin", super: true });
const basic = {
  id: 1,
  name: "Básico",
  users: 5,
  queues: 3,
  connectionLimit: { baileys: 1, facebook: 0, instagram: 0, whatsAppBusiness: 0, webChat: 2 },
  useCampaigns: true,
};
const bare = {
  id: 2,
  name: "Vazio",
  users: null,
  queues: null,
  connectionLimit: null,
  useCampaigns: false,
};
const cells = (name: string) => {
  const row = screen.getByText(name).closest("tr") as HTMLElement;
  return Array.from(row.querySelectorAll("td")).map((td) => td.textContent);
};

describe("Settings › Plans", () => {
  it("lists plans with '-' or 0 for empty limits", async () => {
    mockFetch({ "GET /plans/all": { body: [basic, bare] } });
    renderScreen(<PlansManager />, operator);
    await screen.findByText("Vazio");
    expect(cells("Básico").slice(1)).toEqual(["Básico", "5", "3", "1", "0", "0", "0", "2", "Sim"]);
    expect(cells("Vazio").slice(1)).toEqual(["Vazio", "-", "-", "0", "0", "0", "0", "0", "Não"]);
  });

  it("validates the form: a name is required and limits are whole numbers from 0", async () => {
    const { calls } = mockFetch({ "GET /plans/all": { body: [] } });
    renderScreen(<PlansManager />, operator);
    await screen.findByText("Nenhum plano cadastrado.");
    const user = userEvent.setup();
    const users = screen.getByLabelText("Usuários");
    await user.clear(users);
    await user.type(users, "-2");
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Obrigatório")).toBeInTheDocument();
    expect(screen.getByText("Número inválido")).toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  it("creates a plan, then shows the spec's text when the name already exists", async () => {
    let created = false;
    const { requests } = mockFetch({
      "GET /plans/all": () => ({ body: created ? [basic] : [] }),
      "POST /plans": ({ init }) => {
        const body = JSON.parse(String(init.body)) as { name: string };
        if (created) return { status: 409, body: { error: "ERR_X_UNKNOWN", message: "dup" } };
        created = true;
        return { status: 201, body: { ...basic, name: body.name } };
      },
    });
    renderScreen(<PlansManager />, operator);
    await screen.findByText("Nenhum plano cadastrado.");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Nome"), "Básico");
    const users = screen.getByLabelText("Usuários");
    await user.clear(users);
    await user.type(users, "5");
    const webChat = screen.getByLabelText("Web Chat");
    await user.clear(webChat);
    await user.type(webChat, "2");
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    expect(JSON.parse(String(requests.find((r) => r.init.method === "POST")?.init.body))).toEqual({
      name: "Básico",
      users: 5,
      queues: 0,
      userLimit: { limit: 5 },
      connectionLimit: { baileys: 0, facebook: 0, instagram: 0, whatsAppBusiness: 0, webChat: 2 },
      // A new plan offers campaigns, as the server's default and the plans from before them.
      useCampaigns: true,
    });
    await screen.findByText("Básico");
    expect(screen.getByLabelText("Nome")).toHaveValue("");

    await user.type(screen.getByLabelText("Nome"), "Básico");
    await user.click(screen.getByText("Salvar"));
    expect(
      await screen.findByText(/Verifique se já existe uma plano com o mesmo nome/),
    ).toBeInTheDocument();
  });

  it("edits a row and deletes it after confirmation", async () => {
    let plans = [basic, bare];
    const { calls } = mockFetch({
      "GET /plans/all": () => ({ body: plans }),
      "DELETE /plans/2": () => {
        plans = [basic];
        return { status: 204 };
      },
    });
    renderScreen(<PlansManager />, operator);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Editar Vazio"));
    expect(screen.getByLabelText("Nome")).toHaveValue("Vazio");
    await user.click(screen.getByText("Excluir"));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Deseja realmente excluir esse registro?");
    await user.click(within(dialog).getByText("Excluir"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Vazio")).not.toBeInTheDocument());
    expect(calls).toContain("DELETE /plans/2");
  });

  it("turns campaigns on for a plan with the Campanhas switch", async () => {
    const { requests } = mockFetch({
      "GET /plans/all": { body: [bare] },
      "PUT /plans/2": ({ init }) => ({
        body: { ...bare, ...(JSON.parse(String(init.body)) as { useCampaigns: boolean }) },
      }),
    });
    renderScreen(<PlansManager />, operator);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("Editar Vazio"));
    const campaigns = screen.getByRole("switch", { name: "Campanhas" });
    expect(campaigns).not.toBeChecked();
    await user.click(campaigns);
    await user.click(screen.getByText("Salvar"));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    const put = requests.find((r) => r.init.method === "PUT");
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ name: "Vazio", useCampaigns: true });
  });
});
