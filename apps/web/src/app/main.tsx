import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./AppProviders";
import { initI18n } from "./i18n";
import { createQueryClient } from "./queryClient";
import { routes } from "./router/routes";

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

void initI18n().then(() => {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
