import { apiBaseAddress } from "../../../api/storage";

/** Where the server serves /widget.js and /webchat/{uuid}: the instance address or this page. */
export function widgetOrigin(): string {
  return apiBaseAddress() || window.location.origin;
}

/** The one tag a site embeds to show the web-chat widget of a connection. */
export function widgetSnippet(uuid: string, origin: string = widgetOrigin()): string {
  return `<script src="${origin}/widget.js" data-connection="${uuid}" async></script>`;
}

/** The standalone chat page of a connection, for trying it without embedding it. */
export function widgetTestPageUrl(uuid: string, origin: string = widgetOrigin()): string {
  return `${origin}/webchat/${uuid}`;
}

/** Clipboard API where available (secure contexts), a hidden textarea otherwise. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}
