import { parseIncidentReason, type CompanyLanguage, type ConnectionIncident } from "@atrium/shared";

type Texts = {
  subject: (name: string) => string;
  greeting: (name: string) => string;
  down: (name: string, since: string) => string;
  reason: string;
  reasons: Record<ConnectionIncident, (detail: string) => string>;
  queued: string;
  action: string;
};

/** The disconnect-alert e-mail, in the company's language (the web says the same words). */
const TEXTS: Record<CompanyLanguage, Texts> = {
  "pt-BR": {
    subject: (name) => `Conexão ${name} desconectada`,
    greeting: (name) => `Olá, ${name}!`,
    down: (name, since) => `A conexão ${name} está desconectada desde ${since}.`,
    reason: "Motivo",
    reasons: {
      loggedOut: () => "a sessão do WhatsApp foi encerrada no celular; leia o QR Code de novo",
      banned: () => "o WhatsApp recusou este número; ele pode ter sido banido",
      replaced: () => "a sessão foi aberta em outro aparelho",
      lost: (d) => `a sessão do WhatsApp caiu (código ${d}); leia o QR Code de novo`,
      reconnectLoop: (d) => `a sessão caiu e voltou ${d} vezes em 10 minutos`,
      sendFailing: (d) => `os envios estão falhando (${d})`,
      tokenRejected: (d) => `a Meta recusou o token de acesso (${d}); gere um novo`,
    },
    queued: "As mensagens para esta conexão ficam na fila e saem em ordem quando ela voltar.",
    action: "Abra a página de conexões para reconectar.",
  },
  "en-EN": {
    subject: (name) => `Connection ${name} disconnected`,
    greeting: (name) => `Hello, ${name}!`,
    down: (name, since) => `The connection ${name} has been disconnected since ${since}.`,
    reason: "Reason",
    reasons: {
      loggedOut: () => "the WhatsApp session was logged out on the phone; scan the QR code again",
      banned: () => "WhatsApp refused this number; it may have been banned",
      replaced: () => "the session was opened on another device",
      lost: (d) => `the WhatsApp session dropped (code ${d}); scan the QR code again`,
      reconnectLoop: (d) => `the session dropped and came back ${d} times in 10 minutes`,
      sendFailing: (d) => `sends are failing (${d})`,
      tokenRejected: (d) => `Meta rejected the access token (${d}); generate a new one`,
    },
    queued: "Messages for this connection stay queued and go out in order when it is back.",
    action: "Open the connections page to reconnect.",
  },
  "es-ES": {
    subject: (name) => `Conexión ${name} desconectada`,
    greeting: (name) => `¡Hola, ${name}!`,
    down: (name, since) => `La conexión ${name} está desconectada desde ${since}.`,
    reason: "Motivo",
    reasons: {
      loggedOut: () => "la sesión de WhatsApp se cerró en el teléfono; lea el código QR de nuevo",
      banned: () => "WhatsApp rechazó este número; puede haber sido bloqueado",
      replaced: () => "la sesión se abrió en otro dispositivo",
      lost: (d) => `la sesión de WhatsApp se cayó (código ${d}); lea el código QR de nuevo`,
      reconnectLoop: (d) => `la sesión se cayó y volvió ${d} veces en 10 minutos`,
      sendFailing: (d) => `los envíos están fallando (${d})`,
      tokenRejected: (d) => `Meta rechazó el token de acceso (${d}); genere uno nuevo`,
    },
    queued: "Los mensajes de esta conexión quedan en cola y salen en orden cuando vuelva.",
    action: "Abra la página de conexiones para reconectar.",
  },
};

const pad = (n: number) => String(n).padStart(2, "0");
/** dd/MM/yyyy HH:mm UTC (the reader's time zone is not known to the mail). */
function when(at: Date): string {
  const date = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return `${date} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

/** The reason in words: a known incident code in the language, anything else as it is. */
export function incidentText(reason: string, language: string): string {
  const texts = TEXTS[language as CompanyLanguage] ?? TEXTS["pt-BR"];
  const parsed = parseIncidentReason(reason);
  return parsed ? texts.reasons[parsed.code](parsed.detail) : reason;
}

export function alertMail(
  language: string,
  admin: string,
  connection: { name: string; incidentReason: string | null; incidentAt: Date | null },
): { subject: string; text: string } {
  const texts = TEXTS[language as CompanyLanguage] ?? TEXTS["pt-BR"];
  const since = connection.incidentAt ? when(connection.incidentAt) : "";
  return {
    subject: texts.subject(connection.name),
    text: [
      texts.greeting(admin),
      "",
      texts.down(connection.name, since),
      `${texts.reason}: ${incidentText(connection.incidentReason ?? "", language)}`,
      "",
      texts.queued,
      texts.action,
    ].join("\n"),
  };
}
