/** The spec's default tag colour. */
export const DEFAULT_TAG_COLOR = "#eee";

function channels(hex: string): [number, number, number] | null {
  let value = hex.trim().replace(/^#/, "");
  if (value.length === 3 || value.length === 4)
    value = [...value.slice(0, 3)].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}/i.test(value)) return null;
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * Text on a tag chip: white (the spec's colour) on dark tags; on light ones, like the default
 * #eee, white would not be readable, so dark text.
 */
export function tagTextColor(background: string | undefined): string {
  const rgb = channels(background ?? DEFAULT_TAG_COLOR);
  if (!rgb) return "#fff";
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? "rgba(0, 0, 0, 0.87)" : "#fff";
}
