import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** One self-contained IIFE: dist/widget.js (served by the server at /widget.js). */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2019",
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL("./src/main.ts", import.meta.url)),
      formats: ["iife"],
      name: "AtriumWidget",
      fileName: () => "widget.js",
    },
  },
});
