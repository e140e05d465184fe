import { test as base } from "@playwright/test";
import { e2ePort } from "../../playwright.config";

export { expect } from "@playwright/test";
export type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";

/**
 * Every end-to-end test imports `test` from here. Each Playwright worker gets a server of its own (its own port and
 * embedded database, started by the config's webServer list), so workers never see each other's panels, tickets or
 * settings, and a file behaves as it does when it runs alone. `parallelIndex` is unique among the workers running at
 * one time, so one server is used by one worker at a time.
 */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${e2ePort(testInfo.parallelIndex)}`);
  },
});
