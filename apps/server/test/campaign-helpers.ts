import { expect } from "vitest";
import { request, setSetting, type Session, type TestServer } from "./harness.js";

/** A phone number of 12 digits, different each call. */
export const phone = () => `55${Math.floor(1e10 + Math.random() * 8e10)}`;

/** Campaigns enabled for a company (its plan offers them by default). */
export async function enableCampaigns(server: TestServer, companyId: number) {
  await setSetting(server.db, companyId, "campaignsEnabled", "true");
}

/** A contact list with these items, through the API. */
export async function createList(
  server: TestServer,
  session: Session,
  items: { name: string; number: string; email?: string }[],
  name = "Clientes",
) {
  const res = await request(server, session, "POST", "/contact-lists", { name });
  expect(res.statusCode).toBe(201);
  const list = res.json() as { id: number };
  for (const item of items) {
    const added = await request(server, session, "POST", "/contact-list-items", {
      contactListId: list.id,
      ...item,
    });
    expect(added.statusCode).toBe(201);
  }
  return list;
}

/** Settings for fast tests: no interval, every day and hour. */
export const FAST_SETTINGS = {
  messageIntervalMin: 0,
  messageIntervalMax: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  allowedHoursStart: "00:00",
  allowedHoursEnd: "23:59",
  allowedDays: [0, 1, 2, 3, 4, 5, 6],
  optOutWords: ["SAIR", "PARAR"],
};
