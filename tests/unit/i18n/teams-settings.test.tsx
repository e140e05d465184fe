import { act, fireEvent, screen, within } from "@testing-library/react";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale, interpolate, t } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import {
  choosePlaceholder,
  english as transferEnglish,
  kindName,
  knownText,
  presentSections,
  sectionLabel,
  sectionLabelKey,
  sectionSummary,
} from "../../../src/resources/config-transfer/transfer";
import {
  changeLines,
  makeSettingCards,
  settingCards,
  validateSettings,
  validationText,
} from "../../../src/resources/settings/settings-form";
import { groupTitleText, permissionWordsText } from "../../../src/resources/teams/texts";
import { permissionGroups } from "../../../src/resources/teams/permission-toggles";
import { configSections, configTransferText, mappingKinds, type SectionChange } from "../../../src/schemas/config-export";
import { teamMessages } from "../../../src/schemas/messages";
import { noPermissions, permissionWords, teamPermissionKeys } from "../../../src/schemas/team";
import type { TicketSettings } from "../../../src/schemas/settings";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// Staff Teams, Settings, Server info and Import / Export in Spanish: the texts built from data have their keys, the
// English stays word for word, and a screen renders in Spanish after changeLocale("es").

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  await act(() => changeLocale("en"));
  localStorage.clear();
});

/** A translate function that records the keys it is asked for. */
function recording() {
  const keys: string[] = [];
  const tr = (key: string, fallback: string, params?: Record<string, string | number>) => {
    keys.push(key);
    return interpolate(fallback, params);
  };
  return { keys, tr };
}

describe("texts built from data", () => {
  it("the 26 permission words and the group titles have Spanish, English word for word", () => {
    const { keys, tr } = recording();
    for (const key of teamPermissionKeys) expect(permissionWordsText(tr, key)).toBe(permissionWords(key));
    for (const group of permissionGroups) expect(groupTitleText(tr, group.title)).toBe(group.title);
    expect(new Set(keys).size).toBe(teamPermissionKeys.length + permissionGroups.length);
    expect(keys.filter((key) => !(key in es))).toEqual([]);
  });

  it("settings cards, values and validation messages stay English through the English translator", () => {
    const { keys, tr } = recording();
    expect(makeSettingCards(tr)).toEqual(settingCards);
    expect(validationText("Hours must be at most 23", tr)).toBe("Hours must be at most 23");
    expect(validationText("User ticket limit must be a whole number", tr)).toBe("User ticket limit must be a whole number");
    expect(keys.filter((key) => !key.startsWith("spec.") && !(key in es))).toEqual([]);
  });

  it("import / export helpers stay English and have Spanish", async () => {
    const { keys, tr } = recording();
    for (const kind of mappingKinds) {
      expect(choosePlaceholder(kind, tr)).toBe(choosePlaceholder(kind, transferEnglish));
      kindName(kind, tr);
    }
    expect(choosePlaceholder("emojis")).toBe("Choose an emoji");
    expect(knownText(configTransferText.notJson, tr)).toBe(configTransferText.notJson);
    expect(keys.filter((key) => !(key in es))).toEqual([]);
  });
});

