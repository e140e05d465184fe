import { Refine, type AccessControlProvider, type AuthProvider, type DataProvider, type LiveProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { Outlet } from "react-router";
import { AccessRefresh, createAccessControl } from "../providers/access-control";
import { authProvider as defaultAuthProvider } from "../providers/auth-provider";
import { createDataProvider } from "../providers/data-provider";
import { liveProvider as defaultLiveProvider } from "../providers/live-provider";
import { notificationProvider } from "../providers/notifications";
import { queryClientConfig } from "../providers/query-client";
import { ThemeProvider } from "../providers/theme";
import { initI18n } from "../i18n/core";
import { useLocale } from "../i18n/react";
import { createI18nProvider } from "../i18n/refine";
import { useAntdLocale } from "../i18n/antd-locale";
import { ConfigProvider } from "antd";
import { useEffect, useMemo } from "react";
import { productName } from "../schemas/messages";
import { toAccessLookup, toEndpoint, toRefineResources } from "../resources/engine/derive";
import { findDeclaration, resourceDeclarations } from "../resources/registry";
import { ScrollToTop } from "./ScrollToTop";
import { Toaster } from "./Toaster";
import "./global.css";

export interface RefineRootProps {
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  accessControlProvider?: AccessControlProvider;
  liveProvider?: LiveProvider;
}

const defaultDataProvider = createDataProvider((name) => toEndpoint(findDeclaration(name)));
// What each action needs, from the resource's declaration (a resource declared as a spec brings its own).
const defaultAccessControl = createAccessControl(toAccessLookup(findDeclaration));

/** Theme, refine and its providers around every route; toasts and scroll-to-top. */
export function RefineRoot(props: RefineRootProps) {
  // The stored or browser language: its dictionary chunk loads after the first (English) paint.
  useEffect(() => void initI18n(), []);
  const locale = useLocale();
  const i18nProvider = useMemo(() => createI18nProvider(locale), [locale]);
  const antdLocale = useAntdLocale(locale);
  return (
    <ThemeProvider>
      <ConfigProvider locale={antdLocale}>
        <Refine
          routerProvider={routerProvider}
          authProvider={props.authProvider ?? defaultAuthProvider}
          dataProvider={props.dataProvider ?? defaultDataProvider}
          // Pushed ticket events (GET /{guildId}/tickets/events); screens opt in with liveMode or useSubscription.
          liveProvider={props.liveProvider ?? defaultLiveProvider}
          accessControlProvider={props.accessControlProvider ?? defaultAccessControl}
          notificationProvider={notificationProvider}
          i18nProvider={i18nProvider}
          resources={toRefineResources(resourceDeclarations)}
          options={{
            disableTelemetry: true,
            // The protected-route wrapper checks the session; refine need not re-check on every path change.
            disableRouteChangeHandler: true,
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
            reactQuery: { clientConfig: queryClientConfig },
            title: { text: productName },
          }}
        >
          <ScrollToTop />
          <AccessRefresh provider={props.accessControlProvider ?? defaultAccessControl} />
          <Outlet />
          <Toaster />
        </Refine>
      </ConfigProvider>
    </ThemeProvider>
  );
}
