import type { AnnouncementDTO } from "../features/announcements/api/announcementsApi";
import type { HelpDTO } from "../features/helps/api/helpsApi";
import type { QueueOptionDTO } from "../features/queues/api/queueOptionsApi";
import type { QueueDTO } from "../features/queues/api/queuesApi";
import type { QuickMessageRecord } from "../features/quickMessages/api/quickMessagesApi";
import type { ScheduleDTO } from "../features/schedules/api/schedulesApi";

/**
 * Typed DTOs for the web tests' stubbed answers (the types are held equal to the server's
 * contract in dtoContract.ts): a fixture the server could not send fails typecheck.
 */
let nextId = 500;

export function makeQueue(overrides: Partial<QueueDTO> = {}): QueueDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Fila ${id}`,
    color: "#1976d2",
    greetingMessage: null,
    outOfHoursMessage: null,
    schedules: null,
    file: null,
    ...overrides,
  };
}

export function makeQueueOption(overrides: Partial<QueueOptionDTO> = {}): QueueOptionDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Opção ${id}`,
    message: "",
    option: 1,
    queueId: 1,
    parentId: null,
    fileType: "",
    fileName: null,
    path: null,
    finalize: false,
    waitTreatment: false,
    childrenCount: 0,
    ...overrides,
  };
}

export function makeSchedule(overrides: Partial<ScheduleDTO> = {}): ScheduleDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    body: `Agendamento ${id}`,
    sendAt: "2030-01-02T12:00:00.000Z",
    sentAt: null,
    status: "PENDENTE",
    error: null,
    messageType: "MESSAGE",
    openTicket: false,
    contactId: 1,
    contact: { id: 1, name: "Maria", number: "5511999990000" },
    userId: 1,
    queueId: null,
    whatsappId: null,
    ticketId: null,
    file: null,
    companyId: 1,
    ...overrides,
  };
}

export function makeQuickMessage(overrides: Partial<QuickMessageRecord> = {}): QuickMessageRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    shortcode: `atalho${id}`,
    message: `Mensagem ${id}`,
    messageType: "MESSAGE",
    mediaUrl: null,
    fileName: null,
    global: false,
    userId: 1,
    file: null,
    ...overrides,
  };
}

export function makeAnnouncement(overrides: Partial<AnnouncementDTO> = {}): AnnouncementDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Informativo ${id}`,
    text: "Texto",
    link: null,
    priority: 3,
    category: "NEW",
    status: true,
    mediaPath: null,
    mediaName: null,
    views: 0,
    reactions: { bad: 0, neutral: 0, good: 0 },
    viewed: false,
    reaction: null,
    ...overrides,
  };
}

export function makeHelp(overrides: Partial<HelpDTO> = {}): HelpDTO {
  const id = overrides.id ?? nextId++;
  return { id, title: `Ajuda ${id}`, description: "", video: "", version: "1", ...overrides };
}
