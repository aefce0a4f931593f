import { WebChatWidget, type WidgetOptions } from "./app";
import { langOf, pickLang } from "./i18n";

/** Reads the options of the widget from its <script> tag. */
export function optionsFromScript(
  script: HTMLScriptElement,
  location: Pick<Location, "href" | "origin">,
  browserLang: string | undefined,
): WidgetOptions | undefined {
  const uuid = (script.dataset.connection ?? "").trim();
  if (!uuid) return undefined;
  let origin = location.origin;
  const src = script.getAttribute("src");
  if (src) {
    try {
      origin = new URL(src, location.href).origin;
    } catch {
      // keep the page's origin
    }
  }
  return {
    uuid,
    origin,
    mode: script.dataset.mode === "page" ? "page" : "bubble",
    lang: pickLang(script.dataset.lang, browserLang),
    langForced: langOf(script.dataset.lang) !== undefined,
  };
}

/** The tag that loaded us (document.currentScript is only set while the script first runs). */
export function findScript(doc: Document): HTMLScriptElement | undefined {
  const current = doc.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.connection) return current;
  const candidates = Array.from(doc.querySelectorAll<HTMLScriptElement>("script[data-connection]"));
  return candidates.find((s) => /widget\.js(\?|#|$)/.test(s.src)) ?? candidates[0];
}

declare global {
  interface Window {
    __atriumWebchat?: Record<string, WebChatWidget>;
  }
}

/** Starts one widget per connection on the page, once the body exists. */
export function boot(script: HTMLScriptElement | undefined): void {
  if (!script) return;
  const options = optionsFromScript(script, window.location, navigator.language);
  if (!options) return;
  const registry = (window.__atriumWebchat ??= {});
  if (registry[options.uuid]) return;
  const start = () => {
    const widget = new WebChatWidget(options);
    registry[options.uuid] = widget;
    void widget.start();
  };
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start, { once: true });
}
