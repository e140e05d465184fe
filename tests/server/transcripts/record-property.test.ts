import type { APIMessage } from "discord-api-types/v10";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampText, discordLimits } from "../../../src/schemas/discord-limits";
import { withMentionNames } from "../../../src/schemas/message-parts";
import { transcriptMessageSchema } from "../../../src/schemas/transcript";
import type { PlatformAdapter } from "../../../server/platform/adapter";
import { fromDiscordMessage } from "../../../server/platform/message-read";
import { captureMentionNames, toRecordMessage } from "../../../server/tickets/message-record";
import { parseDocument, serialiseDocument, type TranscriptMessage } from "../../../server/transcripts/document";
import { renderTranscriptHtml } from "../../../server/transcripts/render";
import { visibleText } from "./visible-text";

// Every text of a Discord message — within Discord's limits: content 2,000; up to 10 embeds with title 256,
// description 4,096, up to 25 fields of 256 / 1,024, footer 2,048, author 256, 6,000 for all embeds; attachments,
// stickers, a reply; mentions of users, roles and channels, known and unknown — survives the way into the record:
// read from Discord's JSON, names captured, kept in the transcript document, and shown (escaped, mentions as names)
// in the transcript's HTML.

const GUILD = "812345678901234567";

/** Text with what HTML and the mention scanner must get right; no Markdown markers (the HTML would format them). */
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("<", ">", "&", '"', "'", "@", "#", "!", "\n", " ", "h", "t", "p", "s", ":", "/", ".", "0", "7") },
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }).filter((c) => !c.includes("*") && !c.includes("`")) },
);
const plain = (max: number) => fc.string({ unit, maxLength: Math.min(max, 60) });
const snowflake = fc.bigInt({ min: 10_000_000_000_000_000n, max: 9_999_999_999_999_999_999n }).map(String);
const name = fc.string({ unit, minLength: 1, maxLength: 32 });

interface World {
  users: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  channels: { id: string; name: string }[];
  /** Ids nobody knows. */
  strangers: string[];
}

const world: fc.Arbitrary<World> = fc.record({
  users: fc.uniqueArray(fc.record({ id: snowflake, name }), { maxLength: 4, selector: (u) => u.id }),
  roles: fc.uniqueArray(fc.record({ id: snowflake, name }), { maxLength: 3, selector: (r) => r.id }),
  channels: fc.uniqueArray(fc.record({ id: snowflake, name }), { maxLength: 3, selector: (c) => c.id }),
  strangers: fc.array(snowflake, { maxLength: 2 }),
});

/** A text of at most `max` characters: plain pieces and mentions of known and unknown users, roles and channels. */
function text(w: World, max: number): fc.Arbitrary<string> {
  const ids = (list: { id: string }[]) => [...list.map((x) => x.id), ...w.strangers];
  const forms: [string[], (id: string) => string][] = [
    [ids(w.users), (id) => `<@${id}>`],
    [ids(w.users), (id) => `<@!${id}>`],
    [ids(w.roles), (id) => `<@&${id}>`],
    [ids(w.channels), (id) => `<#${id}>`],
  ];
  const mentions = forms.filter(([list]) => list.length > 0).map(([list, markup]) => fc.constantFrom(...list).map(markup));
  const pieces = mentions.length
    ? fc.oneof({ weight: 3, arbitrary: plain(max) }, { weight: 1, arbitrary: fc.oneof(...mentions) })
    : plain(max);
  return fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("").slice(0, max));
}

const url = (path: fc.Arbitrary<string>) => path.map((p) => `https://cdn.discordapp.com/attachments/1/2/${encodeURIComponent(p)}`);

