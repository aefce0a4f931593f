import type { UserDTO } from "@atrium/shared";

let nextId = 100;

/** A user as GET /auth/me or /users answers it. */
export function makeUser(overrides: Partial<UserDTO> = {}): UserDTO {
  const id = overrides.id ?? nextId++;
  const companyId = overrides.companyId ?? 1;
  return {
    id,
    uuid: `uuid-${id}`,
    name: `User ${id}`,
    email: `user${id}@acme.test`,
    profile: "user",
    super: false,
    online: true,
    companyId,
    company: {
      id: companyId,
      name: "Acme",
      instance: null,
      settings: [],
      campaignsEnabled: false,
      language: "pt-BR",
    },
    queues: [],
    queueIds: [],
    allowFinishTicketWithoutMessage: false,
    allowChangeSignature: true,
    selectedCompanyId: null,
    selectedCompanyQueues: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
