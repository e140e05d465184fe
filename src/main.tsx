// antd 5 on React 19 needs its compatibility patch before anything of antd loads.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { completeSignIn } from "./providers/auth-provider";
import { browserNavigation } from "./providers/go-home";
import { http } from "./providers/http";
import { cookieTokenStore } from "./providers/session";
import App from "./App";

// Return from sign-in (§4): trade ?token= for the session, clean the address bar, go to the remembered page.
// Before the router reads the location.
void completeSignIn({ http, tokens: cookieTokenStore, navigation: browserNavigation, storage: sessionStorage, now: Date.now }).finally(
  () => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
);
