import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "./fixtures";
import { GAMING_HUB_ID, signIn } from "./helpers";

// Untrusted content in the browser: an XSS corpus placed through the API (as the owner, and as a bot through the
// transcript ingest) in every text the dashboard shows — tag names and content, panel titles, descriptions and
// embed fields, form names and labels, blacklist reasons, transcript messages and usernames, and therefore the
// activity log's before/after — then every screen showing them is opened. No dialog may open, no payload may
// run (each one sets window.__xss), no element may carry an event-handler attribute or a javascript: URL, and
// no request may leave for another origin. Everything lives in Gaming Hub so other specs' screens stay clean.

const G = GAMING_HUB_ID;
const CHANNEL = "823456789012345714"; // #help-desk
const uid = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Each payload sets window.__xss (or tries to reach another origin) if it ever runs. */
const corpus = [
  `<script>window.__xss='script'</script>`,
  `<img src=x onerror="window.__xss='img'">`,
  `<svg onload="window.__xss='svg'"><circle r=9 /></svg>`,
  `<a href="javascript:window.__xss='ahref'">click me</a>`,
  `javascript:window.__xss='url'`,
  `<iframe srcdoc="<script>parent.__xss='srcdoc'</script>"></iframe>`,
  `<div style="width:expression(window.__xss='expr');background:url(javascript:window.__xss='cssurl')">css</div>`,
  `</title><script>window.__xss='title'</script>`,
  `{{constructor.constructor('window.__xss="tpl"')()}}`,
  `"><img src=//attacker.invalid/q.png onerror=window.__xss='attr'>`,
  `[click](javascript:window.__xss='md') and [ok](https://attacker.invalid/x)`,
  `<style>@import url(//attacker.invalid/x.css);</style>`,
  `<object data="javascript:window.__xss='obj'"></object>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss='mxss'>`,
  `<img src="https://attacker.invalid/leak.png">`,
  `</textarea><script>window.__xss='textarea'</script>`,
  `<meta http-equiv="refresh" content="0;url=javascript:window.__xss='meta'">`,
  `\u202e<b onmouseover=window.__xss='rtl'>hover</b>\u202c`,
  "`${window.__xss='tplstr'}`",
];
/** For fields of 45 characters or fewer (form labels). */
const short = [
  `<img src=x onerror=__xss=1>`,
  `<svg onload=__xss=2>`,
  `<script>__xss=3</script>`,
  `javascript:__xss=4`,
  `{{constructor.constructor('__xss=5')()}}`,
];
const cut = (s: string, n: number) => s.slice(0, n);

interface Placed {
  panelId: number;
  multiPanelId: number;
  formId: number;
  ticketId: number;
}

/**
 * Stores the transcript under a ticket number without one. Once the bot numbers the server's tickets (another spec on
 * this worker may have opened one there), an ingest may not claim a number beyond the last it handed out: then the
 * highest number below it that has no transcript.
 */
async function storeTranscript(request: APIRequestContext, token: string, key: string, transcript: (ticketId: number) => object) {
  const headers = { authorization: `Bot ${key}` };
  const first = 800_000 + Math.floor(Math.random() * 100_000);
  const res = await request.fetch(`/api/${G}/transcripts`, { method: "POST", headers, data: transcript(first) });
  if (res.ok()) return first;
  const last = /the last is (\d+)/.exec(await res.text());
  expect(last, await res.text()).not.toBeNull();
  const taken = new Set<number>();
  for (let page = 1; ; page++) {
    const { transcripts, total } = await api(request, token, "GET", `/${G}/transcripts?per_page=100&page=${page}`);
    for (const t of transcripts as { TicketId: number }[]) taken.add(t.TicketId);
    if (page * 100 >= total) break;
  }
  let ticketId = Number(last![1]);
  while (taken.has(ticketId)) ticketId--;
  await api(request, token, "POST", `/${G}/transcripts`, transcript(ticketId), `Bot ${key}`);
  return ticketId;
}

