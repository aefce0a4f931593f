// Bundles the server (and @atrium/shared) into dist/main.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __atriumCreateRequire } from 'node:module'; const require = __atriumCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: "externalize-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@atrium/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
