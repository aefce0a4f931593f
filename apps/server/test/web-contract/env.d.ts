// The web modules read Vite's import.meta.env (Vitest defines it when it runs them).
interface ImportMetaEnv {
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
