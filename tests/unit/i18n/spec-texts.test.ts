import { afterEach, describe, expect, it } from "vitest";
import { changeLocale, t } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import spec from "../../../src/i18n/locales/es/spec";
import { specTextKeys, translateSpecText } from "../../../src/i18n/spec-texts";
import { notify, subscribeToasts, type ToastEvent } from "../../../src/providers/notifications";
import * as messages from "../../../src/schemas/messages";
import {
  authMessages,
  formMessages,
  frameMessages,
  panelMessages,
  settingsMessages,
  teamMessages,
  transcriptMessages,
} from "../../../src/schemas/messages";

afterEach(async () => {
  await changeLocale("en", { persist: false });
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The parameter names of a text function of messages.ts, e.g. `(users, communities) => …` → ["communities", "users"]. */
function parameterNames(fn: (...args: never[]) => string): string[] {
  const match =
    /^\s*(?:function\s*\w*\s*)?\(?([^)=]*?)\)?\s*=>/.exec(fn.toString()) ?? /^\s*function\s*\w*\s*\(([^)]*)\)/.exec(fn.toString());
  if (!match) throw new Error(`cannot read the parameters of ${fn.toString()}`);
  return match[1]
    .split(",")
    .map((p) => p.split(":")[0].trim())
    .filter(Boolean)
    .sort();
}

/** Every string-valued text of messages.ts as [key, English], duplicates in other groups included. */
const fixedTexts = Object.entries(messages).flatMap(([exportName, group]) =>
  typeof group === "object" && group !== null && exportName.endsWith("Messages")
    ? Object.entries(group as Record<string, unknown>)
        .filter((entry): entry is [string, string] => typeof entry[1] === "string")
        .map(([name, text]) => [`spec.${exportName.slice(0, -"Messages".length)}.${name}`, text] as const)
    : [],
);

/** Every function-valued text of messages.ts as [key, function]. */
const textFunctions = Object.entries(messages).flatMap(([exportName, group]) =>
  typeof group === "object" && group !== null && exportName.endsWith("Messages")
    ? Object.entries(group as Record<string, unknown>)
        .filter((entry): entry is [string, (...args: never[]) => string] => typeof entry[1] === "function")
        .map(([name, fn]) => [`spec.${exportName.slice(0, -"Messages".length)}.${name}`, fn] as const)
    : [],
);

describe("translateSpecText", () => {
  it("returns the English word for word while English is on", () => {
    expect(translateSpecText(teamMessages.deleteFailed)).toBe("Failed to delete team");
    expect(translateSpecText(authMessages.sessionExpiredToast)).toBe("Your session has expired. Please log in again.");
    expect(translateSpecText(settingsMessages.updated)).toBe("Settings updated successfully");
    expect(translateSpecText(undefined)).toBeUndefined();
  });

  it("returns the Spanish after switching to Spanish", async () => {
    await changeLocale("es", { persist: false });
    expect(translateSpecText(teamMessages.deleteFailed)).toBe("No se pudo eliminar el equipo");
    expect(translateSpecText(authMessages.sessionExpiredToast)).toBe("Tu sesión ha caducado. Vuelve a iniciar sesión.");
    expect(translateSpecText(panelMessages.created)).toBe("Panel creado correctamente.");
    // a text held by two groups (settings and panels) has one Spanish text
    expect(translateSpecText(settingsMessages.saving)).toBe("Guardando...");
    expect(translateSpecText(panelMessages.saving)).toBe("Guardando...");
    expect(translateSpecText(transcriptMessages.notApplicable)).toBe("N/D");
  });

  it("passes an unknown text through unchanged, in both languages", async () => {
    expect(translateSpecText("Some error the API made up")).toBe("Some error the API made up");
    await changeLocale("es", { persist: false });
    expect(translateSpecText("Some error the API made up")).toBe("Some error the API made up");
    expect(translateSpecText("")).toBe("");
  });
});

describe("spec texts with placeholders", () => {
  it("fills the Spanish with the function's parameters", async () => {
    expect(t("spec.frame.routeNotFound", frameMessages.routeNotFound("42"), { guildId: "42" })).toBe("Route not found: 42");
    expect(t("spec.form.fieldLine", formMessages.fieldLine(2, "Name"), { n: 2, label: "Name" })).toBe("Field 2: Name");
    await changeLocale("es", { persist: false });
    expect(t("spec.frame.routeNotFound", frameMessages.routeNotFound("42"), { guildId: "42" })).toBe("Ruta no encontrada: 42");
    expect(t("spec.form.fieldLine", formMessages.fieldLine(2, "Name"), { n: 2, label: "Name" })).toBe("Campo 2: Name");
    expect(t("spec.team.created", teamMessages.created("Mods"), { name: "Mods" })).toBe("¡Equipo Mods creado correctamente!");
    expect(t("spec.form.command", formMessages.command(7), { formId: 7 })).toBe("/form 7");
  });

  it.each(textFunctions.map(([key]) => key))("%s has a {placeholder} for each parameter, and no other", (key) => {
    const fn = textFunctions.find(([k]) => k === key)![1];
    expect(spec[key], key).toBeDefined();
    expect(placeholders(spec[key])).toEqual(parameterNames(fn));
  });
});

describe("Spanish spec texts", () => {
  it("has a Spanish text for every fixed text, under each group that holds it", () => {
    // which group's key specTextKeys picks for a shared text depends on the module system: define them all
    for (const key of [...specTextKeys.values(), ...fixedTexts.map(([key]) => key)]) {
      expect(spec[key], key).toBeTruthy();
      expect(es[key], key).toBe(spec[key]);
    }
  });

  it("defines only keys of texts that exist: spec.* of messages.ts, and the contract's own fixed texts (send limits)", () => {
    const known = new Set<string>([...fixedTexts.map(([key]) => key), ...textFunctions.map(([key]) => key), ...specTextKeys.values()]);
    expect(Object.keys(spec).filter((key) => !known.has(key))).toEqual([]);
  });

  it("keeps the {placeholders} of English texts that have literal braces", () => {
    for (const [key, english] of fixedTexts) {
      expect(placeholders(spec[key]), key).toEqual(placeholders(english));
    }
  });

  it("keeps product names, commands and numbers", () => {
    for (const [key, english] of fixedTexts) {
      for (const kept of english.match(/Ticketeer|Discord|(?<![\w/])\/\w+|\d+/g) ?? []) {
        expect(spec[key], key).toContain(kept);
      }
    }
  });
});

describe("notify", () => {
  it("shows a spec text in Spanish when Spanish is on", async () => {
    await changeLocale("es", { persist: false });
    const events: ToastEvent[] = [];
    const off = subscribeToasts((event) => events.push(event));
    try {
      notify({ type: "error", message: teamMessages.permissionsFailed, description: "not a spec text" });
      const opened = events.filter((e): e is Extract<ToastEvent, { kind: "open" }> => e.kind === "open").at(-1);
      expect(opened?.toast.message).toBe("No se pudieron actualizar los permisos");
      expect(opened?.toast.description).toBe("not a spec text");
    } finally {
      off();
    }
  });

  it("shows the English word for word when English is on", () => {
    const events: ToastEvent[] = [];
    const off = subscribeToasts((event) => events.push(event));
    try {
      notify({ type: "success", message: formMessages.created });
      const opened = events.filter((e): e is Extract<ToastEvent, { kind: "open" }> => e.kind === "open").at(-1);
      expect(opened?.toast.message).toBe("Form created successfully");
    } finally {
      off();
    }
  });
});