async function api(request: APIRequestContext, token: string, method: string, path: string, data?: unknown, auth = `Bearer ${token}`) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: auth }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Puts the corpus everywhere through the API; returns the ids of what it created. */
async function placeCorpus(request: APIRequestContext, token: string): Promise<Placed> {
  for (const [i, p] of corpus.entries()) {
    await api(request, token, "POST", `/${G}/tags`, {
      TagName: cut(`${p} ${uid}-${i}`, 255),
      Content: `${p}\n${corpus[(i + 1) % corpus.length]}`,
    });
  }
  const panelBody = (i: number) => ({
    PanelName: cut(`${corpus[i]} ${uid}`, 100),
    PanelMessage: {
      PanelChannel: CHANNEL,
      PanelTitle: cut(corpus[i + 1], 256),
      PanelDescription: corpus.join("\n"),
      PanelContent: cut(corpus[i + 2], 2000),
      PanelAuthor: cut(corpus[i + 3], 256),
      PanelFooter: cut(corpus[i + 4], 2048),
      PanelFields: corpus
        .slice(0, 6)
        .map((p, n) => ({ FieldName: cut(p, 256), FieldValue: corpus[(n + 7) % corpus.length], Inline: n % 2 === 0 })),
      ButtonText: cut(corpus[i + 5], 80),
    },
    WelcomeMessage: {
      WelcomeTitle: cut(corpus[i + 6], 256),
      WelcomeDescription: corpus.join("\n"),
      WelcomeFooter: cut(corpus[i + 7], 2048),
    },
  });
  const a = await api(request, token, "POST", `/${G}/panels`, { SinglePanel: panelBody(0) });
  const b = await api(request, token, "POST", `/${G}/panels`, { SinglePanel: panelBody(8) });
  const multi = await api(request, token, "POST", `/${G}/panels`, {
    MultiPanel: {
      PanelChannelId: CHANNEL,
      Panels: [String(a.PanelId), String(b.PanelId)],
      DropdownMenu: true,
      DropdownMenuPlaceholder: cut(corpus[1], 150),
      PanelTitle: cut(`${corpus[0]} ${uid}`, 256),
      PanelDescription: corpus.join("\n"),
      PanelFooter: corpus[2],
      PanelFields: [{ FieldName: corpus[3], FieldValue: corpus[4], Inline: false }],
    },
  });
  const form = await api(request, token, "POST", `/${G}/forms`, {
    // A form name is a Discord modal title: 45 characters at most.
    FormName: `${cut(corpus[1], 44 - uid.length)} ${uid}`,
    fields: short.map((label, n) => ({ Label: label, Placeholder: cut(corpus[n + 2], 100), Style: n % 2 ? "Paragraph" : "Short" })),
  });
  for (const [i, p] of corpus.slice(0, 6).entries()) {
    await api(request, token, "POST", `/${G}/blacklist`, {
      Kind: "User",
      TargetId: `9${uid.replace(/\D/g, "").padEnd(8, "7").slice(0, 8)}${String(i).padStart(9, "0")}`,
      Reason: cut(p, 200),
    });
  }
  const { key } = await api(request, token, "POST", `/${G}/bot-key`);
  const transcript = (ticketId: number) => ({
    TicketId: ticketId,
    AuthorId: "823456789012345999",
    AuthorUsername: cut(corpus[1], 100),
    CloseReason: cut(corpus[0], 1024),
    PanelId: a.PanelId,
    Rating: 1,
    ClosedAt: Date.now(),
    // Every part a message may carry holds the corpus: whole embeds (links and images to script or another
    // origin), attachments' types, stickers, the reply and the names of mentions.
    messages: corpus.map((p, n) => ({
      author: cut(corpus[(n + 3) % corpus.length], 100),
      author_id: "823456789012345998",
      content: cut(`${p} <@823456789012345997> <@&823456789012345996> <#823456789012345995>`, 4000),
      timestamp: Date.now() - (corpus.length - n) * 1000,
      embeds: [
        {
          title: cut(p, 256),
          description: p,
          color: "#ff0000",
          url: n % 2 ? "javascript:window.__xss='title'" : "https://attacker.invalid/title",
          author: { name: cut(p, 256), url: "javascript:window.__xss='author'", icon_url: "https://attacker.invalid/icon.png" },
          fields: [{ name: cut(p, 256), value: cut(p, 1024), inline: true }],
          footer: { text: cut(p, 2048), icon_url: "https://attacker.invalid/footer.png" },
          image: { url: n % 2 ? "javascript:window.__xss='image'" : "https://attacker.invalid/image.png" },
          thumbnail: { url: "https://attacker.invalid/thumbnail.png" },
        },
      ],
      attachments: [
        {
          name: cut(p, 200),
          url: n % 2 ? "javascript:window.__xss='attachment'" : "https://attacker.invalid/file.png",
          size: 1,
          content_type: cut(p, 255),
        },
      ],
      stickers: [{ name: cut(p, 100) }],
      reply: { message_id: "823456789012345994", author: cut(p, 100), content: cut(p, 200) },
      mentions: {
        users: { "823456789012345997": cut(p, 100) },
        roles: { "823456789012345996": cut(p, 100) },
        channels: { "823456789012345995": cut(p, 100) },
      },
    })),
  });
  const ticketId = await storeTranscript(request, token, key, transcript);
  return { panelId: a.PanelId, multiPanelId: multi.PanelId, formId: form.FormId, ticketId };
}

