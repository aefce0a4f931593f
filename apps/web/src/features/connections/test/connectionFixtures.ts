import type { ConnectionDTO } from "../api/connectionsApi";

let nextId = 300;

/** A connection as GET /whatsapp/ answers it. */
export function makeConnection(overrides: Partial<ConnectionDTO> = {}): ConnectionDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `0f8c2a1e-7d3b-4c55-9a10-${String(id).padStart(12, "0")}`,
    name: `Conexão ${id}`,
    channelType: "WEB_CHAT",
    status: "CONNECTED",
    qrcode: null,
    retries: 0,
    isDefault: false,
    number: null,
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    transferMessage: "",
    greetingMessageType: "MESSAGE",
    token: "",
    provider: "beta",
    config: {},
    file: null,
    queues: [],
    queueIds: [],
    companyId: 1,
    degraded: false,
    incidentReason: null,
    incidentAt: null,
    updatedAt: "2026-03-04T14:05:00.000Z",
    ...overrides,
  };
}