function embed(w: World) {
  return fc.record(
    {
      title: text(w, discordLimits.embedTitle),
      description: text(w, discordLimits.embedDescription),
      url: url(name),
      color: fc.integer({ min: 0, max: 0xffffff }),
      timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString()),
      author: fc.record({ name: text(w, discordLimits.embedAuthor), url: url(name), icon_url: url(name) }, { requiredKeys: ["name"] }),
      fields: fc.array(
        fc.record({ name: text(w, discordLimits.embedFieldName), value: text(w, discordLimits.embedFieldValue), inline: fc.boolean() }),
        {
          maxLength: discordLimits.embedFields,
        },
      ),
      footer: fc.record({ text: text(w, discordLimits.embedFooter), icon_url: url(name) }, { requiredKeys: ["text"] }),
      image: fc.record({ url: url(name) }),
      thumbnail: fc.record({ url: url(name) }),
    },
    { requiredKeys: [] },
  );
}

type Embed = {
  title?: string;
  description?: string;
  author?: { name: string };
  footer?: { text: string };
  fields?: { name: string; value: string }[];
};

/** Discord's 6,000 for all embeds of a message: texts past it are cut, in order. */
function within6000<E extends Embed>(embeds: E[]): E[] {
  let left = discordLimits.embedTotal;
  const take = (t: string) => {
    const kept = t.slice(0, Math.max(0, left));
    left -= kept.length;
    return kept;
  };
  return embeds.map((e) => ({
    ...e,
    ...(e.title !== undefined ? { title: take(e.title) } : {}),
    ...(e.description !== undefined ? { description: take(e.description) } : {}),
    ...(e.author ? { author: { ...e.author, name: take(e.author.name) } } : {}),
    ...(e.footer ? { footer: { ...e.footer, text: take(e.footer.text) } } : {}),
    ...(e.fields ? { fields: e.fields.map((f) => ({ ...f, name: take(f.name), value: take(f.value) })) } : {}),
  }));
}

/** A message as Discord's REST API answers it, with what the world knows of the users it mentions. */
const message = world.chain((w) =>
  fc
    .record({
      id: snowflake,
      content: text(w, discordLimits.content),
      embeds: fc.array(embed(w), { maxLength: discordLimits.embeds }).map(within6000),
      attachments: fc.array(
        fc.record({
          id: snowflake,
          filename: name,
          size: fc.nat(),
          content_type: fc.constantFrom("image/png", "application/pdf", "text/plain"),
        }),
        { maxLength: 10 },
      ),
      stickers: fc.array(fc.record({ id: snowflake, name: name }), { maxLength: 3 }),
      reply: fc.option(fc.record({ id: snowflake, author: name, content: text(w, discordLimits.content) }), { nil: undefined }),
    })
    .map((m) => {
      // Discord's `mentions`: the users the content mentions, as user objects (some with the member's nickname).
      const inContent = w.users.filter((u) => m.content.includes(`<@${u.id}>`) || m.content.includes(`<@!${u.id}>`));
      const api = {
        id: m.id,
        type: m.reply ? 19 : 0,
        channel_id: "1",
        author: { id: "900000000000000001", username: "member", global_name: "Member", avatar: null, discriminator: "0" },
        content: m.content,
        embeds: m.embeds,
        attachments: m.attachments.map((a) => ({
          ...a,
          url: `https://cdn.discordapp.com/attachments/1/${a.id}/${encodeURIComponent(a.filename)}`,
          proxy_url: "",
        })),
        sticker_items: m.stickers.map((s) => ({ ...s, format_type: 1 })),
        mentions: inContent.map((u, i) => ({
          id: u.id,
          username: `user${i}`,
          global_name: i % 2 ? u.name : null,
          ...(i % 2 ? {} : { member: { nick: u.name } }),
          avatar: null,
          discriminator: "0",
        })),
        mention_roles: w.roles.filter((r) => m.content.includes(`<@&${r.id}>`)).map((r) => r.id),
        ...(m.reply
          ? {
              message_reference: { message_id: m.reply.id, channel_id: "1", type: 0 },
              referenced_message: {
                id: m.reply.id,
                author: { id: "5", username: m.reply.author, global_name: null },
                content: m.reply.content,
              },
            }
          : {}),
        timestamp: "2025-01-02T03:04:05.000Z",
      };
      return { w, api: api as unknown as APIMessage };
    }),
);

