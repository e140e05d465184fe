import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorView, errorMessageOf } from "./ErrorScreen";

// The dashboard runs on react-router's declarative <BrowserRouter> (about 19 KB gzipped lighter on every screen
// than createBrowserRouter's data router, whose loaders/actions/fetchers it does not use), where a route's
// errorElement does not apply. This boundary takes its place: an error thrown while rendering a route (an
// invalid server id, a screen's chunk failing to load) shows the §2 error screen; going to another address
// clears it, as a data router's errorElement would.

interface State {
  error: unknown;
  failed: boolean;
  path: string;
}

class Boundary extends Component<{ path: string; children: ReactNode }, State> {
  state: State = { error: undefined, failed: false, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: State): Partial<State> | null {
    return props.path === state.path ? null : { error: undefined, failed: false, path: props.path };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorView message={errorMessageOf(this.state.error)} /> : this.props.children;
  }
}

/** A route's error boundary: the error screen instead of the route when it throws while rendering. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
