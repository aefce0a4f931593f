import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { AnnouncementsPopover } from "./AnnouncementsPopover";
import type { AnnouncementDTO } from "../api/announcementsApi";

const agent = makeUser({ id: 5, profile: "user" });
const news: AnnouncementDTO = {
  id: 1,
  title: "Novidade",
  text: "Agora com informativos",
  link: "https://example.test/novidade",
  mediaPath: null,
  mediaName: null,
  priority: 1,
  category: "NEW",
  status: true,
  views: 4,
  reactions: { bad: 0, neutral: 1, good: 2 },
  viewed: false,
  reaction: null,
};
const seen: AnnouncementDTO = {
  ...news,
  id: 2,
  title: "Antigo",
  viewed: true,
  priority: 3,
  category: "FIX",
};

describe("announcements popover (top bar)", () => {
  it("counts unread ones, marks them viewed on opening and records my reaction", async () => {
    const { calls, requests } = mockFetch({
      "GET /announcements/": { body: { records: [news, seen], hasMore: false } },
      "POST /announcements/1/view": { body: { ...news, viewed: true, views: 5 } },
      "POST /announcements/1/reaction": {
        body: {
          ...news,
          viewed: true,
          reaction: "good",
          reactions: { bad: 0, neutral: 1, good: 3 },
        },
      },
    });
    renderScreen(<AnnouncementsPopover />, agent);
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Informativos (1 não lido)" });
    expect(calls[0]).toBe("GET /announcements/?searchParam=&pageNumber=1");

    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    const card = await within(dialog).findByRole("article", { name: "Novidade" });
    expect(within(card).getByText("Agora com informativos")).toBeInTheDocument();
    expect(within(card).getByText("Alta")).toBeInTheDocument();
    expect(within(dialog).getByRole("article", { name: "Antigo" })).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain("POST /announcements/1/view"));
    expect(calls).not.toContain("POST /announcements/2/view");
    // The popover hides the rest of the page from assistive technology while open.
    await screen.findByRole("button", { name: "Informativos (nenhum não lido)", hidden: true });

    await user.click(within(card).getByRole("button", { name: "Bom: 2" }));
    const good = await within(card).findByRole("button", { name: "Bom: 3" });
    expect(good).toHaveAttribute("aria-pressed", "true");
    const reaction = requests.find((r) => r.url.pathname.includes("/announcements/1/reaction"));
    expect(JSON.parse(String(reaction?.init.body))).toEqual({ reaction: "good" });
  });

  it("says so when there is nothing to read", async () => {
    mockFetch({ "GET /announcements/": { body: { records: [], hasMore: false } } });
    renderScreen(<AnnouncementsPopover />, agent);
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Informativos (nenhum não lido)" }));
    expect(await screen.findByText("Nenhum informativo no momento.")).toBeInTheDocument();
  });
});
