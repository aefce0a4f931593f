import { emptyWorkingHours } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, pdf, png, seedWithSuper } from "./admin-helpers.js";
import {
  collect,
  connect,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

/** Seven entries: Monday to Friday 08:00–18:00, the weekend closed. */
const weekHours = () =>
  emptyWorkingHours().map((d, i) => (i < 5 ? { ...d, startTime: "08:00", endTime: "18:00" } : d));

describe("settings", () => {
  it("admins write known settings only; users read; values are checked", async () => {
    const s = await seedCompany(server);
    const ok = await request(server, s.as.admin, "PUT", "/settings/scheduleType", {
      key: "scheduleType",
      value: "queue",
    });
    expect(ok.json()).toEqual({ key: "scheduleType", value: "queue" });
    const unknown = await request(server, s.as.admin, "PUT", "/settings/whatever", {
      value: "x",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { key: "Unknown setting" },
    });
    const badValue = await request(server, s.as.admin, "PUT", "/settings/acceptGroupMessages", {
      value: "maybe",
    });
    expect(badValue.statusCode).toBe(400);
    expect(
      (await request(server, s.as.admin, "PUT", "/settings/sendSignature", { value: "disabled" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await request(server, s.as.member, "PUT", "/settings/userRating", { value: "enabled" }))
        .statusCode,
    ).toBe(403);
    const list = (await request(server, s.as.member, "GET", "/settings")).json();
    expect(list).toContainEqual({ key: "scheduleType", value: "queue" });
    expect(list).toContainEqual({ key: "sendSignature", value: "disabled" });
  });
});

describe("company working hours", () => {
  it("own users read their company; another company's id is not found; super reads any", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const mine = await request(server, s.as.member, "GET", `/companies/${s.company.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: s.company.id, name: s.company.name });
    expect(mine.json().schedules).toHaveLength(7);
    expect(mine.json()).not.toHaveProperty("apiKeyHash");
    expect(
      (await request(server, other.as.admin, "GET", `/companies/${s.company.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, s.superSession, "GET", `/companies/${s.company.id}`)).statusCode,
    ).toBe(200);
  });

  it("the company's admin (or super) saves seven valid entries, published to that company only", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const url = `/companies/${s.company.id}/schedules`;
    expect(
      (await request(server, s.as.member, "PUT", url, { schedules: weekHours() })).statusCode,
    ).toBe(403);
    expect(
      (await request(server, other.as.admin, "PUT", url, { schedules: weekHours() })).statusCode,
    ).toBe(404);

    const bad = (schedules: unknown) => request(server, s.as.admin, "PUT", url, { schedules });
    const hours = weekHours();
    expect((await bad(hours.slice(0, 6))).json().message).toBe("Informe os sete dias da semana");
    expect(
      (await bad(hours.map((d, i) => (i === 0 ? { ...d, startTime: "25:00" } : d)))).json().fields,
    ).toEqual({ "schedules.0.startTime": "Horário inválido" });
    expect(
      (
        await bad(
          hours.map((d, i) => (i === 1 ? { ...d, startTime: "18:00", endTime: "08:00" } : d)),
        )
      ).json().fields,
    ).toEqual({ "schedules.1.endTime": "O horário inicial deve ser menor que o final" });
    expect(
      (await bad(hours.map((d, i) => (i === 5 ? { ...d, startTime: "09:00" } : d)))).json().fields,
    ).toEqual({ "schedules.5.endTime": "Informe início e fim" });

    const mine = await connect(server, s.as.member.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      const event = nextEvent<{ company: { schedules: unknown[] } }>(
        mine,
        `company-${s.company.id}-settings`,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-settings`, event);
      const saved = await request(server, s.as.admin, "PUT", url, { schedules: hours });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().schedules[0]).toEqual({
        weekday: "Segunda-feira",
        weekdayEn: "monday",
        startTime: "08:00",
        endTime: "18:00",
      });
      expect((await event).company.schedules).toHaveLength(7);
      expect(await leak).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
    const bySuper = await request(server, s.superSession, "PUT", url, {
      schedules: emptyWorkingHours(),
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().schedules[0].startTime).toBe("");
  });
});

describe("queues (admin screen)", () => {
  it("stores working hours and the out-of-hours message; validates names, colours and hours", async () => {
    const s = await seedCompany(server);
    const created = await request(server, s.as.admin, "POST", "/queue", {
      name: `Suporte ${uid()}`,
      color: "#aa0000",
      outOfHoursMessage: "Estamos fechados",
      schedules: weekHours(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      outOfHoursMessage: "Estamos fechados",
      file: null,
      schedules: weekHours(),
    });
    // A PUT without schedules keeps them.
    const renamed = await request(server, s.as.admin, "PUT", `/queue/${created.json().id}`, {
      name: "Suporte 2",
      color: "#aa0000",
    });
    expect(renamed.json().schedules).toEqual(weekHours());
    const noHours = await request(server, s.as.admin, "POST", "/queue", {
      name: "Sem horário",
      color: "#bb0000",
    });
    expect(noHours.json().schedules).toEqual(emptyWorkingHours());

    const colour = await request(server, s.as.admin, "POST", "/queue", {
      name: "Outra",
      color: "#aa0000",
    });
    expect(colour.statusCode).toBe(409);
    expect(colour.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const invalid = await request(server, s.as.admin, "POST", "/queue", {
      name: "",
      color: "#a",
      schedules: weekHours().map((d) => ({ ...d, endTime: "99:99" })),
    });
    expect(invalid.json().fields).toMatchObject({
      name: "Required",
      color: "Too Short!",
      "schedules.0.endTime": "Horário inválido",
    });
    expect(
      (await request(server, s.as.member, "POST", "/queue", { name: "Nope", color: "#cc0000" }))
        .statusCode,
    ).toBe(403);
  });

  it("attaches one file (replacing the previous), removes it and answers the queue", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const queue = (
      await request(server, s.as.admin, "POST", "/queue", { name: `Q ${uid()}`, color: "#00aa00" })
    ).json();
    const mine = await connect(server, s.as.member.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      const event = nextEvent<{ action: string; queue: { file: { name: string } } }>(
        mine,
        `company-${s.company.id}-queue`,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-queue`, event);
      const first = await multipart(server, s.as.admin, "POST", `/queue/${queue.id}/upload`, {
        files: [pdf],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().file).toMatchObject({
        name: "doc.pdf",
        url: expect.stringMatching(/^\/files\/\d+\?exp=/),
      });
      expect(await event).toMatchObject({ action: "update", queue: { file: { name: "doc.pdf" } } });
      expect(await leak).toEqual([]);
      const second = await multipart(server, s.as.admin, "POST", `/queue/${queue.id}/upload`, {
        files: [png],
      });
      expect(second.json().file.name).toBe("pic.png");
      // The replaced file is gone.
      const old = await server.app.inject({ method: "GET", url: first.json().file.url });
      expect(old.statusCode).toBe(404);
      const served = await server.app.inject({ method: "GET", url: second.json().file.url });
      expect(served.statusCode).toBe(200);
    } finally {
      mine.close();
      theirs.close();
    }
    expect(
      (await multipart(server, s.as.member, "POST", `/queue/${queue.id}/upload`, { files: [png] }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await multipart(server, other.as.admin, "POST", `/queue/${queue.id}/upload`, {
          files: [png],
        })
      ).statusCode,
    ).toBe(404);
    const empty = await multipart(server, s.as.admin, "POST", `/queue/${queue.id}/upload`, {});
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", fields: { file: "Required" } });
    const removed = await request(server, s.as.admin, "DELETE", `/queue/${queue.id}/upload`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: queue.id, file: null });
    expect(
      (await request(server, other.as.admin, "DELETE", `/queue/${queue.id}/upload`)).statusCode,
    ).toBe(404);
  });
});
