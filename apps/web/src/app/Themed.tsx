import { lazy, Suspense, type ReactNode } from "react";
import { Spinner } from "../components/Spinner";

const MuiTheme = lazy(async () => ({ default: (await import("./MuiTheme")).MuiTheme }));

/**
 * The screens built with MUI, under its theme. MUI arrives with the first of them, not with
 * the login screen (plain CSS), which keeps the JavaScript a visitor loads first small.
 */
export function Themed({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <MuiTheme baseline>{children}</MuiTheme>
    </Suspense>
  );
}
