/** Height of the tickets-per-hour chart and of its placeholder. */
export const CHART_HEIGHT_PX = 280;
