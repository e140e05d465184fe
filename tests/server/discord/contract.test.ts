import { describe, expect, it } from "vitest";
import { startDiscordStub } from "../discord-stub";
import { checkRequest, type DiscordRequest } from "./contract";
import { flattenErrors, type ErrorTree } from "./form-errors";
import { checkInteractionAnswer, InteractionType } from "./interaction-answers";

// The checker itself: deliberately broken requests and answers are caught, with Discord's codes at Discord's
// paths; a body at every documented limit passes.

const json = { "content-type": "application/json" };
const post = (path: string, body: unknown, method = "POST"): DiscordRequest => ({
  method,
  path: `/api/v10${path}`,
  headers: json,
  body: JSON.stringify(body),
});

/** "path: CODE" of every problem of a refused request (empty when it passes). */
function problems(req: DiscordRequest): string[] {
  const answer = checkRequest(req).violation?.answer;
  if (!answer) return [];
  const body = answer.json as { errors?: ErrorTree; code?: number; message?: string };
  if (!body.errors) return [`${answer.status} ${body.code}`];
  return flattenErrors(body.errors).map(({ path, error }) => `${path.join(".")}: ${error.code}`);
}
const answerProblems = (interactionType: number, answer: unknown) =>
  flattenErrors(checkInteractionAnswer({ type: interactionType }, answer).errors).map(
    ({ path, error }) => `${path.join(".")}: ${error.code}`,
  );

const button = (id: string, extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: "Open", custom_id: id, ...extra });
const row = (...components: unknown[]) => ({ type: 1, components });
const textInput = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 4,
  custom_id: id,
  style: 1,
  label: "Order number",
  ...extra,
});
const modal = (rows: number, extra: Record<string, unknown> = {}) => ({
  type: 9,
  data: {
    custom_id: "form:1:1",
    title: "Intake",
    components: Array.from({ length: rows }, (_, i) => row(textInput(`field:${i}`))),
    ...extra,
  },
});
const message = (extra: Record<string, unknown>) => ({ content: "hello", allowed_mentions: { parse: [] }, ...extra });

