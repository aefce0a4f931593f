export function CampaignSettingsPage() {
  return null;
}
