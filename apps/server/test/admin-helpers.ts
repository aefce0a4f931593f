import { randomUUID } from "node:crypto";
import {
  createCompany,
  createUser,
  login,
  seedCompany,
  type Session,
  type TestServer,
} from "./harness.js";
import { pdfBytes, pngBytes } from "./media-fixtures.js";

export interface UploadFile {
  field?: string;
  filename: string;
  type: string;
  data: Buffer | string;
}

/** A multipart request (text fields and files) as the given session. */
export function multipart(
  server: TestServer,
  session: Session,
  method: "POST" | "PUT",
  url: string,
  form: { fields?: Record<string, string | number | boolean>; files?: UploadFile[] },
) {
  const boundary = `----atrium${randomUUID().slice(0, 8)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  for (const file of form.files ?? []) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${session.token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}

/** seedCompany plus a super user (platform operator) of another company, logged in. */
export async function seedWithSuper(server: TestServer) {
  const seed = await seedCompany(server);
  const platform = await createCompany(server.db);
  const superUser = await createUser(server.db, {
    companyId: platform.id,
    profile: "admin",
    super: true,
  });
  return { ...seed, superUser, superSession: await login(server, superUser.email) };
}

export const png = { filename: "pic.png", type: "image/png", data: pngBytes() };
export const pdf = { filename: "doc.pdf", type: "application/pdf", data: pdfBytes() };