/** The guild as the platform tells it: its roles and channels, members not mentioned in content looked up one by one. */
function platformOf(w: World): PlatformAdapter {
  return {
    getGuild: async () => ({
      roles: w.roles.map((r, i) => ({ ...r, position: i })),
      text_channels: w.channels.map((c, i) => ({ ...c, position: i })),
      categories: [],
    }),
    getMember: async (_g: string, id: string) => {
      const user = w.users.find((u) => u.id === id);
      return user ? { id, username: user.name, avatar: null, roles: [] } : null;
    },
    getChannel: async () => null,
  } as unknown as PlatformAdapter;
}

/** Every text a message's parts carry. */
function textsOf(api: APIMessage): string[] {
  const texts = [api.content];
  for (const e of api.embeds) {
    texts.push(e.title ?? "", e.description ?? "", e.author?.name ?? "", e.footer?.text ?? "");
    for (const f of e.fields ?? []) texts.push(f.name, f.value);
  }
  return texts;
}

const meta = {
  guildId: GUILD,
  ticketId: 1,
  authorUsername: "member",
  panelName: "Support",
  closeReason: null,
  rating: null,
  closedAt: 1_735_786_000_000,
};

async function recordOf(api: APIMessage, w: World): Promise<TranscriptMessage> {
  const [captured] = await captureMentionNames(platformOf(w), GUILD, [fromDiscordMessage(api)]);
  return toRecordMessage(captured);
}