describe("requests the product sends to Discord", () => {
  it("content of 2,001 characters is refused with Discord's Invalid Form Body", () => {
    const check = checkRequest(post("/channels/123/messages", message({ content: "x".repeat(2001) })));
    expect(check.violation?.answer).toEqual({
      status: 400,
      json: {
        message: "Invalid Form Body",
        code: 50035,
        errors: { content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] } },
      },
    });
    // Characters are code points: 2,000 emoji (4,000 UTF-16 units) are within the limit.
    expect(problems(post("/channels/123/messages", message({ content: "🎫".repeat(2000) })))).toEqual([]);
  });

  it("a string select with no options, and a button label of 81", () => {
    const select = { type: 3, custom_id: "pick", options: [] };
    expect(problems(post("/channels/1/messages", message({ components: [row(select)] })))).toContain(
      "components.0.components.0.options: BASE_TYPE_BAD_LENGTH",
    );
    expect(problems(post("/channels/1/messages", message({ components: [row(button("a", { label: "y".repeat(81) }))] })))).toEqual([
      "components.0.components.0.label: BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("component rules: six buttons in a row, a select beside a button, duplicate custom_ids, a link button with a custom_id, a button without label or emoji", () => {
    const six = row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)));
    expect(problems(post("/channels/1/messages", message({ components: [six] })))).toContain(
      "components.0.components.5: COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    );
    const mixed = row({ type: 3, custom_id: "s", options: [{ label: "a", value: "a" }] }, button("b"));
    expect(problems(post("/channels/1/messages", message({ components: [mixed] })))).toContain(
      "components.0.components.1: COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    );
    expect(problems(post("/channels/1/messages", message({ components: [row(button("same")), row(button("same"))] })))).toEqual([
      "components.1.components.0.custom_id: COMPONENT_CUSTOM_ID_DUPLICATED",
    ]);
    expect(
      problems(
        post(
          "/channels/1/messages",
          message({ components: [row({ type: 2, style: 5, label: "Docs", url: "https://example.com", custom_id: "x" })] }),
        ),
      ),
    ).toEqual(["components.0.components.0.custom_id: BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE"]);
    expect(problems(post("/channels/1/messages", message({ components: [row({ type: 2, style: 1, custom_id: "x" })] })))).toEqual([
      "components.0.components.0.label: BASE_TYPE_REQUIRED",
    ]);
    expect(problems(post("/channels/1/messages", message({ components: [row({ type: 2, style: 1, label: "x" })] })))).toEqual([
      "components.0.components.0.custom_id: BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
    ]);
    expect(
      problems(post("/channels/1/messages", message({ components: Array.from({ length: 6 }, (_, i) => row(button(`r${i}`))) }))),
    ).toContain("components: BASE_TYPE_MAX_LENGTH");
  });

  it("embeds: 6,001 characters across them, 26 fields, a field without a value", () => {
    const big = [{ description: "a".repeat(4096) }, { description: "b".repeat(1905) }];
    expect(problems(post("/channels/1/messages", message({ embeds: big })))).toEqual(["embeds: MAX_EMBED_SIZE_EXCEEDED"]);
    const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: "v" }));
    expect(problems(post("/channels/1/messages", message({ embeds: [{ fields }] })))).toContain("embeds.0.fields: BASE_TYPE_MAX_LENGTH");
    expect(problems(post("/channels/1/messages", message({ embeds: [{ fields: [{ name: "Order" }] }] })))).toContain(
      "embeds.0.fields.0.value: BASE_TYPE_REQUIRED",
    );
  });

  it("a message that can ping without allowed_mentions breaks Ticketeer's rule; an empty one is Discord's 50006", () => {
    expect(problems(post("/channels/1/messages", { content: "<@1> hi" }))).toEqual([
      "allowed_mentions: TICKETEER_ALLOWED_MENTIONS_REQUIRED",
    ]);
    expect(problems(post("/webhooks/7/tok/messages/@original", { content: "done" }, "PATCH"))).toEqual([
      "allowed_mentions: TICKETEER_ALLOWED_MENTIONS_REQUIRED",
    ]);
    expect(problems(post("/channels/1/messages", { embeds: [{ title: "no pings in embeds" }] }))).toEqual([]);
    expect(problems(post("/channels/1/messages", { allowed_mentions: { parse: [] } }))).toEqual(["400 50006"]);
  });

  it("a value of a nullable union is judged by the shape it was meant to have", () => {
    expect(problems(post("/channels/1/messages", { content: "hi", allowed_mentions: { parse: "users" } }))).toEqual([
      "allowed_mentions.parse: BASE_TYPE_ARRAY",
    ]);
    expect(problems(post("/guilds/1/channels", { name: "x", parent_id: "category" }))).toEqual(["parent_id: NUMBER_TYPE_COERCE"]);
  });

  it("an unknown route is Discord's 404, a known route with another method its 405", () => {
    expect(checkRequest({ method: "GET", path: "/api/v10/tickets/1" }).violation?.answer).toEqual({
      status: 404,
      json: { message: "404: Not Found", code: 0 },
    });
    expect(checkRequest({ method: "PUT", path: "/api/v10/channels/1/messages" }).violation?.answer?.status).toBe(405);
  });

  it("a missing required field, a bad snowflake, a limit out of range", () => {
    expect(problems(post("/guilds/1/channels", { type: 0 }))).toEqual(["name: BASE_TYPE_REQUIRED"]);
    expect(problems({ method: "GET", path: "/api/v10/channels/abc/messages" })).toEqual(["channel_id: NUMBER_TYPE_COERCE"]);
    expect(problems({ method: "GET", path: "/api/v10/channels/1/messages", query: new URLSearchParams("limit=101") })).toEqual([
      "limit: NUMBER_TYPE_MAX",
    ]);
    // The same request within the range passes, with Discord's boolean query strings.
    expect(
      problems({ method: "GET", path: "/api/v10/users/@me/guilds", query: new URLSearchParams("limit=200&with_counts=true") }),
    ).toEqual([]);
  });

  it("permission bit sets are accepted as strings (as Discord documents them) and as integers, not as anything else", () => {
    const overwrites = (allow: unknown) => ({
      name: "ticket-1",
      type: 0,
      permission_overwrites: [{ id: "1", type: 0, allow, deny: "1024" }],
    });
    expect(problems(post("/guilds/1/channels", overwrites("3072")))).toEqual([]);
    expect(problems(post("/guilds/1/channels", overwrites(3072)))).toEqual([]);
    expect(problems(post("/guilds/1/channels", overwrites("view")))).toEqual(["permission_overwrites.0.allow: NUMBER_TYPE_COERCE"]);
    expect(
      problems(post("/applications/7/commands", [{ name: "close", description: "Close", default_member_permissions: "8" }], "PUT")),
    ).toEqual([]);
  });

  it("channel limits: a name of 101, a topic of 1,025, 101 overwrites", () => {
    expect(problems(post("/guilds/1/channels", { name: "n".repeat(101) }))).toEqual(["name: BASE_TYPE_BAD_LENGTH"]);
    expect(problems(post("/channels/1", { topic: "t".repeat(1025) }, "PATCH"))).toEqual(["topic: BASE_TYPE_MAX_LENGTH"]);
    const many = Array.from({ length: 101 }, (_, i) => ({ id: String(i + 1), type: 1, allow: "1024" }));
    expect(problems(post("/guilds/1/channels", { name: "x", permission_overwrites: many }))).toEqual([
      "permission_overwrites: BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("a body at every documented limit passes", () => {
    const fields = Array.from({ length: 25 }, (_, i) => ({ name: `f${String(i).padStart(2, "0")}`, value: "v".repeat(20) }));
    const embeds = [
      {
        title: "t".repeat(256),
        description: "d".repeat(4096),
        fields,
        footer: { text: "f".repeat(100) },
        author: { name: "a".repeat(256) },
      },
      ...Array.from({ length: 9 }, () => ({ description: "e".repeat(20) })),
    ];
    // 256 + 4096 + 25 × (3 + 20) + 100 + 256 + 9 × 20 = 5,463 ≤ 6,000
    const rows = Array.from({ length: 4 }, (_, r) =>
      row(...Array.from({ length: 5 }, (_, b) => button(`r${r}b${b}`, { label: "l".repeat(80) }))),
    );
    const options = Array.from({ length: 25 }, (_, i) => ({
      label: `${i}`.padEnd(100, "o"),
      value: `${i}`.padEnd(100, "v"),
      description: "d".repeat(100),
    }));
    const select = row({ type: 3, custom_id: "c".repeat(100), placeholder: "p".repeat(150), min_values: 1, max_values: 25, options });
    expect(problems(post("/channels/1/messages", message({ content: "x".repeat(2000), embeds, components: [...rows, select] })))).toEqual(
      [],
    );

    const inputs = Array.from({ length: 5 }, (_, i) =>
      row(
        textInput(`field:${i}`, {
          label: "l".repeat(45),
          placeholder: "p".repeat(100),
          min_length: 0,
          max_length: 4000,
          value: "v".repeat(4000),
        }),
      ),
    );
    expect(
      answerProblems(InteractionType.MessageComponent, {
        type: 9,
        data: { custom_id: "m".repeat(100), title: "t".repeat(45), components: inputs },
      }),
    ).toEqual([]);
    const choices = Array.from({ length: 25 }, (_, i) => ({ name: `${i}`.padEnd(100, "n"), value: `${i}`.padEnd(100, "v") }));
    expect(answerProblems(InteractionType.ApplicationCommandAutocomplete, { type: 8, data: { choices } })).toEqual([]);
    const overwrites = Array.from({ length: 100 }, (_, i) => ({ id: String(i + 1), type: 1, allow: "1024", deny: "0" }));
    expect(
      problems(post("/guilds/1/channels", { name: "n".repeat(100), topic: "t".repeat(1024), permission_overwrites: overwrites })),
    ).toEqual([]);
  });
});

