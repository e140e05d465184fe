import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyField } from "../../src/schemas/form";
import { authMessages, formMessages } from "../../src/schemas/messages";
import { formActivityActions } from "../../server/forms/service";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Field = {
  FieldId: number;
  Label: string;
  Placeholder: string;
  Style: string;
  Required: boolean;
  MinLength: number;
  MaxLength: number;
  Position: number;
};
type Form = { FormId: number; FormName: string; Fields: Field[] };

const field = (Label: string, extra: object = {}) => ({ ...emptyField(), Label, ...extra });

describe("forms API", () => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let visitor: string;
  const base = `/api/${DEMO_COMMUNITY_ID}/forms`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn(DEMO_ADMIN_ID);
    staff = await t.signIn(DEMO_STAFF_ID);
    visitor = await t.signIn(DEMO_VISITOR_ID);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: Method, url: string, payload?: unknown, token: string | null = owner): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress: "203.0.113.9" });

  const snapshot = async () => ({
    forms: await t.db.selectFrom("forms").selectAll().orderBy("id").execute(),
    fields: await t.db.selectFrom("form_fields").selectAll().orderBy("id").execute(),
    activity: (await t.db.selectFrom("activity").select("id").execute()).length,
  });
  const lastActivity = () => t.db.selectFrom("activity").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  const createForm = async (name: string, labels: string[]): Promise<Form> => {
    const res = await call("POST", base, { FormName: name, fields: labels.map((l) => field(l)) });
    expect(res.statusCode).toBe(201);
    return res.json().form;
  };
  const getForm = async (formId: number): Promise<Form> => (await call("GET", `${base}/${formId}`)).json().form;

  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    before = await snapshot();
  });

  describe("list and get", () => {
    it("lists the guild's forms with their fields ordered by Position", async () => {
      const res = await call("GET", base);
      expect(res.statusCode).toBe(200);
      const forms: Form[] = res.json().forms;
      const seeded = forms.filter((f) => ["Support Request", "Staff Application"].includes(f.FormName));
      expect(seeded.map((f) => f.FormName)).toEqual(["Support Request", "Staff Application"]);
      const staffApp = seeded[1];
      expect(staffApp.Fields.map((f) => f.Position)).toEqual([0, 1, 2]);
      expect(staffApp.Fields[0]).toMatchObject({ Label: "How old are you?", Style: "Short", Required: true, MinLength: 1, MaxLength: 3 });
      expect(typeof staffApp.Fields[0].FieldId).toBe("number");
      expect(typeof staffApp.FormId).toBe("number");

      const other = await call("GET", `/api/${GAMING_HUB_ID}/forms`);
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({ forms: [] });
    });

    it("orders fields by Position, not by insertion", async () => {
      const form = await createForm("Ordering", ["a", "b", "c"]);
      await t.db.updateTable("form_fields").set({ position: 9 }).where("id", "=", form.Fields[0].FieldId).execute();
      const listed: Form = (await call("GET", base)).json().forms.find((f: Form) => f.FormId === form.FormId);
      expect(listed.Fields.map((f) => f.Label)).toEqual(["b", "c", "a"]);
    });

    it("gets one form as {form}; 404 for another guild's, unknown or malformed ids", async () => {
      const form = await createForm("Get me", ["Q1"]);
      const res = await call("GET", `${base}/${form.FormId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        form: { FormId: form.FormId, FormName: "Get me", Fields: [expect.objectContaining({ Label: "Q1", Position: 0 })] },
      });
      expect((await call("GET", `/api/${GAMING_HUB_ID}/forms/${form.FormId}`)).statusCode).toBe(404);
      expect((await call("GET", `${base}/999999`)).statusCode).toBe(404);
      expect((await call("GET", `${base}/abc`)).statusCode).toBe(404);
      expect((await call("GET", `${base}/99999999999999999999`)).statusCode).toBe(404);
    });
  });

  describe("create", () => {
    it("stores the form, drops unlabelled fields, numbers positions and records the activity", async () => {
      const res = await call("POST", base, {
        FormName: "  Bug report  ",
        fields: [
          field("Steps", { Style: "Paragraph", Required: true, MinLength: 5, MaxLength: 500, Placeholder: "1. …" }),
          field("   "),
          field("Version", { Position: 4 }),
        ],
      });
      expect(res.statusCode).toBe(201);
      const form: Form = res.json().form;
      expect(form.FormName).toBe("Bug report");
      expect(form.Fields.map((f) => [f.Label, f.Position])).toEqual([
        ["Steps", 0],
        ["Version", 1],
      ]);
      expect(form.Fields[0]).toMatchObject({ Style: "Paragraph", Required: true, MinLength: 5, MaxLength: 500, Placeholder: "1. …" });
      expect(await getForm(form.FormId)).toEqual(form);
      const entry = await lastActivity();
      expect(entry).toMatchObject({
        action: formActivityActions.created,
        guild_id: DEMO_COMMUNITY_ID,
        user_id: DEMO_ADMIN_ID,
        ip: "203.0.113.9",
      });
      expect(JSON.parse(entry.after_json!)).toEqual(form);
      expect(entry.before_json).toBeNull();
    });

    it("accepts exactly 5 fields, labels of 45 and placeholders of 100 characters", async () => {
      const fields = Array.from({ length: 5 }, (_, i) => field(`${i}`.padEnd(45, "x"), { Placeholder: "p".repeat(100) }));
      const res = await call("POST", base, { FormName: "Limits", fields });
      expect(res.statusCode).toBe(201);
      expect(res.json().form.Fields).toHaveLength(5);
    });

    const invalid: [string, unknown, string][] = [
      ["an empty name", { FormName: "", fields: [field("Q")] }, formMessages.nameRequired],
      ["a blank name", { FormName: "   ", fields: [field("Q")] }, formMessages.nameRequired],
      ["a missing name", { fields: [field("Q")] }, formMessages.nameRequired],
      ["only unlabelled fields", { FormName: "F", fields: [field(""), field("  ")] }, formMessages.oneFieldRequired],
      ["no fields", { FormName: "F", fields: [] }, formMessages.oneFieldRequired],
      ["6 fields", { FormName: "F", fields: Array.from({ length: 6 }, (_, i) => field(`f${i}`)) }, "A form can have at most 5 fields"],
      ["a 46-character label", { FormName: "F", fields: [field("x".repeat(46))] }, "Label must be at most 45 characters"],
      [
        "a 101-character placeholder",
        { FormName: "F", fields: [field("Q", { Placeholder: "p".repeat(101) })] },
        "Placeholder must be at most 100 characters",
      ],
      [
        "MinLength above MaxLength",
        { FormName: "F", fields: [field("Q", { MinLength: 10, MaxLength: 5 })] },
        "Min length must not exceed max length",
      ],
    ];
    for (const [name, payload, message] of invalid) {
      it(`400 for ${name}, nothing stored`, async () => {
        const res = await call("POST", base, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(message);
        expect(await snapshot()).toEqual(before);
      });
    }

    it("400 (not 500) for wrong types, a MaxLength above 1024, an unknown style and a non-JSON body", async () => {
      for (const payload of [
        { FormName: 5, fields: "x" },
        { FormName: "F", fields: [field("Q", { MaxLength: 2000 })] },
        { FormName: "F", fields: [field("Q", { Style: "Checkbox" })] },
        { FormName: "F", fields: [field("Q", { MinLength: -1 })] },
        { FormName: "F", fields: [{ Label: 7 }] },
        {},
      ]) {
        const res = await call("POST", base, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toBeTypeOf("string");
      }
      const raw = await t.app.inject({
        method: "POST",
        url: base,
        headers: { ...bearer(owner), "content-type": "application/json" },
        payload: "{nope",
      });
      expect(raw.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("update (PUT replaces the fields)", () => {
    it("keeps existing FieldIds, adds -1/absent ones, deletes missing ones, follows the body's order", async () => {
      const form = await createForm("Replace", ["one", "two", "three"]);
      const [one, two, three] = form.Fields;
      const res = await call("PUT", `${base}/${form.FormId}`, {
        FormName: "Replaced",
        fields: [
          { ...three, Label: "three (edited)", MaxLength: 300 },
          field("new A", { FieldId: -1 }),
          { ...one },
          field("new B"),
          field(""),
        ],
      });
      expect(res.statusCode).toBe(200);
      const after = await getForm(form.FormId);
      expect(after.FormName).toBe("Replaced");
      expect(after.Fields.map((f) => [f.Label, f.Position])).toEqual([
        ["three (edited)", 0],
        ["new A", 1],
        ["one", 2],
        ["new B", 3],
      ]);
      expect(after.Fields[0]).toMatchObject({ FieldId: three.FieldId, MaxLength: 300 });
      expect(after.Fields[2].FieldId).toBe(one.FieldId);
      const known = new Set([one.FieldId, two.FieldId, three.FieldId]);
      expect(known.has(after.Fields[1].FieldId) || known.has(after.Fields[3].FieldId)).toBe(false);
      expect(await t.db.selectFrom("form_fields").select("id").where("id", "=", two.FieldId).executeTakeFirst()).toBeUndefined();

      const entry = await lastActivity();
      expect(entry.action).toBe(formActivityActions.updated);
      expect(JSON.parse(entry.before_json!)).toEqual(form);
      expect(JSON.parse(entry.after_json!)).toEqual(after);
    });

    it("treats another form's FieldId as a new field and never touches that form", async () => {
      const a = await createForm("Owner A", ["a1"]);
      const b = await createForm("Owner B", ["b1"]);
      const res = await call("PUT", `${base}/${a.FormId}`, { FormName: "Owner A", fields: [{ ...b.Fields[0], Label: "stolen" }] });
      expect(res.statusCode).toBe(200);
      expect((await getForm(b.FormId)).Fields[0]).toMatchObject({ FieldId: b.Fields[0].FieldId, Label: "b1" });
      const updated = await getForm(a.FormId);
      expect(updated.Fields.map((f) => f.Label)).toEqual(["stolen"]);
      expect(updated.Fields[0].FieldId).not.toBe(b.Fields[0].FieldId);
    });

    it("400 with the schema's messages and nothing changed; 404 for another guild's form", async () => {
      const form = await createForm("Stay", ["keep"]);
      before = await snapshot();
      const bad = await call("PUT", `${base}/${form.FormId}`, { FormName: "", fields: [] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(`${formMessages.nameRequired}, ${formMessages.oneFieldRequired}`);
      const foreign = await call("PUT", `/api/${GAMING_HUB_ID}/forms/${form.FormId}`, { FormName: "x", fields: [field("q")] });
      expect(foreign.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("rename (PATCH)", () => {
    it("renames, records before/after, validates the name", async () => {
      const form = await createForm("Old name", ["q"]);
      const res = await call("PATCH", `${base}/${form.FormId}`, { FormName: " New name " });
      expect(res.statusCode).toBe(200);
      expect((await getForm(form.FormId)).FormName).toBe("New name");
      const entry = await lastActivity();
      expect(entry.action).toBe(formActivityActions.renamed);
      expect(JSON.parse(entry.before_json!)).toMatchObject({ FormName: "Old name" });
      expect(JSON.parse(entry.after_json!)).toMatchObject({ FormName: "New name" });

      before = await snapshot();
      const bad = await call("PATCH", `${base}/${form.FormId}`, { FormName: "  " });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(formMessages.nameRequired);
      expect((await call("PATCH", `/api/${GAMING_HUB_ID}/forms/${form.FormId}`, { FormName: "x" })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("delete", () => {
    it("deletes the form and its fields with the spec's message and records it", async () => {
      const form = await createForm("Doomed", ["q1", "q2"]);
      const res = await call("DELETE", `${base}/${form.FormId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: formMessages.deletedByServer });
      expect((await call("GET", `${base}/${form.FormId}`)).statusCode).toBe(404);
      expect(await t.db.selectFrom("form_fields").select("id").where("form_id", "=", form.FormId).execute()).toEqual([]);
      const entry = await lastActivity();
      expect(entry.action).toBe(formActivityActions.deleted);
      expect(JSON.parse(entry.before_json!)).toEqual(form);
      expect((await call("DELETE", `${base}/${form.FormId}`)).statusCode).toBe(404);
    });

    it("409 naming the panels that use the form; nothing deleted; 404 from another guild", async () => {
      const form = await createForm("In use", ["q"]);
      const panels = t.db as unknown as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
      for (const name of ["Billing panel", "Appeals panel"]) {
        await panels
          .insertInto("panels")
          .values({
            guild_id: DEMO_COMMUNITY_ID,
            kind: "single",
            name,
            form_id: form.FormId,
            data_json: "{}",
            revision: 1,
            created_at: Date.now(),
            updated_at: Date.now(),
          })
          .execute();
      }
      before = await snapshot();
      const res = await call("DELETE", `${base}/${form.FormId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toContain('"Billing panel"');
      expect(res.json().error).toContain('"Appeals panel"');
      expect(await snapshot()).toEqual(before);
      expect((await call("DELETE", `/api/${GAMING_HUB_ID}/forms/${form.FormId}`)).statusCode).toBe(404);

      await panels.deleteFrom("panels").where("form_id", "=", form.FormId).execute();
      expect((await call("DELETE", `${base}/${form.FormId}`)).statusCode).toBe(200);
    });
  });

  describe("field routes", () => {
    it("POST adds one field at the end; refuses a 6th and an empty label", async () => {
      const form = await createForm("Fields", ["a", "b", "c", "d"]);
      const res = await call("POST", `${base}/${form.FormId}/fields`, field("e", { Style: "Dropdown", Required: true }));
      expect(res.statusCode).toBe(201);
      expect(res.json().field).toMatchObject({ Label: "e", Style: "Dropdown", Required: true, Position: 4 });
      expect((await lastActivity()).action).toBe(formActivityActions.fieldCreated);

      before = await snapshot();
      const sixth = await call("POST", `${base}/${form.FormId}/fields`, field("f"));
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().error).toBe("A form can have at most 5 fields");
      const other = await createForm("Fields 2", ["a"]);
      before = await snapshot();
      const empty = await call("POST", `${base}/${other.FormId}/fields`, field("   "));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe("Label is required");
      const tooLong = await call("POST", `${base}/${other.FormId}/fields`, field("x".repeat(46)));
      expect(tooLong.json().error).toBe("Label must be at most 45 characters");
      expect((await call("POST", `/api/${GAMING_HUB_ID}/forms/${other.FormId}/fields`, field("x"))).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it("PATCH updates part of a field and keeps MinLength ≤ MaxLength", async () => {
      const form = await createForm("Patch", ["a", "b"]);
      const target = form.Fields[1];
      const url = `${base}/${form.FormId}/fields/${target.FieldId}`;
      const res = await call("PATCH", url, { Label: "b2", MinLength: 10 });
      expect(res.statusCode).toBe(200);
      expect((await getForm(form.FormId)).Fields[1]).toEqual({ ...target, Label: "b2", MinLength: 10 });
      const entry = await lastActivity();
      expect(entry.action).toBe(formActivityActions.fieldUpdated);
      expect(JSON.parse(entry.before_json!)).toMatchObject({ Label: "b" });
      expect(JSON.parse(entry.after_json!)).toMatchObject({ Label: "b2", MinLength: 10 });

      before = await snapshot();
      const inverted = await call("PATCH", url, { MaxLength: 5 });
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().error).toBe("Min length must not exceed max length");
      const blank = await call("PATCH", url, { Label: " " });
      expect(blank.json().error).toBe("Label is required");
      expect((await call("PATCH", url, { MaxLength: 1025 })).statusCode).toBe(400);
      expect((await call("PATCH", `${base}/${form.FormId}/fields/999999`, { Label: "x" })).statusCode).toBe(404);
      const foreignForm = await createForm("Another", ["z"]);
      before = await snapshot();
      expect((await call("PATCH", `${base}/${foreignForm.FormId}/fields/${target.FieldId}`, { Label: "x" })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it("PATCH …/position moves a field and reorders the others", async () => {
      const form = await createForm("Move", ["a", "b", "c", "d"]);
      const [a, , , d] = form.Fields;
      const first = await call("PATCH", `${base}/${form.FormId}/fields/${d.FieldId}/position`, { NewPosition: 0 });
      expect(first.statusCode).toBe(200);
      let now = await getForm(form.FormId);
      expect(now.Fields.map((f) => [f.Label, f.Position])).toEqual([
        ["d", 0],
        ["a", 1],
        ["b", 2],
        ["c", 3],
      ]);
      await call("PATCH", `${base}/${form.FormId}/fields/${a.FieldId}/position`, { NewPosition: 3 });
      now = await getForm(form.FormId);
      expect(now.Fields.map((f) => f.Label)).toEqual(["d", "b", "c", "a"]);
      expect((await lastActivity()).action).toBe(formActivityActions.fieldMoved);

      before = await snapshot();
      const out = await call("PATCH", `${base}/${form.FormId}/fields/${a.FieldId}/position`, { NewPosition: 4 });
      expect(out.statusCode).toBe(400);
      expect((await call("PATCH", `${base}/${form.FormId}/fields/${a.FieldId}/position`, { NewPosition: -1 })).statusCode).toBe(400);
      expect((await call("PATCH", `${base}/${form.FormId}/fields/${a.FieldId}/position`, {})).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it("DELETE removes a field, renumbers the rest, and refuses the last one", async () => {
      const form = await createForm("Remove", ["a", "b", "c"]);
      const res = await call("DELETE", `${base}/${form.FormId}/fields/${form.Fields[0].FieldId}`);
      expect(res.statusCode).toBe(200);
      let now = await getForm(form.FormId);
      expect(now.Fields.map((f) => [f.Label, f.Position])).toEqual([
        ["b", 0],
        ["c", 1],
      ]);
      const entry = await lastActivity();
      expect(entry.action).toBe(formActivityActions.fieldDeleted);
      expect(JSON.parse(entry.before_json!)).toMatchObject({ Label: "a" });

      await call("DELETE", `${base}/${form.FormId}/fields/${now.Fields[0].FieldId}`);
      now = await getForm(form.FormId);
      before = await snapshot();
      const last = await call("DELETE", `${base}/${form.FormId}/fields/${now.Fields[0].FieldId}`);
      expect(last.statusCode).toBe(409);
      expect(last.json().error).toBe(formMessages.oneFieldRequired);
      expect((await call("DELETE", `${base}/${form.FormId}/fields/${form.Fields[0].FieldId}`)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("access", () => {
    it("anonymous 401, Demo Visitor 403, staff without the permission 403, owner allowed", async () => {
      const form = await createForm("Guarded", ["q", "r"]);
      before = await snapshot();
      const id = form.FormId;
      const fieldId = form.Fields[0].FieldId;
      const routes: [Method, string, unknown, "ViewForm" | "CreateForm" | "EditForm" | "DeleteForm"][] = [
        ["GET", base, undefined, "ViewForm"],
        ["GET", `${base}/${id}`, undefined, "ViewForm"],
        ["POST", base, { FormName: "x", fields: [field("q")] }, "CreateForm"],
        ["PATCH", `${base}/${id}`, { FormName: "x" }, "EditForm"],
        ["POST", `${base}/${id}/fields`, field("z"), "EditForm"],
        ["PATCH", `${base}/${id}/fields/${fieldId}`, { Label: "z" }, "EditForm"],
        ["PATCH", `${base}/${id}/fields/${fieldId}/position`, { NewPosition: 1 }, "EditForm"],
        ["DELETE", `${base}/${id}/fields/${fieldId}`, undefined, "EditForm"],
        // Owner runs them in this order: PUT replaces the fields, so it comes after the field routes.
        ["PUT", `${base}/${id}`, { FormName: "x", fields: [field("q")] }, "EditForm"],
        ["DELETE", `${base}/${id}`, undefined, "DeleteForm"],
      ];
      for (const [method, url, payload, permission] of routes) {
        const label = `${method} ${url}`;
        expect((await call(method, url, payload, null)).statusCode, label).toBe(401);
        const v = await call(method, url, payload, visitor);
        expect(v.statusCode, label).toBe(403);
        expect(v.json().error).toBe(authMessages.accessDenied);
        // Demo Staff's Support Team has ViewForm only.
        expect((await call(method, url, payload, staff)).statusCode, label).toBe(permission === "ViewForm" ? 200 : 403);
      }
      expect(await snapshot()).toEqual(before);
      for (const [method, url, payload] of routes) {
        const res = await call(method, url, payload, owner);
        expect([200, 201], `${method} ${url}`).toContain(res.statusCode);
      }
    });
  });
});
