import { http as rest, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createDataProvider, InvalidAnswerError, type ResourceEndpoint } from "../../../src/providers/data-provider";
import { HttpError } from "../../../src/providers/http";
import { shouldRetryQuery } from "../../../src/providers/query-client";
import { API, testHttp, useMswServer } from "./helpers";

// The data provider turns refine's pagination, sorters and filters into the query each list route takes, as the
// resource's endpoint declares it (plain data), and reads the total from the answer.

const server = useMswServer();
const guildId = "812345678901234567";

const endpoints: Record<string, ResourceEndpoint> = {
  tags: {
    path: "tags",
    listKey: "tags",
    idKey: "TagId",
    list: { sort: { sort: "sort", order: "order", fields: ["TagName"] }, filters: [{ field: "TagName", param: "TagName" }] },
  },
  transcripts: {
    path: "transcripts",
    listKey: "transcripts",
    idKey: "TicketId",
    list: {
      filters: [
        { field: "TicketId", param: "ticket_id" },
        { field: "AuthorUsername", operator: "contains", param: "username" },
        { field: "TicketId", operator: "lt", param: "before" },
      ],
    },
  },
  queue: {
    path: "tickets",
    listKey: "tickets",
    idKey: "TicketId",
    list: {
      filters: [
        { field: "PanelId", param: "panel" },
        { field: "ClaimedById", operator: "nnull", param: "claimed", value: "claimed" },
        { field: "ClaimedById", operator: "null", param: "claimed", value: "unclaimed" },
        { field: "mine", param: "mine", value: "true" },
      ],
    },
  },
  teams: { path: "teams", listKey: "teams", idKey: "TeamId", list: { paging: false } },
  panels: { path: "panels", listKey: "panels.SinglePanels", oneKey: "panel", idKey: "PanelId", list: { paging: false } },
  settings: { path: "settings", idKey: "guildId", singleton: true },
};

/** A provider over the table above whose GETs are recorded (path and query, as sent). */
function recorded(answer: (path: string) => unknown = () => ({ tags: [] })) {
  const urls: string[] = [];
  server.use(
    rest.get(`${API}/*`, ({ request }) => {
      const url = new URL(request.url);
      urls.push(`${url.pathname.replace(/^\/api/, "")}${url.search}`);
      return HttpResponse.json(answer(url.pathname) as never);
    }),
  );
  const { client, navigation } = testHttp();
  return { provider: createDataProvider((name) => endpoints[name], client), urls, navigation };
}

