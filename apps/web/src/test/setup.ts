import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n, initI18n } from "../app/i18n";
import { toastStore } from "../app/toast/toastStore";

const namespaces = Object.keys(import.meta.glob("../locales/pt/*.json")).map((path) =>
  path.replace(/^.*\/(.+)\.json$/, "$1"),
);

// findBy*/waitFor give slow (loaded) machines time; assertions stay the same.
configure({ asyncUtilTimeout: 10_000 });

// Tests read the product's Portuguese texts, as a user of the default language sees them.
await initI18n("pt");
await i18n.loadNamespaces(namespaces);

afterEach(() => {
  cleanup();
  localStorage.clear();
  toastStore.clear();
});
