import type { Selectable } from "kysely";
import { describe, expectTypeOf, it } from "vitest";
import type { Database } from "../../server/db/schema";
import type { SnakeCase } from "../../server/db/spec-tables";

// The Kysely types of spec'd tables are derived from their specs (server/db/spec-tables.ts), by the engine's rules.

describe("the table types derived from the specs", () => {
  it("name columns as the engine does and type them from the fields", () => {
    expectTypeOf<SnakeCase<"TagName">>().toEqualTypeOf<"tag_name">();
    expectTypeOf<SnakeCase<"ReasonId">>().toEqualTypeOf<"reason_id">();
    expectTypeOf<SnakeCase<"Field2Name">>().toEqualTypeOf<"field2_name">();
    type CloseReason = Selectable<Database["close_reasons"]>;
    expectTypeOf<CloseReason["label"]>().toEqualTypeOf<string>();
    expectTypeOf<CloseReason["position"]>().toEqualTypeOf<number>();
    expectTypeOf<CloseReason["id"]>().toEqualTypeOf<number>();
    // Tags keep their older column names (`columns` in the spec), and a uuid key.
    type Tag = Selectable<Database["tags"]>;
    expectTypeOf<Tag["name"]>().toEqualTypeOf<string>();
    expectTypeOf<Tag["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Selectable<Database["blacklist"]>["target_id"]>().toEqualTypeOf<string>();
  });
});
