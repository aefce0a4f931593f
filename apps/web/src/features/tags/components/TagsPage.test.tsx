import { channels } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { TagsPage } from "./TagsPage";

const admin = makeUser({ id: 1, profile: "admin" });
const vip = { id: 5, name: "VIP", color: "#ff0000", userId: 1, contactsCount: 4 };
const lead = { id: 6, name: "Lead", color: "#00ff00", userId: 1, contactsCount: 0 };
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("/tags", () => {
  it("lists tags as chips with their contacts count and searches lowercased", async () => {
    const { calls } = mockFetch({
      "GET /tags/": ({ url }) => ({
        body: { tags: url.searchParams.get("searchParam") ? [vip] : [vip, lead], hasMore: false },
      }),
    });
    renderScreen(<TagsPage />, admin);
    expect(await screen.findByText("Lead")).toBeInTheDocument();
    expect(names()).toEqual(["VIP", "Lead"]);
    expect(screen.getByRole("cell", { name: "4" })).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole("searchbox"), "VI");
    await waitFor(() => expect(names()).toEqual(["VIP"]), { timeout: 10_000 });
    expect(calls).toContain("GET /tags/?searchParam=vi&pageNumber=1");
  });

  it("validates the name: required, then at least 3 characters", async () => {
    const { calls } = mockFetch({ "GET /tags/": { body: { tags: [], hasMore: false } } });
    renderScreen(<TagsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nova tag" }));
    const dialog = screen.getByRole("dialog", { name: "Adicionar tag" });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Nome"), "ab");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Mensagem muito curta")).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("creates a tag with its colour and lists it", async () => {
    const { requests } = mockFetch({
      "GET /tags/": { body: { tags: [lead], hasMore: false } },
      "POST /tags": { status: 201, body: { ...vip, contactsCount: 0 } },
    });
    renderScreen(<TagsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nova tag" }));
    const dialog = screen.getByRole("dialog", { name: "Adicionar tag" });
    await user.type(within(dialog).getByLabelText("Nome"), "VIP");
    const color = within(dialog).getByLabelText("Cor");
    await user.clear(color);
    await user.type(color, "#ff0000");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Tag salva com sucesso.")).toBeInTheDocument();
    const post = requests.find((r) => r.init.method === "POST");
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: "VIP", color: "#ff0000" });
    expect(names()).toEqual(["VIP", "Lead"]);
  });

  it("deletes after confirmation", async () => {
    const { calls } = mockFetch({
      "GET /tags/": { body: { tags: [vip, lead], hasMore: false } },
      "DELETE /tags/5": { status: 204 },
    });
    renderScreen(<TagsPage />, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Excluir VIP" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Tag excluída com sucesso.")).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(["Lead"]));
    expect(calls).toContain("DELETE /tags/5");
  });

  it("follows company tag events", async () => {
    mockFetch({ "GET /tags/": { body: { tags: [vip], hasMore: false } } });
    const { queryClient } = renderScreen(<TagsPage />, admin);
    await screen.findByText("VIP");
    const { push } = bindFakeRealtime(queryClient);
    await push(channels.tag(1), { action: "create", tag: lead });
    expect(names()).toEqual(["Lead", "VIP"]);
    await push(channels.tag(1), { action: "update", tag: { ...vip, name: "VIP 2" } });
    expect(names()).toEqual(["Lead", "VIP 2"]);
    await push(channels.tag(1), { action: "delete", tagId: 6 });
    expect(names()).toEqual(["VIP 2"]);
    await push(channels.tag(2), { action: "create", tag: { ...lead, id: 9, companyId: 2 } });
    expect(names()).toEqual(["VIP 2"]);
  });
});
