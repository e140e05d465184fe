import { useState } from "react";
import { BrowserRouter, useRoutes, type RouteObject } from "react-router";
import { appRoutes } from "./shell/routes";

// The declarative router: the dashboard uses no loaders, actions or fetchers, and createBrowserRouter's data
// router costs about 19 KB more gzipped on every screen. Route errors: src/shell/RouteErrorBoundary.tsx.
function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export default function App() {
  // Built on first render, not at import: main.tsx first rewrites the address after sign-in (?token=) and
  // the router must start from the rewritten location.
  const [routes] = useState(appRoutes);
  return (
    <BrowserRouter>
      <Routes routes={routes} />
    </BrowserRouter>
  );
}
