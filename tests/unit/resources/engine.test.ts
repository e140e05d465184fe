import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toEditorSchema, toJsonSchema } from "../../../src/resources/engine/form/editor-schema";
import { createZodValidator } from "../../../src/resources/engine/form/zod-validator";
import { findDeclaration } from "../../../src/resources/registry";
import { limits } from "../../../src/schemas/limits";
import { tagMessages } from "../../../src/schemas/messages";
import { tagInputSchema } from "../../../src/schemas/tag";

const tagsResource = findDeclaration("tags")!;

describe("zod → JSON Schema (draft-07, input side)", () => {
  it("converts the tag input schema with its limits", () => {
    const schema = toJsonSchema(tagInputSchema);
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["TagName", "Content"]);
    expect(schema.properties?.TagName).toMatchObject({ type: "string", minLength: 1, maxLength: limits.tagNameMax });
    expect(schema.properties?.Content).toMatchObject({ type: "string", minLength: 1, maxLength: limits.tagContentMax });
  });

  it("rewrites .nullable()'s anyOf [X, null] to type [X, 'null'] (no two-option dropdown)", () => {
    const schema = toJsonSchema(z.object({ MentionRoleId: z.string().max(21).nullable(), Count: z.number().int().nullable().optional() }));
    expect(schema.properties?.MentionRoleId).toEqual({ type: ["string", "null"], maxLength: 21 });
    expect(schema.properties?.MentionRoleId.anyOf).toBeUndefined();
    expect(schema.properties?.Count.type).toEqual(["integer", "null"]);
  });

  it("keeps titles from .meta() and lifts UI hints out of the schema into the uiSchema", () => {
    const { schema, uiSchema } = toEditorSchema(
      z.object({
        Body: z.string().meta({ title: "Body text", widget: "textarea", placeholder: "Say hi", rows: 4 }),
        Name: z.string().meta({ title: "From meta" }),
      }),
      { Name: { title: "From declaration", help: "Shown to users" } },
    );
    expect(schema.properties?.Body.title).toBe("Body text");
    expect(schema.properties?.Body.widget).toBeUndefined();
    expect(uiSchema.Body).toEqual({ "ui:widget": "textarea", "ui:placeholder": "Say hi", "ui:options": { rows: 4 } });
    expect(schema.properties?.Name.title).toBe("From declaration");
    expect(uiSchema.Name).toEqual({ "ui:help": "Shown to users" });
    expect(uiSchema["ui:order"]).toEqual(["Body", "Name", "*"]);
  });

  it("the Tags declaration gets 'Tag Name' and a 'Tag Content' textarea", () => {
    const { schema, uiSchema } = toEditorSchema(tagsResource.schema!, tagsResource.fields);
    expect(schema.properties?.TagName.title).toBe("Tag Name");
    expect(schema.properties?.Content.title).toBe("Tag Content");
    expect(uiSchema.Content).toMatchObject({ "ui:widget": "textarea" });
  });
});

describe("the zod validator rjsf uses (no ajv)", () => {
  const validator = createZodValidator(tagInputSchema);
  const jsonSchema = toJsonSchema(tagInputSchema) as never;

  it("maps zod issues to field errors with the spec's messages", () => {
    const empty = validator.validateFormData({}, jsonSchema);
    expect(empty.errorSchema).toEqual({
      TagName: { __errors: [tagMessages.nameRequired] },
      Content: { __errors: [tagMessages.contentRequired] },
    });
    expect(empty.errors.map((e) => e.property)).toEqual([".TagName", ".Content"]);
    const long = validator.validateFormData({ TagName: "x".repeat(256), Content: "   " }, jsonSchema);
    expect(long.errorSchema).toEqual({
      TagName: { __errors: [tagMessages.nameTooLong] },
      Content: { __errors: [tagMessages.contentRequired] },
    });
  });

  it("valid input has no errors", () => {
    expect(validator.validateFormData({ TagName: "hi", Content: "there" }, jsonSchema)).toEqual({ errors: [], errorSchema: {} });
  });

  it("isValid understands enough JSON Schema to choose anyOf branches", () => {
    const root = {} as never;
    expect(validator.isValid({ type: ["string", "null"] } as never, null, root)).toBe(true);
    expect(validator.isValid({ type: "number" } as never, "1", root)).toBe(false);
    expect(
      validator.isValid({ type: "object", properties: { kind: { const: "a" } }, required: ["kind"] } as never, { kind: "a" }, root),
    ).toBe(true);
    expect(
      validator.isValid({ type: "object", properties: { kind: { const: "a" } }, required: ["kind"] } as never, { kind: "b" }, root),
    ).toBe(false);
  });
});