/** Records dialogs and requests to other origins (and stops them from leaving). */
async function watch(page: Page, context: BrowserContext, origin: string) {
  const dialogs: string[] = [];
  const foreign: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss().catch(() => {});
  });
  context.on("request", (req) => {
    const url = new URL(req.url());
    if ((url.protocol === "http:" || url.protocol === "https:" || url.protocol.startsWith("ws")) && url.origin !== origin)
      foreign.push(req.url());
  });
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== origin) return route.abort();
    return route.continue();
  });
  return { dialogs, foreign };
}

/** What a frame shows: its text, and the values of its inputs. */
const shownText = (page: Page) =>
  page.evaluate(() =>
    [document.body.innerText, ...[...document.querySelectorAll("input, textarea")].map((el) => (el as HTMLInputElement).value)].join("\n"),
  );

/**
 * Every frame has loaded, and every image in it has loaded or failed: an onload, an onerror or a meta refresh would
 * have had its turn. (A sandboxed frame without scripts cannot be asked; nothing can run in it anyway.)
 */
async function settled(page: Page) {
  for (const frame of page.frames()) {
    await frame.waitForLoadState("load");
    const imagesDone = () => frame.evaluate(() => [...document.images].every((image) => image.complete)).catch(() => true);
    await expect.poll(imagesDone, { message: `images of ${frame.url().slice(0, 60)}` }).toBe(true);
  }
}

/** Checks a screen after it rendered the corpus: nothing ran, nothing dangerous is in any frame's DOM. */
async function assertInert(page: Page, seen: { dialogs: string[]; foreign: string[] }, screen: string) {
  await settled(page);
  expect(seen.dialogs, `${screen}: a dialog opened`).toEqual([]);
  for (const frame of page.frames()) {
    const where = `${screen} (frame ${frame.url().slice(0, 60)})`;
    const report = await frame
      .evaluate(() => {
        const attrs = ["href", "src", "action", "formaction", "data", "xlink:href", "srcdoc"];
        const handlers: string[] = [];
        const jsUrls: string[] = [];
        for (const el of document.querySelectorAll("*")) {
          for (const a of el.attributes) {
            if (/^on/i.test(a.name)) handlers.push(`<${el.tagName.toLowerCase()} ${a.name}>`);
            if (attrs.includes(a.name.toLowerCase()) && /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value))
              jsUrls.push(`<${el.tagName.toLowerCase()} ${a.name}=${a.value.slice(0, 40)}>`);
          }
        }
        const unsandboxed = [...document.querySelectorAll("iframe")].filter(
          (f) => !f.hasAttribute("sandbox") || /allow-scripts/.test(f.getAttribute("sandbox") ?? ""),
        ).length;
        return { xss: (window as unknown as { __xss?: unknown }).__xss, handlers, jsUrls, unsandboxed };
      })
      .catch((error: Error) => ({ error: error.message }));
    expect("error" in report ? undefined : report.xss, `${where}: window.__xss`).toBeUndefined();
    if ("error" in report) continue; // a sandboxed frame without scripts: nothing can have run in it
    expect(report.handlers, `${where}: event-handler attributes`).toEqual([]);
    expect(report.jsUrls, `${where}: javascript: URLs`).toEqual([]);
    expect(report.unsandboxed, `${where}: frames that may run scripts`).toBe(0);
  }
  expect(seen.foreign, `${screen}: requests to other origins`).toEqual([]);
}

