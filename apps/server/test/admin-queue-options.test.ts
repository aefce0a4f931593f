import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, pdf, png } from "./admin-helpers.js";
import { jpegBytes, mp3Bytes, mp4Bytes } from "./media-fixtures.js";
import {
  createQueue,
  request,
  seedCompany,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

interface OptionDTO {
  id: number;
  title: string;
  option: number;
  parentId: number | null;
  fileType: string;
  fileName: string | null;
  path: string | null;
  childrenCount: number;
  finalize: boolean;
  waitTreatment: boolean;
}

const addOption = async (
  session: Session,
  fields: Record<string, string | number | boolean>,
  files: Parameters<typeof multipart>[4]["files"] = [],
) => multipart(server, session, "POST", "/queue-options", { fields, files });

const roots = async (session: Session, queueId: number, parent = "-1") =>
  (
    await request(server, session, "GET", `/queue-options?queueId=${queueId}&parentId=${parent}`)
  ).json() as OptionDTO[];

describe("queue options tree", () => {
  it("numbers siblings, counts children, and renumbers 1..n after deleting a subtree", async () => {
    const s = await seedCompany(server);
    const q = s.queue.id;
    const first = (
      await addOption(s.as.admin, { title: "Vendas", queueId: q, parentId: -1 })
    ).json();
    const second = (await addOption(s.as.admin, { title: "Suporte", queueId: q })).json();
    const third = (
      await addOption(s.as.admin, { title: "Financeiro", queueId: q, parentId: "" })
    ).json();
    expect([first.option, second.option, third.option]).toEqual([1, 2, 3]);
    const child = (
      await addOption(s.as.admin, {
        title: "Segunda via",
        queueId: q,
        parentId: second.id,
        finalize: "true",
      })
    ).json();
    const grandchild = (
      await addOption(s.as.admin, { title: "Boleto", queueId: q, parentId: child.id })
    ).json();
    expect(child).toMatchObject({
      option: 1,
      parentId: second.id,
      finalize: true,
      waitTreatment: false,
    });

    const listed = await roots(s.as.admin, q);
    expect(listed.map((o) => [o.title, o.option, o.childrenCount])).toEqual([
      ["Vendas", 1, 0],
      ["Suporte", 2, 1],
      ["Financeiro", 3, 0],
    ]);
    // parentId absent also means the roots.
    expect(
      (await request(server, s.as.admin, "GET", `/queue-options?queueId=${q}`)).json(),
    ).toHaveLength(3);
    expect((await roots(s.as.admin, q, String(second.id))).map((o) => o.title)).toEqual([
      "Segunda via",
    ]);

    expect(
      (await request(server, s.as.admin, "DELETE", `/queue-options/${second.id}`)).statusCode,
    ).toBe(204);
    expect((await roots(s.as.admin, q)).map((o) => [o.title, o.option])).toEqual([
      ["Vendas", 1],
      ["Financeiro", 2],
    ]);
    for (const gone of [child.id, grandchild.id]) {
      expect((await request(server, s.as.admin, "GET", `/queue-options/${gone}`)).statusCode).toBe(
        404,
      );
    }
  });

  it("is for admins of the company: users are refused, other companies get not found", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const option = (await addOption(s.as.admin, { title: "Menu", queueId: s.queue.id })).json();
    expect((await addOption(s.as.member, { title: "X", queueId: s.queue.id })).statusCode).toBe(
      403,
    );
    expect(
      (await request(server, s.as.member, "GET", `/queue-options?queueId=${s.queue.id}`))
        .statusCode,
    ).toBe(403);
    const foreignQueue = await addOption(other.as.admin, { title: "X", queueId: s.queue.id });
    expect(foreignQueue.statusCode).toBe(404);
    expect(foreignQueue.json().error).toBe("ERR_NO_QUEUE_FOUND");
    for (const [method, url] of [
      ["GET", `/queue-options/${option.id}`],
      ["DELETE", `/queue-options/${option.id}`],
    ] as const) {
      expect((await request(server, other.as.admin, method, url)).statusCode).toBe(404);
    }
    expect(
      (
        await multipart(server, other.as.admin, "PUT", `/queue-options/${option.id}`, {
          fields: { title: "Hack", queueId: s.queue.id },
        })
      ).statusCode,
    ).toBe(404);
    // A parent from another queue is refused.
    const q2 = await createQueue(server.db, s.company.id);
    const crossed = await addOption(s.as.admin, {
      title: "X",
      queueId: q2.id,
      parentId: option.id,
    });
    expect(crossed.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { parentId: "Invalid" },
    });
    expect((await addOption(s.as.admin, { queueId: s.queue.id })).json().fields).toEqual({
      title: "Required",
    });
  });

  it("checks the file against the file type and locks the type while a file exists", async () => {
    const s = await seedCompany(server);
    const q = s.queue.id;
    const image = await addOption(s.as.admin, { title: "Foto", queueId: q, fileType: "IMAGE" }, [
      pdf,
    ]);
    expect(image.statusCode).toBe(400);
    expect(image.json().fields.file).toMatch(/jpeg/);
    const ok = await addOption(s.as.admin, { title: "Foto", queueId: q, fileType: "IMAGE" }, [png]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ fileType: "IMAGE", fileName: "pic.png" });
    expect(ok.json().path).toMatch(/^\/files\/\d+\?exp=/);

    const video = { filename: "clip.avi", type: "video/x-msvideo", data: "avi" };
    expect(
      (await addOption(s.as.admin, { title: "V", queueId: q, fileType: "VIDEO" }, [video]))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await addOption(s.as.admin, { title: "V", queueId: q, fileType: "VIDEO" }, [
          { filename: "clip.MP4", type: "video/mp4", data: mp4Bytes() },
        ])
      ).statusCode,
    ).toBe(201);
    const audio = { filename: "voz.mp3", type: "audio/mpeg", data: mp3Bytes() };
    expect(
      (await addOption(s.as.admin, { title: "A", queueId: q, fileType: "AUDIO" }, [audio]))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await addOption(s.as.admin, { title: "A", queueId: q, fileType: "AUDIO" }, [
          { filename: "voz.txt", type: "text/plain", data: "x" },
        ])
      ).statusCode,
    ).toBe(400);
    const doc = await addOption(s.as.admin, { title: "D", queueId: q, fileType: "DOCUMENT" }, [
      pdf,
    ]);
    expect(doc.json()).toMatchObject({ fileType: "DOCUMENT", fileName: "doc.pdf" });

    const id = ok.json().id;
    const changeType = await multipart(server, s.as.admin, "PUT", `/queue-options/${id}`, {
      fields: { title: "Foto", queueId: q, fileType: "VIDEO" },
    });
    expect(changeType.statusCode).toBe(400);
    expect(changeType.json().fields).toEqual({ fileType: "Locked" });
    // Same type, new message and a replacing file: fine.
    const edited = await multipart(server, s.as.admin, "PUT", `/queue-options/${id}`, {
      fields: { title: "Foto nova", message: "Veja", queueId: q, fileType: "IMAGE" },
      files: [{ filename: "new.jpg", type: "image/jpeg", data: jpegBytes() }],
    });
    expect(edited.json()).toMatchObject({
      title: "Foto nova",
      message: "Veja",
      fileName: "new.jpg",
    });
    const unlocked = await request(server, s.as.admin, "DELETE", `/queue-options/${id}/upload`);
    expect(unlocked.json()).toMatchObject({ fileName: null, path: null });
    const retyped = await multipart(server, s.as.admin, "PUT", `/queue-options/${id}`, {
      fields: { title: "Agora vídeo", queueId: q, fileType: "VIDEO" },
    });
    expect(retyped.json()).toMatchObject({ fileType: "VIDEO" });
  });
});