describe("answers the product gives to interactions", () => {
  it("a modal title of 46, or 6 rows, is refused", () => {
    expect(answerProblems(InteractionType.MessageComponent, modal(1, { title: "t".repeat(46) }))).toEqual([
      "data.title: BASE_TYPE_BAD_LENGTH",
    ]);
    expect(answerProblems(InteractionType.MessageComponent, modal(6))).toEqual(["data.components: BASE_TYPE_BAD_LENGTH"]);
    expect(answerProblems(InteractionType.MessageComponent, modal(5))).toEqual([]);
  });

  it("a text input: two in one row, a label of 46, min_length above max_length", () => {
    const two = { type: 9, data: { custom_id: "f", title: "Intake", components: [row(textInput("a"), textInput("b"))] } };
    expect(answerProblems(InteractionType.MessageComponent, two)).toContain(
      "data.components.0.components.1: COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    );
    const long = {
      type: 9,
      data: {
        custom_id: "f",
        title: "Intake",
        components: [row(textInput("a", { label: "l".repeat(46), min_length: 10, max_length: 5 }))],
      },
    };
    expect(answerProblems(InteractionType.MessageComponent, long)).toEqual([
      "data.components.0.components.0.label: BASE_TYPE_BAD_LENGTH",
      "data.components.0.components.0.min_length: NUMBER_TYPE_MAX",
    ]);
  });

  it("autocomplete answered with a message (4) or a deferral (5) is refused; with choices it passes", () => {
    expect(
      answerProblems(InteractionType.ApplicationCommandAutocomplete, { type: 4, data: { content: "no", allowed_mentions: { parse: [] } } }),
    ).toEqual(["type: INTERACTION_CALLBACK_TYPE_INVALID"]);
    expect(answerProblems(InteractionType.ApplicationCommandAutocomplete, { type: 5, data: { flags: 64 } })).toEqual([
      "type: INTERACTION_CALLBACK_TYPE_INVALID",
    ]);
    expect(
      answerProblems(InteractionType.ApplicationCommandAutocomplete, { type: 8, data: { choices: [{ name: "Refund", value: "Refund" }] } }),
    ).toEqual([]);
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` }));
    expect(answerProblems(InteractionType.ApplicationCommandAutocomplete, { type: 8, data: { choices: many } })).toEqual([
      "data.choices: BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("a modal submit answered with a modal is refused; PING takes only PONG", () => {
    expect(answerProblems(InteractionType.ModalSubmit, modal(1))).toEqual(["type: INTERACTION_CALLBACK_TYPE_INVALID"]);
    expect(
      answerProblems(InteractionType.ModalSubmit, { type: 4, data: { content: "Opened", allowed_mentions: { parse: [] }, flags: 64 } }),
    ).toEqual([]);
    expect(answerProblems(InteractionType.Ping, { type: 1 })).toEqual([]);
    expect(answerProblems(InteractionType.Ping, { type: 4, data: { content: "hi", allowed_mentions: { parse: [] } } })).toEqual([
      "type: INTERACTION_CALLBACK_TYPE_INVALID",
    ]);
  });

  it("a command answered with content of 2,001 characters, or without allowed_mentions", () => {
    expect(
      answerProblems(InteractionType.ApplicationCommand, { type: 4, data: { content: "x".repeat(2001), allowed_mentions: { parse: [] } } }),
    ).toEqual(["data.content: BASE_TYPE_MAX_LENGTH"]);
    expect(answerProblems(InteractionType.ApplicationCommand, { type: 4, data: { content: "hi <@1>" } })).toEqual([
      "data.allowed_mentions: TICKETEER_ALLOWED_MENTIONS_REQUIRED",
    ]);
  });
});

describe("the stub", () => {
  it("answers a broken request as Discord would, keeps it, and fails close() with a readable list", async () => {
    const stub = await startDiscordStub(() => ({ json: { id: "1" } }));
    const res = await fetch(`${stub.base}/channels/123/messages`, {
      method: "POST",
      headers: { ...json, authorization: "Bot t" },
      body: JSON.stringify({ content: "x".repeat(2001), allowed_mentions: { parse: [] } }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 50035, errors: { content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } } });
    expect(res.headers.get("x-ratelimit-bucket")).toMatch(/^[0-9a-f]{16}$/);
    const ok = await fetch(`${stub.base}/channels/123/messages`, {
      method: "POST",
      headers: { ...json, authorization: "Bot t" },
      body: JSON.stringify(message({})),
    });
    expect(ok.status).toBe(200);
    expect(stub.violations).toHaveLength(1);
    await expect(stub.close()).rejects.toThrow(
      /POST \/channels\/\{channel_id\}\/messages content: BASE_TYPE_MAX_LENGTH Must be 2000 or fewer in length\./,
    );
  });
});
