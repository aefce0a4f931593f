import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { checkedRoutes, combineRoutes, mockFetch, type RouteTable } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { makeConnection } from "../../connections/test/connectionFixtures";
import { makeContactList, recordsPage } from "../../contactLists/test/contactListFixtures";
import { makeCampaign } from "../test/campaignFixtures";
import { CampaignsPage } from "./CampaignsPage";

const admin = makeUser({ id: 1, profile: "admin" });
type User = ReturnType<typeof userEvent.setup>;

function renderDialogScreen(
  extra: RouteTable,
  campaigns = [makeCampaign({ id: 1, name: "Natal" })],
) {
  const mocks = mockFetch(
    combineRoutes(
      checkedRoutes({
        "GET /campaigns/": recordsPage(campaigns),
        "GET /whatsapp/": {
          body: [makeConnection({ id: 7, name: "Vendas", channelType: "BAILEYS" })],
        },
        "GET /contact-lists/list": { body: [{ id: 3, name: "Clientes" }] },
        "GET /tags/list": { body: [{ id: 5, name: "VIP", color: "#ff0000" }] },
        "GET /contact-lists/3": {
          body: makeContactList({ id: 3, name: "Clientes", itemsCount: 120 }),
        },
      }),
      extra,
    ),
  );
  renderScreen(<CampaignsPage />, admin);
  return mocks;
}

async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.click(await screen.findByRole("option", { name: option }));
}

const openAdd = async (user: User) => {
  await user.click(await screen.findByRole("button", { name: "Nova campanha" }));
  return screen.getByRole("dialog", { name: "Nova campanha" });
};

describe("/campaigns: the campaign dialog", () => {
  it("requires a name, a connection, recipients and a message (shared campaignSchema)", async () => {
    const { calls } = renderDialogScreen(checkedRoutes({}));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(4);
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);
  });

  it("has five message tabs and no more; confirmation adds five more and its reply", async () => {
    renderDialogScreen(checkedRoutes({}));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    const messages = within(dialog).getByRole("tablist", { name: "Mensagens" });
    expect(
      within(messages)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Mensagem 1", "Mensagem 2", "Mensagem 3", "Mensagem 4", "Mensagem 5"]);
    expect(within(dialog).getByText(/Variáveis: \{nome\}, \{numero\}/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Resposta que confirma")).toBeNull();
    await user.click(within(dialog).getByRole("switch", { name: "Confirmação" }));
    const confirmations = within(dialog).getByRole("tablist", { name: "Mensagens de confirmação" });
    expect(within(confirmations).getAllByRole("tab")).toHaveLength(5);
    expect(within(confirmations).getAllByRole("tab")[4]).toHaveTextContent(
      "Mensagem de confirmação 5",
    );
    // On, the confirmation needs its messages and its reply.
    await user.type(within(dialog).getByLabelText("Nome"), "Natal");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(5);
  });

  it("asks before a campaign that starts now, naming how many contacts, then creates it", async () => {
    const { requests } = renderDialogScreen(
      checkedRoutes({
        "POST /campaigns": { status: 201, body: makeCampaign({ id: 9, name: "Black Friday" }) },
      }),
      [],
    );
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText("Nome"), "Black Friday");
    await choose(user, dialog, "Conexão", "Vendas");
    await choose(user, dialog, "Lista de contatos", "Clientes");
    await user.type(within(dialog).getByLabelText("Mensagem 1"), "Oi {{nome}");
    await user.click(within(dialog).getByRole("tab", { name: "Mensagem 3" }));
    await user.type(within(dialog).getByLabelText("Mensagem 3"), "Olá!");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));

    const confirm = await screen.findByRole("dialog", { name: "Enviar agora?" });
    expect(
      await within(confirm).findByText(
        "A campanha começará a enviar agora para 120 contatos da lista Clientes. Deseja continuar?",
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.init.method === "POST")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Enviar agora" }));
    expect(await screen.findByText("Campanha salva com sucesso.")).toBeInTheDocument();
    const post = requests.find((r) => r.init.method === "POST");
    expect(JSON.parse(String(post?.init.body))).toEqual({
      name: "Black Friday",
      whatsappId: 7,
      contactListId: 3,
      tagId: null,
      messages: ["Oi {nome}", "Olá!"],
      confirmation: false,
      confirmationMessages: [],
      confirmationReply: "",
      scheduledAt: null,
    });
    expect(await screen.findByRole("cell", { name: "Black Friday" })).toBeInTheDocument();
  });

  it("edits a scheduled campaign to a tag and uploads the chosen file after the save", async () => {
    const natal = makeCampaign({ id: 1, name: "Natal" });
    const { calls, requests } = renderDialogScreen(
      checkedRoutes({
        "PUT /campaigns/1": { body: { ...natal, tagId: 5, tag: { id: 5, name: "VIP" } } },
        "POST /campaigns/1/upload": {
          body: { ...natal, file: { name: "promo.png", url: "/files/promo.png" } },
        },
      }),
      [natal],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar Natal" }));
    const dialog = screen.getByRole("dialog", { name: "Editar campanha" });
    expect(within(dialog).getByLabelText("Mensagem 1")).toHaveValue("Olá {nome}!");
    await user.click(within(dialog).getByRole("radio", { name: "Por tag" }));
    await choose(user, dialog, "Tag", "VIP");
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(["png"], "promo.png", { type: "image/png" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Campanha salva com sucesso.")).toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith("GET"))).toEqual([
      "PUT /campaigns/1",
      "POST /campaigns/1/upload",
    ]);
    const put = JSON.parse(String(requests.find((r) => r.init.method === "PUT")?.init.body));
    expect(put).toMatchObject({ contactListId: null, tagId: 5, scheduledAt: natal.scheduledAt });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
