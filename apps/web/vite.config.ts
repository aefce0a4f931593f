import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const API_TARGET = process.env.ATRIUM_API_URL ?? "http://localhost:8080";

/**
 * Every path prefix the API (and its uploads) answers on. Several of them are also SPA routes
 * (/tickets, /users, /settings …): a browser navigation (Accept: text/html) is served the SPA,
 * everything else goes to the server.
 */
const API_PREFIXES = [
  "auth",
  "users",
  "queue",
  "queue-options",
  "companies",
  "settings",
  "whatsapp",
  "whatsappsession",
  "tickets",
  "messages",
  "contacts",
  "tags",
  "ticket-notes",
  "quick-messages",
  "schedules",
  "chats",
  "dashboard",
  "plans",
  "helps",
  "announcements",
  "instances",
  "api",
  "public",
  "uploads",
  "webchat",
  "webhooks",
];

const apiProxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  // The API reference (/api/docs) is a server page: navigations to it go to the server too.
  bypass: (req) =>
    req.headers.accept?.includes("text/html") && !req.url?.startsWith("/api/docs")
      ? "/index.html"
      : undefined,
};

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [`^/${prefix}(/|\\?|$)`, apiProxy]),
);
// rewriteWsOrigin: the server admits sockets from its own origin, which the proxy stands for.
proxy["/socket.io"] = { target: API_TARGET, changeOrigin: true, ws: true, rewriteWsOrigin: true };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // @atrium/shared is plain declarations: let unused schema modules (and zod) drop out
      // of chunks that only need constants.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            {
              name: "router",
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: "data",
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