describe("in Spanish", () => {
  it("translates the settings toast lines, validation messages and import summaries", async () => {
    await changeLocale("es");
    const before = { StoreTranscripts: true, SinceLastMessageHours: 2 } as unknown as TicketSettings;
    const after = { StoreTranscripts: false, SinceLastMessageHours: 30 } as unknown as TicketSettings;
    expect(changeLines(before, after, {}, t)).toEqual([
      "Horas desde el último mensaje: 2 → 30",
      "Guardar las transcripciones de los tickets cerrados: Activado → Desactivado",
    ]);
    expect(validateSettings({ ...before, SinceLastMessageHours: 30 } as TicketSettings, t)).toEqual({
      SinceLastMessageHours: "Horas: tiene que ser como máximo 23",
    });
    const section: SectionChange = { section: "tags", label: "Tags", present: true, deletes: 3, creates: 4, updates: 0 };
    expect(sectionSummary(section, t)).toBe("3 eliminados, 4 creados");
    expect(presentSections([section, { ...section, section: "multi_panels", label: "Multi-Panels" }], t)).toEqual([
      "Etiquetas",
      "Multipaneles",
    ]);
    expect(choosePlaceholder("categories", t)).toBe("Elige una categoría");
    expect(knownText(configTransferText.tooLarge, t)).toBe("El archivo ocupa más de 5 MB");
  });

  it("renders the Staff Teams screen and its permissions dialog in Spanish", async () => {
    await changeLocale("es");
    const roles = [
      { RoleId: "812345678901234601", RoleName: "Admin" },
      { RoleId: "812345678901234602", RoleName: "Moderator" },
    ];
    const teams = [{ TeamId: "1", TeamName: "Support Team", Roles: [roles[0]], Permissions: { ...noPermissions(), ViewActivity: true } }];
    renderApp(`/${community}/teams`, server, { handlers: [rest.get(`${API}/:guildId/teams`, () => HttpResponse.json({ teams, roles }))] });

    expect(await screen.findByLabelText("Nombre del equipo")).toHaveAttribute("placeholder", "p. ej., Soporte de facturación");
    expect(screen.getByText("Selecciona un equipo para gestionar sus roles y permisos.")).toBeInTheDocument();
    const manage = screen.getByText("Equipo", { selector: "label" }).closest(".card") as HTMLElement;
    fireEvent.mouseDown(within(manage).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Support Team"));

    expect(await screen.findByText("Roles del equipo")).toBeInTheDocument();
    expect(screen.getByText("Roles disponibles")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Arrastrar Moderator" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Añadir Moderator al equipo" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Quitar Admin del equipo" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: /Permisos/ }));
    expect(await screen.findByText("Permisos del equipo · Support Team")).toBeInTheDocument();
    expect(screen.getByText("1 de 26 permitidos")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Activar todos los permisos" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Transcripciones y actividad" })).toBeInTheDocument();
    // The switch reads 'Permitir al equipo ver la actividad' once the spec's Spanish texts are in (es/spec.ts).
    const allow = es["spec.team.allowTeamTo"];
    const label = allow ? interpolate(allow, { what: "ver la actividad" }) : teamMessages.allowTeamTo("view activity");
    expect(screen.getByRole("switch", { name: label })).toBeChecked();
  });

  it("renders the Server info labels in Spanish", async () => {
    await changeLocale("es");
    const info = {
      name: "Demo Community",
      id: community,
      icon_url: null,
      member_count: 12840,
      roles: 5,
      channels: 9,
      boosts: 7,
      owner: "Demo Admin",
      owner_avatar: null,
    };
    renderApp(`/${community}`, server, { handlers: [rest.get(`${API}/guilds/:guildId`, () => HttpResponse.json(info))] });
    expect(await screen.findByRole("heading", { name: "Demo Community" })).toBeInTheDocument();
    const members = screen.getByText("Miembros").closest(".card") as HTMLElement;
    expect(within(members).getByText("12.840")).toBeInTheDocument();
    expect(screen.getByText("Mejoras")).toBeInTheDocument();
    expect(screen.getByText("Propietario del servidor")).toBeInTheDocument();
    // The strip of a server without tickets yet (the harness's statistics).
    const strip = await screen.findByRole("navigation", { name: "Tickets de un vistazo" });
    for (const label of ["Tickets abiertos", "Tickets nuevos", "Mediana de primera respuesta", "Valoración media"]) {
      expect(within(strip).getByText(label)).toBeInTheDocument();
    }
    // Each figure says its period.
    expect(within(strip).getAllByText("Ahora")).toHaveLength(1);
    expect(within(strip).getAllByText("Últimos 7 días")).toHaveLength(3);
    expect(await within(strip).findAllByText("0", { selector: ".ticket-strip-value" })).toHaveLength(2);
  });
});

describe("import / export section labels", () => {
  it("every section of the file format has a Spanish label, and English stays the server's", async () => {
    expect(configSections.map(sectionLabelKey).filter((key) => !(key in es))).toEqual([]);
    expect(sectionLabel({ section: "multi_panels", label: "Multi-Panels" })).toBe("Multi-Panels");
    expect(sectionLabel({ section: "multi_panels", label: "Multi-Panels" }, t)).toBe("Multi-Panels");
    await act(() => changeLocale("es"));
    expect(sectionLabel({ section: "multi_panels", label: "Multi-Panels" }, t)).toBe(es["configTransfer.section.multiPanels"]);
  });
});