test("the XSS corpus is shown as text on every screen and never runs", async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const seen = await watch(page, context, origin);
  await signIn(page);
  const token = (await context.cookies()).find((c) => c.name === "session_token")?.value;
  expect(token, "session cookie").toBeTruthy();
  const placed = await placeCorpus(page.request, decodeURIComponent(token!));

  const screens: [string, string, string][] = [
    ["tags list", `/${G}/tags`, `${corpus[0]} ${uid}-0`],
    ["panels list", `/${G}/panels`, uid],
    ["single-panel editor and preview", `/${G}/panels/edit-single/${placed.panelId}`, "window.__xss='svg'"],
    ["multi-panel editor", `/${G}/panels/edit-multi/${placed.multiPanelId}`, uid],
    ["forms list", `/${G}/forms`, short[0]],
    ["form editor", `/${G}/forms/edit/${placed.formId}`, short[1]],
    ["blacklist", `/${G}/blacklist`, "window.__xss='img'"],
    ["transcripts list", `/${G}/transcripts`, String(placed.ticketId)],
  ];
  for (const [screen, url, marker] of screens) {
    await page.goto(url);
    await expect.poll(() => shownText(page), { message: `${screen} shows the corpus as text`, timeout: 15_000 }).toContain(marker);
    await assertInert(page, seen, screen);
  }

  // The transcript itself, in its frame.
  await page.goto(`/${G}/transcripts/${placed.ticketId}`);
  const frame = page.frameLocator("iframe.transcript-frame");
  await expect(frame.getByText(corpus[0]).first()).toBeVisible({ timeout: 15_000 });
  await assertInert(page, seen, "transcript view");

  // The activity log, every entry's before/after expanded.
  await page.goto(`/${G}/activity`);
  const toggles = page.getByRole("button", { name: "Show what changed" });
  await expect(toggles.first()).toBeVisible({ timeout: 15_000 });
  const count = await toggles.count();
  for (let i = 0; i < count; i++) await toggles.nth(i).click();
  await expect.poll(() => shownText(page), { message: "activity shows the corpus" }).toContain("window.__xss='script'");
  await assertInert(page, seen, "activity log");

  // Hovering and clicking what the corpus put on screen does nothing either.
  await page.goto(`/${G}/panels/edit-single/${placed.panelId}`);
  const preview = page.getByTestId("panel-preview");
  await expect(preview).toBeVisible();
  for (const link of await preview.locator("a").all()) {
    const href = (await link.getAttribute("href")) ?? "";
    expect(href, "preview links are http(s)").toMatch(/^https?:\/\//);
  }
  await preview.getByText("hover").first().hover();
  await assertInert(page, seen, "panel preview after hover");
});

test("control: the checks catch a payload that runs, a handler attribute and a request to another origin", async ({
  page,
  context,
  baseURL,
}) => {
  const seen = await watch(page, context, new URL(baseURL!).origin);
  // A page without the app's CSP (which would block the inline handler itself).
  await page.goto("about:blank");
  await page.setContent(`<p>control</p><img src="x" onerror="window.__xss='ran'">`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe("ran");
  await expect(assertInert(page, seen, "control")).rejects.toThrow(/window.__xss/);
  await page.evaluate(() => {
    delete (window as unknown as { __xss?: unknown }).__xss;
    document.querySelector("img")?.remove();
    const a = document.createElement("a");
    a.setAttribute("href", "javascript:void 0");
    document.body.append(a);
  });
  await expect(assertInert(page, seen, "control")).rejects.toThrow(/javascript: URLs/);
  await page.evaluate(() => document.querySelector("a")?.remove());
  await page.evaluate(() => fetch("https://attacker.invalid/beacon").catch(() => {}));
  await expect(assertInert(page, seen, "control")).rejects.toThrow(/other origins/);
});
