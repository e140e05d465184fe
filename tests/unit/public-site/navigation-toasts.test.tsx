import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "../../../src/schemas/limits";
import { authMessages } from "../../../src/schemas/messages";
import { Toaster } from "../../../src/public-site/components/Toaster";
import { consumeNavigationState, navigationToast } from "../../../src/public-site/lib/navigation-toasts";
import { createToastStore } from "../../../src/public-site/lib/toast-store";

afterEach(cleanup);

describe("navigation-state toasts", () => {
  it("asks for the session-expired toast with its description, action and 6000 ms", () => {
    const goToLogin = vi.fn();
    const toast = navigationToast({ sessionExpired: true }, goToLogin)!;
    expect(toast).toMatchObject({
      title: authMessages.sessionExpiredTitle,
      description: authMessages.sessionExpiredDescription,
      variant: "error",
      duration: limits.sessionExpiredToastMs,
    });
    expect(toast.duration).toBe(6000);
    expect(toast.action?.label).toBe(authMessages.goToLogin);
    toast.action?.onClick();
    expect(goToLogin).toHaveBeenCalled();
  });

  it("asks for the access-denied toast", () => {
    expect(navigationToast({ accessDenied: true }, () => {})).toEqual({ title: authMessages.accessDenied, variant: "error" });
  });

  it("asks for nothing without a notice, whatever else the state holds", () => {
    expect(navigationToast(null, () => {})).toBeNull();
    expect(navigationToast({ scroll: 3 }, () => {})).toBeNull();
    expect(navigationToast("sessionExpired", () => {})).toBeNull();
  });

  it("shows the toast once and clears the history entry; Go to Login replaces the entry with /", () => {
    const history = { state: { sessionExpired: true } as unknown, replaceState: vi.fn() };
    const location = { replace: vi.fn() };
    const show = vi.fn();
    expect(consumeNavigationState({ history, location }, show)).toBe(true);
    expect(show).toHaveBeenCalledTimes(1);
    expect(history.replaceState).toHaveBeenCalledWith(null, "");
    show.mock.calls[0][0].action.onClick();
    expect(location.replace).toHaveBeenCalledWith("/");
  });

  it("leaves a state without a notice alone", () => {
    const history = { state: { other: 1 } as unknown, replaceState: vi.fn() };
    const show = vi.fn();
    expect(consumeNavigationState({ history, location: { replace: vi.fn() } }, show)).toBe(false);
    expect(show).not.toHaveBeenCalled();
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("close after 4000 ms by default, or after their own duration", () => {
    const store = createToastStore();
    store.show({ title: "default" });
    store.show({ title: "long", duration: 6000 });
    vi.advanceTimersByTime(3999);
    expect(store.getAll().map((t) => t.title)).toEqual(["default", "long"]);
    vi.advanceTimersByTime(1);
    expect(store.getAll().map((t) => t.title)).toEqual(["long"]);
    vi.advanceTimersByTime(2000);
    expect(store.getAll()).toEqual([]);
  });

  it("show at most three at once, the newest", () => {
    const store = createToastStore();
    ["one", "two", "three", "four"].forEach((title) => store.show({ title }));
    expect(store.getVisible().map((t) => t.title)).toEqual(["two", "three", "four"]);
    expect(store.getVisible()).toBe(store.getVisible());
  });

  it("render errors as alerts and others as status, with the action and a dismiss button", async () => {
    vi.useRealTimers();
    const store = createToastStore();
    const onClick = vi.fn();
    store.show({ title: "Saved", variant: "success" });
    store.show({
      title: authMessages.sessionExpiredTitle,
      description: authMessages.sessionExpiredDescription,
      variant: "error",
      action: { label: authMessages.goToLogin, onClick },
    });
    render(<Toaster store={store} />);
    expect(screen.getByRole("status")).toHaveTextContent("Saved");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(authMessages.sessionExpiredTitle);
    expect(alert).toHaveTextContent(authMessages.sessionExpiredDescription);
    await userEvent.click(screen.getByRole("button", { name: authMessages.goToLogin }));
    expect(onClick).toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
