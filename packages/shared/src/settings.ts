/** Company settings (key/value rows) and the defaults every new company gets. */
export const DEFAULT_SETTINGS = {
  // Self-service signup is off until an admin turns it on (anyone knowing a company id could join).
  userCreation: "disabled",
  userRating: "disabled",
  scheduleType: "disabled",
  queuesOptionType: "TEXT_LIST",
  campaignsEnabled: "false",
  acceptGroupMessages: "disabled",
  sendSignature: "enabled",
  call: "disabled",
  chatbotType: "text",
  // WhatsApp (Baileys): "typing…" shown to the contact before each bulk send (schedules, campaigns).
  bulkTypingPresence: "disabled",
} as const satisfies Record<string, string>;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;

export const SETTING_VALUES: Partial<Record<SettingKey, readonly string[]>> = {
  userCreation: ["enabled", "disabled"],
  userRating: ["enabled", "disabled"],
  scheduleType: ["disabled", "queue", "company"],
  campaignsEnabled: ["true", "false"],
  acceptGroupMessages: ["enabled", "disabled"],
  sendSignature: ["enabled", "disabled"],
  call: ["enabled", "disabled"],
  bulkTypingPresence: ["enabled", "disabled"],
};

export interface SettingDTO {
  key: string;
  value: string;
}

/** campaignsEnabled is on when a setting whose key contains it holds 'true' or 'enabled'. */
export function campaignsEnabled(settings: readonly SettingDTO[]): boolean {
  return settings.some(
    (s) => s.key.includes("campaignsEnabled") && (s.value === "true" || s.value === "enabled"),
  );
}
