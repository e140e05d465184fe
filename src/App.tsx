import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { appRoutes } from "./shell/routes";

export default function App() {
  // Created on first render, not at import: main.tsx first rewrites the address after sign-in (?token=) and
  // the router must start from the rewritten location.
  const [router] = useState(() => createBrowserRouter(appRoutes()));
  return <RouterProvider router={router} />;
}
