import { keySegment } from "../../i18n/keys";

// The server names each activity entry's action in English ("Tag Created", "Panel Resent", …; server/activity.ts
// and the routes' *Actions constants). On screen an action is shown in the current language under
// `activity.action.<name in lower camel>` ("Tag Created" → activity.action.tagCreated); an action without a
// translation shows the server's words. The key is built from the name: tests/unit/i18n/engine-records.test.tsx
// checks that every action the server writes has its Spanish text. Filters and the CSV keep the server's names.

export const actionKey = (action: string) => `activity.action.${keySegment(action)}`;

/** An action's label in the current language (`tr` of the screen). */
export const actionLabel = (tr: (key: string, fallback: string) => string, action: string) => tr(actionKey(action), action);
