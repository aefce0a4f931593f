import type { CampaignDTO, CampaignShipmentDTO } from "../api/campaignsApi";

let nextId = 500;

const emptyReport = {
  total: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  confirmed: 0,
  failed: 0,
  optedOut: 0,
  skipped: 0,
};

/** A campaign as GET /campaigns/ answers it: scheduled, to list 3 through connection 7. */
export function makeCampaign(overrides: Partial<CampaignDTO> = {}): CampaignDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Campanha ${id}`,
    status: "PROGRAMADA",
    companyId: 1,
    whatsappId: 7,
    whatsapp: { id: 7, name: "Vendas", channelType: "BAILEYS" },
    contactListId: 3,
    contactList: { id: 3, name: "Clientes" },
    tagId: null,
    tag: null,
    messages: ["Olá {nome}!"],
    confirmation: false,
    confirmationMessages: [],
    confirmationReply: "",
    scheduledAt: "2030-01-02T12:00:00.000Z",
    startedAt: null,
    completedAt: null,
    file: null,
    userId: 1,
    report: { ...emptyReport },
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeShipment(overrides: Partial<CampaignShipmentDTO> = {}): CampaignShipmentDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Contato ${id}`,
    number: `55119${String(id).padStart(8, "0")}`,
    contactId: null,
    ticketId: null,
    status: "pending",
    body: null,
    error: null,
    sentAt: null,
    repliedAt: null,
    ...overrides,
  };
}
