import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createAccessControl, guildIdFromPath } from "../../../src/providers/access-control";
import { createDataProvider } from "../../../src/providers/data-provider";
import { HttpError } from "../../../src/providers/http";
import { queryClientConfig, shouldRetryQuery } from "../../../src/providers/query-client";
import { noPermissions } from "../../../src/schemas/team";
import { API, testHttp, useMswServer } from "./helpers";

const server = useMswServer();
const guildId = "812345678901234567";
const lookup = (name: string) => (name === "tags" ? { path: "tags", listKey: "tags", idKey: "TagId" } : undefined);

describe("guild-scoped data provider", () => {
  it("lists /{guildId}/<path> from meta.guildId and unwraps the declared key", async () => {
    const tags = [{ TagId: "a", TagName: "n", Content: "c" }];
    server.use(rest.get(`${API}/${guildId}/tags`, () => HttpResponse.json({ tags })));
    const provider = createDataProvider(lookup, testHttp().client);
    await expect(provider.getList({ resource: "tags", meta: { guildId } })).resolves.toEqual({ data: tags, total: 1 });
  });

  it("creates with POST and deletes /{guildId}/<path>/{id}", async () => {
    let created: unknown;
    let deleted = "";
    server.use(
      rest.post(`${API}/${guildId}/tags`, async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ message: "Tag created" }, { status: 201 });
      }),
      rest.delete(`${API}/${guildId}/tags/:id`, ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ message: "Tag deleted" });
      }),
    );
    const provider = createDataProvider(lookup, testHttp().client);
    await expect(provider.create({ resource: "tags", variables: { TagName: "a", Content: "b" }, meta: { guildId } })).resolves.toEqual({
      data: { message: "Tag created" },
    });
    expect(created).toEqual({ TagName: "a", Content: "b" });
    await provider.deleteOne({ resource: "tags", id: "x-1", meta: { guildId } });
    expect(deleted).toBe("x-1");
  });

  it("refuses a missing or invalid guild id and an undeclared resource without calling the server", async () => {
    const provider = createDataProvider(lookup, testHttp().client);
    await expect(provider.getList({ resource: "tags", meta: { guildId: "abc" } })).rejects.toBeInstanceOf(HttpError);
    await expect(provider.getList({ resource: "tags" })).rejects.toBeInstanceOf(HttpError);
    await expect(provider.getList({ resource: "nope", meta: { guildId } })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("access control", () => {
  const permissions = { ...noPermissions(), ViewTag: true, CreateTag: true };

  it("asks GET /{guildId}/permissions once per guild and maps resource/action to the team permission", async () => {
    let calls = 0;
    server.use(rest.get(`${API}/${guildId}/permissions`, () => (calls++, HttpResponse.json({ level: "staff", permissions }))));
    const access = createAccessControl({ http: testHttp().client, currentGuildId: () => guildId });
    await expect(access.can({ resource: "tags", action: "list" })).resolves.toEqual({ can: true });
    await expect(access.can({ resource: "tags", action: "create" })).resolves.toEqual({ can: true });
    await expect(access.can({ resource: "tags", action: "delete" })).resolves.toMatchObject({ can: false });
    await expect(access.can({ resource: "settings", action: "list", params: { guildId } })).resolves.toMatchObject({ can: false });
    expect(calls).toBe(1);
  });

  it("allows what no permission guards, and everything outside a guild", async () => {
    const access = createAccessControl({ http: testHttp().client, currentGuildId: () => undefined });
    await expect(access.can({ resource: "dashboard", action: "list" })).resolves.toEqual({ can: true });
    await expect(access.can({ resource: "tags", action: "list" })).resolves.toEqual({ can: true });
  });

  it("a 403 on the permissions denies (and the http layer sends the user home)", async () => {
    server.use(rest.get(`${API}/${guildId}/permissions`, () => HttpResponse.json({ error: "Forbidden" }, { status: 403 })));
    const { client, navigation } = testHttp();
    const access = createAccessControl({ http: client, currentGuildId: () => guildId });
    await expect(access.can({ resource: "tags", action: "list" })).resolves.toMatchObject({ can: false });
    expect(navigation.calls).toEqual([{ kind: "goHome", notice: "accessDenied" }]);
  });

  it("reads the guild id from the path", () => {
    expect(guildIdFromPath(`/${guildId}/tags`)).toBe(guildId);
    expect(guildIdFromPath("/dashboard")).toBeUndefined();
  });
});

describe("query client", () => {
  it("never retries 401, 403 or other client errors; retries network/5xx up to 3 times", () => {
    expect(shouldRetryQuery(0, new HttpError(401, ""))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(403, ""))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(404, ""))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(500, ""))).toBe(true);
    expect(shouldRetryQuery(2, new HttpError(0, ""))).toBe(true);
    expect(shouldRetryQuery(3, new HttpError(503, ""))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(429, ""))).toBe(true);
  });

  it("keeps unused data 5 minutes and uses the §7 delays", () => {
    const queries = queryClientConfig.defaultOptions!.queries!;
    expect(queries.gcTime).toBe(5 * 60_000);
    const delay = queries.retryDelay as (n: number) => number;
    expect([0, 1, 2, 5].map((n) => delay(n))).toEqual([1000, 2000, 4000, 30000]);
  });
});
