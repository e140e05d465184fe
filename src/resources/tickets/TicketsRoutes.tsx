import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { PageFallback } from "../../ui/PageFallback";
import type { ResourceScreenProps } from "../engine/types";
import TicketsScreen from "./TicketsScreen";

// /:guildId/tickets (the open queue) and /:guildId/tickets/:ticketNumber (a ticket's page): the page loads
// on its first visit, apart from the queue.
const TicketPage = lazy(() => import("./TicketPage"));

export default function TicketsRoutes(props: ResourceScreenProps) {
  return (
    <Routes>
      <Route index element={<TicketsScreen {...props} />} />
      <Route
        path=":ticketNumber"
        element={
          <Suspense fallback={<PageFallback />}>
            <TicketPage {...props} />
          </Suspense>
        }
      />
    </Routes>
  );
}
