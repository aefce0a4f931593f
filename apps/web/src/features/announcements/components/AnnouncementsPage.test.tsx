import { channels } from "@atrium/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { bindFakeRealtime } from "../../../test/realtime";
import { renderScreen } from "../../../test/renderScreen";
import { AnnouncementsPage } from "./AnnouncementsPage";
import type { AnnouncementDTO } from "../api/announcementsApi";

const superUser = makeUser({ id: 1, profile: "admin", super: true });
const admin = makeUser({ id: 2, profile: "admin" });
const base = { text: "Texto", link: null, mediaPath: null, mediaName: null, views: 4 };
const news: AnnouncementDTO = {
  ...base,
  id: 1,
  title: "Novidade",
  priority: 1,
  category: "NEW",
  status: true,
  reactions: { bad: 0, neutral: 1, good: 2 },
  viewed: false,
  reaction: null,
};
const page = (records: AnnouncementDTO[]) => ({ body: { records, hasMore: false } });

describe("/announcements", () => {
  it("shows the columns; a super user lists every status and manages", async () => {
    const { calls } = mockFetch({ "GET /announcements/": page([news]) });
    renderScreen(<AnnouncementsPage />, superUser);
    const row = (await screen.findByRole("cell", { name: "Novidade" })).closest("tr")!;
    const cells = within(row as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(["Novidade", "Alta", "Novo", "Sem anexo", "Ativo", "4"]);
    expect(within(row as HTMLElement).getByLabelText("Bom: 2")).toBeInTheDocument();
    expect(within(row as HTMLElement).getByLabelText("Neutro: 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Editar Novidade" })).toBeInTheDocument();
    expect(calls[0]).toBe("GET /announcements/?searchParam=&pageNumber=1&all=true");
  });

  it("is read-only for an admin who is not super (active ones only)", async () => {
    const { calls } = mockFetch({ "GET /announcements/": page([news]) });
    renderScreen(<AnnouncementsPage />, admin);
    await screen.findByRole("cell", { name: "Novidade" });
    expect(screen.queryByRole("button", { name: "Novo informativo" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Editar Novidade" })).toBeNull();
    expect(calls[0]).toBe("GET /announcements/?searchParam=&pageNumber=1");
  });

  it("requires title and text, then creates with the defaults", async () => {
    const { requests } = mockFetch({
      "GET /announcements/": page([]),
      "POST /announcements": ({ init }) => ({
        status: 201,
        body: { ...news, id: 9, ...(JSON.parse(String(init.body)) as object) },
      }),
    });
    renderScreen(<AnnouncementsPage />, superUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Novo informativo" }));
    const dialog = screen.getByRole("dialog", { name: "Novo informativo" });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    await user.type(within(dialog).getByLabelText("Título"), "Manutenção");
    await user.type(within(dialog).getByLabelText("Texto"), "Sábado às 22h");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Messagem adicionada com sucesso.")).toBeInTheDocument();
    const body = JSON.parse(String(requests.find((r) => r.init.method === "POST")?.init.body));
    expect(body).toEqual({
      title: "Manutenção",
      text: "Sábado às 22h",
      link: null,
      priority: 3,
      category: "NEW",
      status: true,
    });
  });

  it("follows company-announcement events from the platform company", async () => {
    mockFetch({ "GET /announcements/": page([news]) });
    const { queryClient } = renderScreen(<AnnouncementsPage />, admin);
    await screen.findByRole("cell", { name: "Novidade" });
    const { push } = bindFakeRealtime(queryClient, 2, 5);
    await push(channels.announcement(), {
      action: "create",
      record: { ...news, id: 2, title: "Ajuste no login", category: "FIX", companyId: 1 },
    });
    expect(screen.getByRole("cell", { name: "Ajuste no login" })).toBeInTheDocument();
    await push(channels.announcement(), {
      action: "update",
      record: { ...news, status: false, companyId: 1 },
    });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Novidade" })).toBeNull());
  });
});