describe("getList: pages, sorting and filters on the server", () => {
  it("sends page and per_page in server mode, the sorter as sort/order, filters as declared; the total comes from the answer", async () => {
    const { provider, urls } = recorded(() => ({ tags: [{ TagId: "a" }], total: 41, page: 3, per_page: 20 }));
    const answer = await provider.getList({
      resource: "tags",
      pagination: { currentPage: 3, pageSize: 20, mode: "server" },
      sorters: [{ field: "TagName", order: "desc" }],
      filters: [{ field: "TagName", operator: "eq", value: "faq" }],
      meta: { guildId },
    });
    expect(urls).toEqual([`/${guildId}/tags?TagName=faq&sort=TagName&order=desc&page=3&per_page=20`]);
    expect(answer).toEqual({ data: [{ TagId: "a" }], total: 41, page: 3, per_page: 20 });
  });

  it("asks for the whole list (no page parameters) when paging is off or on the client, and counts what came", async () => {
    const { provider, urls } = recorded(() => ({ tags: [{ TagId: "a" }, { TagId: "b" }] }));
    for (const mode of ["off", "client"] as const) {
      await expect(
        provider.getList({ resource: "tags", pagination: { currentPage: 2, pageSize: 10, mode }, meta: { guildId } }),
      ).resolves.toEqual({
        data: [{ TagId: "a" }, { TagId: "b" }],
        total: 2,
      });
    }
    expect(urls).toEqual([`/${guildId}/tags`, `/${guildId}/tags`]);
  });

  it("maps each filter's operator to its own parameter (a keyset cursor is `lt`), skips empty values, and keeps the screen's order", async () => {
    const { provider, urls } = recorded(() => ({ transcripts: [], total: 0 }));
    await provider.getList({
      resource: "transcripts",
      pagination: { currentPage: 2, pageSize: 25, mode: "server" },
      filters: [
        { field: "TicketId", operator: "eq", value: 0 },
        { field: "AuthorUsername", operator: "contains", value: "" },
        { field: "TicketId", operator: "lt", value: 1976 },
      ],
      meta: { guildId },
    });
    expect(urls).toEqual([`/${guildId}/transcripts?ticket_id=0&before=1976&page=2&per_page=25`]);
  });

  it("sends a declared fixed value for flags and null/not-null filters, and nothing when they are off", async () => {
    const { provider, urls } = recorded(() => ({ tickets: [], total: 0 }));
    const list = (filters: Parameters<typeof provider.getList>[0]["filters"]) =>
      provider.getList({ resource: "queue", pagination: { currentPage: 1, pageSize: 100, mode: "server" }, filters, meta: { guildId } });
    await list([
      { field: "PanelId", operator: "eq", value: 1 },
      { field: "ClaimedById", operator: "null", value: true },
      { field: "mine", operator: "eq", value: true },
    ]);
    await list([
      { field: "ClaimedById", operator: "nnull", value: true },
      { field: "mine", operator: "eq", value: false },
      { field: "PanelId", operator: "eq", value: undefined },
    ]);
    expect(urls).toEqual([
      `/${guildId}/tickets?panel=1&claimed=unclaimed&mine=true&page=1&per_page=100`,
      `/${guildId}/tickets?claimed=claimed&page=1&per_page=100`,
    ]);
  });

  it("sends no page parameters to a route without pages, and brings the fields beside the list along", async () => {
    const { provider, urls } = recorded((path) =>
      path.endsWith("/teams")
        ? { teams: [{ TeamId: "1" }], roles: [{ RoleId: "9", RoleName: "Mods" }] }
        : { panels: { SinglePanels: [{ PanelId: 1 }], MultiPanels: [{ PanelId: 2 }] } },
    );
    const server = { currentPage: 1, pageSize: 10, mode: "server" } as const;
    await expect(provider.getList({ resource: "teams", pagination: server, meta: { guildId } })).resolves.toEqual({
      data: [{ TeamId: "1" }],
      total: 1,
      roles: [{ RoleId: "9", RoleName: "Mods" }],
    });
    await expect(provider.getList({ resource: "panels", pagination: server, meta: { guildId } })).resolves.toEqual({
      data: [{ PanelId: 1 }],
      total: 1,
      MultiPanels: [{ PanelId: 2 }],
    });
    expect(urls).toEqual([`/${guildId}/teams`, `/${guildId}/panels`]);
  });

  it("refuses, without calling the server, a filter, operator or sorter the route does not take", async () => {
    const { provider, urls } = recorded();
    const refused = (params: Partial<Parameters<typeof provider.getList>[0]>) =>
      expect(provider.getList({ resource: "tags", meta: { guildId }, ...params })).rejects.toMatchObject({ statusCode: 400 });
    await refused({ filters: [{ field: "Content", operator: "eq", value: "x" }] });
    await refused({ filters: [{ field: "TagName", operator: "contains", value: "x" }] });
    await refused({ filters: [{ operator: "or", value: [{ field: "TagName", operator: "eq", value: "x" }] }] });
    await refused({ sorters: [{ field: "Content", order: "asc" }] });
    await refused({
      sorters: [
        { field: "TagName", order: "asc" },
        { field: "TagName", order: "desc" },
      ],
    });
    await expect(
      provider.getList({ resource: "transcripts", sorters: [{ field: "TicketId", order: "asc" }], meta: { guildId } }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(urls).toEqual([]);
  });

  it("refuses an answer without the list where the endpoint declares it (no retry: it would come again)", async () => {
    const { provider } = recorded(() => ({ tags: "nope" }));
    const failure = await provider.getList({ resource: "tags", pagination: { mode: "off" }, meta: { guildId } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidAnswerError);
    expect(failure).toMatchObject({ message: "Invalid response format." });
    expect(shouldRetryQuery(0, failure)).toBe(false);
  });

  it("reads the contract's /guilds routes, outside any guild", async () => {
    const { provider, urls } = recorded((path) =>
      path.endsWith("/guilds") ? { guilds: [{ id: guildId }] } : { id: guildId, name: "Demo Community" },
    );
    await expect(provider.getList({ resource: "guilds", pagination: { mode: "server" } })).resolves.toEqual({
      data: [{ id: guildId }],
      total: 1,
    });
    await expect(provider.getOne({ resource: "guilds", id: guildId })).resolves.toEqual({ data: { id: guildId, name: "Demo Community" } });
    expect(urls).toEqual(["/guilds", `/guilds/${guildId}`]);
  });
});

describe("one record", () => {
  it("unwraps the declared key, adds meta.query, and reads and updates a per-server record at its path", async () => {
    const { provider, urls } = recorded((path) => (path.endsWith("/settings") ? { UserTicketLimit: 3 } : { panel: { PanelId: 7 } }));
    await expect(provider.getOne({ resource: "panels", id: 7, meta: { guildId, query: { theme: "dark" } } })).resolves.toEqual({
      data: { PanelId: 7 },
    });
    await expect(provider.getOne({ resource: "settings", id: guildId, meta: { guildId } })).resolves.toEqual({
      data: { UserTicketLimit: 3 },
    });
    let put = "";
    server.use(
      rest.put(
        `${API}/${guildId}/settings`,
        async ({ request }) => ((put = JSON.stringify(await request.json())), HttpResponse.json({ message: "ok" })),
      ),
    );
    await expect(
      provider.update({ resource: "settings", id: guildId, variables: { UserTicketLimit: 4 }, meta: { guildId } }),
    ).resolves.toEqual({ data: { message: "ok" } });
    expect(put).toBe('{"UserTicketLimit":4}');
    expect(urls).toEqual([`/${guildId}/panels/7?theme=dark`, `/${guildId}/settings`]);
  });

  it("leaves a 403 to the screen when meta says so (no trip home), and sends the user home otherwise", async () => {
    server.use(rest.get(`${API}/${guildId}/tags`, () => HttpResponse.json({ error: "You can't access this content!" }, { status: 403 })));
    const { client, navigation } = testHttp();
    const provider = createDataProvider((name) => endpoints[name], client);
    await expect(provider.getList({ resource: "tags", meta: { guildId, onForbidden: "caller" } })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(navigation.calls).toEqual([]);
    await expect(provider.getList({ resource: "tags", meta: { guildId } })).rejects.toMatchObject({ statusCode: 403 });
    expect(navigation.calls).toEqual([{ kind: "goHome", notice: "accessDenied" }]);
  });
});
