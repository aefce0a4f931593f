import { eq } from "drizzle-orm";
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignSettingsInput } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { campaignSettings } from "../../db/schema/index.js";

/** The company's campaign settings; DEFAULT_CAMPAIGN_SETTINGS while never saved. */
export async function loadCampaignSettings(
  db: DbOrTx,
  companyId: number,
): Promise<CampaignSettingsInput> {
  const [row] = await db
    .select()
    .from(campaignSettings)
    .where(eq(campaignSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_CAMPAIGN_SETTINGS };
  const { companyId: _c, createdAt: _a, updatedAt: _u, ...values } = row;
  return values;
}

export async function saveCampaignSettings(
  db: DbOrTx,
  companyId: number,
  input: CampaignSettingsInput,
): Promise<CampaignSettingsInput> {
  await db
    .insert(campaignSettings)
    .values({ companyId, ...input })
    .onConflictDoUpdate({ target: campaignSettings.companyId, set: input });
  return loadCampaignSettings(db, companyId);
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The first moment at or after `now` when sending is allowed: an allowed weekday, between
 * allowedHoursStart and the end of the allowedHoursEnd minute, server local time (like the
 * working hours of channels/templates.ts).
 */
export function nextAllowedMoment(
  settings: Pick<CampaignSettingsInput, "allowedDays" | "allowedHoursStart" | "allowedHoursEnd">,
  now = new Date(),
): Date {
  const start = minutesOf(settings.allowedHoursStart);
  const end = minutesOf(settings.allowedHoursEnd);
  for (let d = 0; d <= 7; d++) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    if (!settings.allowedDays.includes(day.getDay())) continue;
    const opens = new Date(day.getTime());
    opens.setHours(Math.floor(start / 60), start % 60, 0, 0);
    if (d > 0) return opens;
    const minute = now.getHours() * 60 + now.getMinutes();
    if (minute < start) return opens;
    if (minute <= end) return now;
  }
  // No allowed day at all cannot be saved (allowedDays has at least one); be safe anyway.
  return new Date(now.getTime() + 24 * 3600_000);
}

/** Seconds to wait after the n-th message sent: random in [min, max], plus the longer pause. */
export function intervalAfter(settings: CampaignSettingsInput, sentCount: number): number {
  const { messageIntervalMin: min, messageIntervalMax: max } = settings;
  let seconds = min + Math.random() * (max - min);
  if (settings.longerIntervalAfter > 0 && sentCount % settings.longerIntervalAfter === 0) {
    seconds += settings.greaterInterval;
  }
  return seconds;
}
