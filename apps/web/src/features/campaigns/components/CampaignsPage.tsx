export function CampaignsPage() {
  return null;
}
