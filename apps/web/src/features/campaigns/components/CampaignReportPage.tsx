export function CampaignReportPage() {
  return null;
}
