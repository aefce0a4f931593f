import { describe, expect, it } from "vitest";
import { i18n } from "./i18n";

const locales = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", {
  eager: true,
  import: "default",
});

/** Every key path of a namespace ("row.unread_one"). */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object"
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe("counts in every language (i18next plurals)", () => {
  it("every counted text has its one, other and zero forms in pt, en and es", () => {
    const missing: string[] = [];
    for (const [path, tree] of Object.entries(locales)) {
      const keys = new Set(keysOf(tree));
      for (const key of keys) {
        if (!key.endsWith("_one")) continue;
        const base = key.slice(0, -"_one".length);
        for (const form of ["_other", "_zero"]) {
          if (!keys.has(`${base}${form}`)) missing.push(`${path}: ${base}${form}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([
    [
      "pt",
      [
        "Notificações: nenhum atendimento não lido",
        "Notificações: 1 atendimento não lido",
        "Notificações: 2 atendimentos não lidos",
      ],
    ],
    [
      "en",
      [
        "Notifications: no unread tickets",
        "Notifications: 1 unread ticket",
        "Notifications: 2 unread tickets",
      ],
    ],
    [
      "es",
      [
        "Notificaciones: ninguna atención sin leer",
        "Notificaciones: 1 atención no leída",
        "Notificaciones: 2 atenciones no leídas",
      ],
    ],
  ])("%s says 0, 1 and 2 unread tickets as people do", async (language, texts) => {
    await i18n.loadLanguages(language);
    await i18n.loadNamespaces("notifications");
    const t = i18n.getFixedT(language, "notifications");
    expect([0, 1, 2].map((count) => t("open", { count }))).toEqual(texts);
  });
});
