import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INGEST_BODY_LIMIT } from "../../../server/http/transcripts";
import { renderRichText, renderTranscriptHtml, transcriptTooLong } from "../../../server/transcripts/render";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, bearer, createTestApp, type TestApp } from "../helpers";

// The transcript renderer reads text a user wrote: it must format it as before (links, **bold**, `code`), and in
// linear time — the regular expression it used to trim a link's trailing punctuation backtracked quadratically, so an
// 8 MB transcript of punctuation runs stalled every request for half a minute.

describe("rich text", () => {
  it("links http(s) URLs, leaving a sentence's trailing punctuation outside", () => {
    expect(renderRichText("See https://example.com/a?b=1&c=2, then http://x.y/z).")).toBe(
      'See <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">https://example.com/a?b=1&amp;c=2</a>, then ' +
        '<a href="http://x.y/z" rel="noopener noreferrer nofollow">http://x.y/z</a>).',
    );
    expect(renderRichText("HTTPS://EXAMPLE.COM!")).toBe(
      '<a href="https://example.com/" rel="noopener noreferrer nofollow">HTTPS://EXAMPLE.COM</a>!',
    );
    expect(renderRichText("javascript:alert(1) http:// httpx://a")).toBe("javascript:alert(1) http:// httpx://a");
    expect(renderRichText('https://a.b/"onmouseover=x')).toBe(
      '<a href="https://a.b/" rel="noopener noreferrer nofollow">https://a.b/</a>&quot;onmouseover=x',
    );
  });

  it("wraps **bold** and `code` within a line, escaping everything else", () => {
    expect(renderRichText("**hi** and `<b>` **a\nb** `x`")).toBe("<strong>hi</strong> and <code>&lt;b&gt;</code> **a\nb** <code>x</code>");
    expect(renderRichText("***a** ****")).toBe("*<strong>a</strong> ****");
    expect(renderRichText("`` `a`")).toBe("&#96;<code> </code>a&#96;");
  });

  it("stays linear on punctuation runs, unclosed markers and link-like text (a 4,000-character message each)", () => {
    const samples = [
      `http://a${".".repeat(3990)}x`,
      `http://a${".".repeat(3992)}`,
      "**".repeat(2000),
      "&`".repeat(2000),
      `**${"a".repeat(3996)}`,
      "http".repeat(1000),
    ];
    for (const text of samples) expect(renderRichText(text).length).toBeGreaterThanOrEqual(text.length);
  });
});

describe("an 8 MB adversarial transcript", () => {
  let t: TestApp;
  let token: string;
  let key: string;
  const ticketId = 7777;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn(DEMO_ADMIN_ID);
    key = (await t.app.inject({ method: "POST", url: `/api/${DEMO_COMMUNITY_ID}/bot-key`, headers: bearer(token) })).json().key;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("renders in full while a concurrent request is answered first", async () => {
    // Each message: a link made of a long run of punctuation, the old regex's worst case.
    const content = `http://a${".".repeat(3990)}x`;
    const messages = [];
    let size = 0;
    for (let i = 0; size < INGEST_BODY_LIMIT - 10_000 && messages.length < 5000; i++) {
      const message = { author: "flood", content: i === 0 ? "first" : content, timestamp: 1_700_000_000 + i };
      size += JSON.stringify(message).length + 1;
      messages.push(message);
    }
    messages.push({ author: "flood", content: "the very last message", timestamp: 1_700_009_999 });
    const payload = JSON.stringify({ TicketId: ticketId, AuthorId: "1", AuthorUsername: "flood", ClosedAt: 1_700_010_000, messages });
    expect(payload.length).toBeGreaterThan(7.5 * 1024 * 1024);
    const stored = await t.app.inject({
      method: "POST",
      url: `/api/${DEMO_COMMUNITY_ID}/transcripts`,
      headers: { authorization: `Bot ${key}`, "content-type": "application/json" },
      payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);

    t.app.server.listen(0, "127.0.0.1");
    await once(t.app.server, "listening");
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const order: string[] = [];
    const view = fetch(`${base}/api/${DEMO_COMMUNITY_ID}/transcripts/${ticketId}`, { headers: bearer(token) }).then(async (res) => {
      order.push("view");
      return { status: res.status, body: (await res.json()) as { transcript_html: string } };
    });
    // Sent once the view's rendering is under way: the ping must not wait for it.
    await new Promise((resolve) => setImmediate(resolve));
    const ping = fetch(`${base}/api/ping`).then((res) => {
      order.push("ping");
      return res.status;
    });
    const [viewed, pinged] = await Promise.all([view, ping]);
    expect(pinged).toBe(200);
    expect(viewed.status).toBe(200);
    expect(order).toEqual(["ping", "view"]);
    // All of it: the budget (2 s) was not needed, so nothing was left out.
    expect(viewed.body.transcript_html).toContain("the very last message");
    expect(viewed.body.transcript_html).not.toContain("too long to show in full");
  });

  it("a rendering past its budget shows what it rendered and says what it left out", async () => {
    const messages = Array.from({ length: 5 }, (_, i) => ({
      author: "a",
      content: `m${i}`,
      timestamp: 1_700_000_000 + i,
      embeds: [],
      attachments: [],
    }));
    const meta = {
      guildId: DEMO_COMMUNITY_ID,
      ticketId: 1,
      authorUsername: "a",
      panelName: "P",
      closeReason: null,
      rating: null,
      closedAt: 1_700_000_000_000,
    };
    const html = await renderTranscriptHtml(meta, messages, "light", { totalMs: -1, sliceMs: 8 });
    expect(html).toContain(transcriptTooLong(0, 5));
    expect(html).not.toContain("m0");
  });
});

describe("the audit trail the gateway keeps", () => {
  it("a message edited shows when and what it said before; one deleted in Discord says so — every part escaped", async () => {
    const meta = {
      guildId: DEMO_COMMUNITY_ID,
      ticketId: 1,
      authorUsername: "a",
      panelName: "P",
      closeReason: null,
      rating: null,
      closedAt: 1_700_000_000_000,
    };
    const at = Date.UTC(2026, 10, 2, 9, 30);
    const html = await renderTranscriptHtml(meta, [
      {
        author: "a",
        content: "order #78",
        timestamp: at,
        embeds: [],
        attachments: [],
        edited_at: at + 60_000,
        history: [{ content: "order <b>#77</b>", at: at + 60_000, kind: "edit" }],
      },
      {
        author: "b",
        content: "oops",
        timestamp: at + 120_000,
        embeds: [],
        attachments: [],
        deleted_at: at + 180_000,
        history: [{ content: "oops", at: at + 180_000, kind: "delete" }],
      },
    ]);
    expect(html).toContain('<div class="audit">Edited <time datetime="2026-11-02T09:31:00.000Z">');
    expect(html).toContain("<summary>Earlier versions (1)</summary>");
    expect(html).toContain("order &lt;b&gt;#77&lt;/b&gt;");
    expect(html).toContain('<div class="audit">Deleted in Discord <time datetime="2026-11-02T09:33:00.000Z">');
    // A deletion's last version is the message itself: no "earlier versions" for it.
    expect(html.match(/Earlier versions/g)).toHaveLength(1);
  });
});