describe("a Discord message in the record", () => {
  it("keeps every text of every part, with its mentions' names, in the document and (escaped, as names) in the HTML", async () => {
    await fc.assert(
      fc.asyncProperty(message, async ({ w, api }) => {
        const record = await recordOf(api, w);
        // What the close stores is a valid transcript message (the ingest would take it as it is), and the document
        // gives back exactly what went in.
        expect(transcriptMessageSchema.safeParse(record).success).toBe(true);
        expect(parseDocument(serialiseDocument([record])).messages).toEqual([record]);

        expect(record.content).toBe(api.content);
        expect(record.embeds).toHaveLength(api.embeds.length);
        api.embeds.forEach((e, i) => {
          const kept = record.embeds[i];
          expect([kept.title, kept.description, kept.url]).toEqual([e.title, e.description, e.url]);
          expect(kept.color).toBe(e.color === undefined ? undefined : `#${e.color.toString(16).padStart(6, "0")}`);
          expect(kept.author).toEqual(e.author);
          expect(kept.footer).toEqual(e.footer);
          expect(kept.image).toEqual(e.image);
          expect(kept.thumbnail).toEqual(e.thumbnail);
          expect(kept.timestamp).toBe(e.timestamp === undefined ? undefined : Date.parse(e.timestamp));
          expect(kept.fields ?? []).toEqual((e.fields ?? []).map((f) => (f.inline ? f : { name: f.name, value: f.value })));
        });
        expect(record.attachments).toEqual(
          api.attachments.map((a) => ({ name: a.filename, url: a.url, size: a.size, content_type: a.content_type })),
        );
        expect(record.stickers ?? []).toEqual((api.sticker_items ?? []).map((s) => ({ name: s.name })));
        const replied = api.referenced_message;
        // The start of the text replied to (none when it has none).
        const snippet = replied?.content ? { content: clampText(replied.content, 200) } : {};
        expect(record.reply).toEqual(replied ? { message_id: replied.id, author: replied.author.username, ...snippet } : undefined);

        // Each mention has the name it had now, captured in the record; an unknown one has none.
        const everyText = [...textsOf(api), record.reply?.content ?? ""].join("\n");
        for (const u of w.users)
          if (everyText.includes(`<@${u.id}>`) || everyText.includes(`<@!${u.id}>`)) expect(record.mentions?.users[u.id]).toBe(u.name);
        for (const r of w.roles) if (everyText.includes(`<@&${r.id}>`)) expect(record.mentions?.roles[r.id]).toBe(r.name);
        for (const c of w.channels) if (everyText.includes(`<#${c.id}>`)) expect(record.mentions?.channels[c.id]).toBe(c.name);
        for (const id of w.strangers) {
          if (!w.users.some((u) => u.id === id)) expect(record.mentions?.users[id]).toBeUndefined();
          if (!w.roles.some((r) => r.id === id)) expect(record.mentions?.roles[id]).toBeUndefined();
          if (!w.channels.some((c) => c.id === id)) expect(record.mentions?.channels[id]).toBeUndefined();
        }

        // The HTML shows every text as its reader would read it: escaped, each mention as its name.
        const seen = visibleText(await renderTranscriptHtml(meta, [record]));
        for (const t of textsOf(api)) expect(seen).toContain(withMentionNames(t, record.mentions));
        for (const a of api.attachments) expect(seen).toContain(a.filename);
        for (const s of api.sticker_items ?? []) expect(seen).toContain(s.name);
        if (record.reply) {
          const snippet = record.reply.content ? `: ${withMentionNames(record.reply.content, record.mentions)}` : "";
          expect(seen).toContain(`Replying to ${record.reply.author}${snippet}`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a message at every limit at once: 2,000 of content, 10 embeds of 6,000 characters, 25 fields, 10 attachments", async () => {
    const w: World = {
      users: [{ id: "111111111111111111", name: "Ann" }],
      roles: [{ id: "222222222222222222", name: "Support" }],
      channels: [],
      strangers: [],
    };
    const fields = Array.from({ length: 25 }, (_, i) => ({
      name: `<@&222222222222222222> ${i}`.padEnd(40, "n"),
      value: "v".repeat(100),
      inline: i % 2 === 0,
    }));
    const api = {
      id: "1",
      type: 0,
      channel_id: "1",
      author: { id: "2", username: "a", global_name: null, avatar: null, discriminator: "0" },
      mention_roles: [],
      content: `<@111111111111111111> ${"c".repeat(2000 - 22)}`,
      embeds: [
        { title: "t".repeat(256), description: "d".repeat(1000), fields },
        ...Array.from({ length: 9 }, () => ({ description: "e".repeat(120) })),
      ],
      attachments: Array.from({ length: 10 }, (_, i) => ({
        id: String(i),
        filename: `file-${i}.png`,
        size: 1024 * i,
        url: `https://cdn.discordapp.com/attachments/1/${i}/file.png`,
        proxy_url: "",
      })),
      mentions: [{ id: "111111111111111111", username: "ann", global_name: "Ann", avatar: null, discriminator: "0" }],
      timestamp: "2025-01-02T03:04:05.000Z",
    } as unknown as APIMessage;
    expect(api.content).toHaveLength(2000);
    const record = await recordOf(api, w);
    expect(transcriptMessageSchema.safeParse(record).success).toBe(true);
    expect(record.content).toBe(api.content);
    expect(record.embeds[0].fields).toHaveLength(25);
    expect(record.embeds).toHaveLength(10);
    expect(record.attachments).toHaveLength(10);
    expect(record.mentions).toEqual({ users: { "111111111111111111": "Ann" }, roles: { "222222222222222222": "Support" }, channels: {} });
    const seen = visibleText(await renderTranscriptHtml(meta, [record]));
    expect(seen).toContain(`@Ann ${"c".repeat(1978)}`);
    for (const f of fields) expect(seen).toContain(f.name.replace("<@&222222222222222222>", "@Support"));
    expect(seen).toContain("file-9.png (9.0 KB)");
  });
});
