import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, GAMING_HUB_ID } from "../platform/demo-fixtures";
import type { TranscriptKeyring } from "../crypto";
import type { TranscriptMessage } from "./document";
import { keyringForDatabase } from "./keys";
import { insertTranscript, quotaBytesOf, TranscriptQuotaExceeded, UNKNOWN_PANEL } from "./store";

/**
 * The demo seed runs without the server's configuration: it honours the smallest quota TRANSCRIPT_QUOTA_MB can be
 * (1 MB; the demo transcripts take about 34 KB), so it fits whatever quota is configured.
 */
const DEMO_SEED_QUOTA_BYTES = quotaBytesOf(1);

// Demo transcripts: realistic closed tickets (messages, embeds, attachments as links, ratings, close reasons),
// about 80 in Demo Community and 20 in Gaming Hub, sealed through the same code path as the ingest. The content
// is generated from a fixed seed, so every fresh database gets the same tickets.

/** The ticket whose messages try to run scripts: it must display them as text. */
export const XSS_DEMO_TICKET = { guildId: DEMO_COMMUNITY_ID, ticketId: 1042, author: "curious_cat" } as const;
export const DEMO_TRANSCRIPT_COUNTS = { [DEMO_COMMUNITY_ID]: 80, [GAMING_HUB_ID]: 20 } as const;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

interface Line {
  /** "user" (the ticket's author), "staff", or "bot". */
  by: "user" | "staff" | "bot";
  content?: string;
  embed?: { title?: string; description?: string; color?: string };
  attachment?: { name: string; url: string };
}

interface Scenario {
  panel: string;
  reason: string | null;
  lines: Line[];
}

const welcome = (panel: string): Line => ({
  by: "bot",
  embed: {
    title: panel === UNKNOWN_PANEL ? "Support ticket" : panel,
    description:
      "Thanks for reaching out! A member of staff will be with you shortly.\nPlease describe your issue in as much detail as you can.",
    color: "#5865F2",
  },
});

const communityScenarios: Scenario[] = [
  {
    panel: "Billing",
    reason: "Refund issued",
    lines: [
      { by: "user", content: "Hi, I was charged twice for the Premium upgrade this morning." },
      {
        by: "user",
        content: "Here is my bank statement, order id is **ORD-48213**.",
        attachment: { name: "statement.png", url: "https://cdn.example.com/attachments/statement.png" },
      },
      { by: "staff", content: "Thanks for the screenshot! I can see two payments for that order. Let me check with billing." },
      { by: "staff", content: "The duplicate payment has been refunded. It can take 3-5 business days to show up on your statement." },
      { by: "user", content: "Perfect, thank you so much!" },
    ],
  },
  {
    panel: "Billing",
    reason: "Invoice sent",
    lines: [
      { by: "user", content: "Could I get an invoice with our company name for the yearly plan? We need it for accounting." },
      { by: "staff", content: "Sure! What name and VAT number should be on it?" },
      { by: "user", content: "Acme Robotics Ltd, VAT GB123456789" },
      {
        by: "staff",
        content: "Here you go:",
        attachment: { name: "invoice-2024-0931.pdf", url: "https://cdn.example.com/invoices/invoice-2024-0931.pdf" },
      },
    ],
  },
  {
    panel: "General Support",
    reason: "Resolved",
    lines: [
      { by: "user", content: "The bot doesn't answer to `/ticket open` in #support anymore." },
      { by: "staff", content: "Can you check that the bot still has the Send Messages permission in that channel?" },
      { by: "user", content: "Oh, someone removed it when they reorganised the roles. Fixed now, works again." },
      { by: "staff", content: "Great! Glad it is sorted." },
    ],
  },
  {
    panel: "General Support",
    reason: "Question answered",
    lines: [
      { by: "user", content: "How do I change my nickname on this server?" },
      {
        by: "staff",
        content:
          "Right-click your name in the member list and choose **Edit Server Profile**. On mobile, tap the server name, then Edit Server Profile.",
      },
      { by: "user", content: "Found it, thanks" },
    ],
  },
  {
    panel: "General Support",
    reason: null,
    lines: [
      { by: "user", content: "I'd like to apply for the event team. Is there a form?" },
      {
        by: "staff",
        content: "Applications open next month. Keep an eye on #announcements, we will post the form there: https://example.com/apply",
      },
    ],
  },
  {
    panel: "General Support",
    reason: "User muted for 24h",
    lines: [
      { by: "user", content: "Someone keeps sending me spam links in DMs, username is shadyseller#0001." },
      {
        by: "user",
        content: "Screenshots:",
        attachment: { name: "dm-spam-1.png", url: "https://cdn.example.com/attachments/dm-spam-1.png" },
      },
      { by: "staff", content: "Thank you for the report. We have muted that account and removed its messages." },
      {
        by: "bot",
        embed: {
          title: "Moderation action",
          description: "shadyseller was muted for 24 hours.\nReason: spam in direct messages",
          color: "#ED4245",
        },
      },
    ],
  },
  {
    panel: "General Support",
    reason: "Role restored",
    lines: [
      { by: "user", content: "I lost my VIP role after the server migration, can you give it back?" },
      { by: "staff", content: "Checking the old records... yes, you had VIP since March. Restored!" },
      { by: "user", content: "Thank you!!" },
    ],
  },
  {
    panel: UNKNOWN_PANEL,
    reason: "Duplicate ticket",
    lines: [
      { by: "user", content: "hello? anyone there" },
      {
        by: "staff",
        content:
          "Hi! It looks like you already have an open ticket about the same thing, I will close this one so we keep it all in one place.",
      },
    ],
  },
  {
    panel: UNKNOWN_PANEL,
    reason: "Partnership declined",
    lines: [
      { by: "user", content: "Hey, I run a gaming server with 2k members and would love to partner up." },
      {
        by: "staff",
        content: "Thanks for your interest! At the moment we only partner with servers above 5k members, but feel free to come back later.",
      },
    ],
  },
  {
    panel: "Billing",
    reason: "Subscription cancelled",
    lines: [
      { by: "user", content: "Please cancel my monthly subscription, I don't use the premium features anymore." },
      { by: "staff", content: "Done. You keep Premium until the end of the current period." },
      { by: "bot", embed: { title: "Subscription updated", description: "Status: cancelled at period end", color: "#FEE75C" } },
    ],
  },
  {
    panel: "General Support",
    reason: "Bug reported to developers",
    lines: [
      {
        by: "user",
        content: "The leaderboard shows negative XP for me, see attached.",
        attachment: { name: "leaderboard.jpg", url: "https://cdn.example.com/attachments/leaderboard.jpg" },
      },
      { by: "staff", content: "That is definitely a bug. I forwarded it to the developers with your screenshot." },
      { by: "staff", content: "Tracking link: https://status.example.com/incidents/xp-overflow" },
    ],
  },
  {
    panel: "General Support",
    reason: null,
    lines: [{ by: "user", content: "sorry, opened this by accident" }],
  },
];

const gamingScenarios: Scenario[] = [
  {
    panel: "Player Reports",
    reason: "Player banned",
    lines: [
      {
        by: "user",
        content: "Player xXSniperXx is using an aimbot on the EU-2 server, clip attached.",
        attachment: { name: "aimbot-clip.mp4", url: "https://cdn.example.com/clips/aimbot-clip.mp4" },
      },
      { by: "staff", content: "Thanks, reviewing the clip now." },
      { by: "staff", content: "Confirmed and banned. Thanks for keeping the servers fair!" },
      { by: "bot", embed: { title: "Ban issued", description: "xXSniperXx — permanent, cheating", color: "#ED4245" } },
    ],
  },
  {
    panel: "Technical Help",
    reason: "Resolved",
    lines: [
      { by: "user", content: "I get 'connection timed out' when joining play.gaminghub.example" },
      { by: "staff", content: "Could you try the backup address eu.play.gaminghub.example? The main proxy had issues tonight." },
      { by: "user", content: "That one works, thanks!" },
    ],
  },
  {
    panel: "Technical Help",
    reason: "Known issue",
    lines: [
      { by: "user", content: "The modpack crashes on launch after the update." },
      { by: "staff", content: "Known issue with the shader mod, a fix is coming. Meanwhile disable shaders in the launcher." },
    ],
  },
  {
    panel: "Player Reports",
    reason: "Not enough evidence",
    lines: [
      { by: "user", content: "someone griefed my base" },
      { by: "staff", content: "Do you know who, or roughly when? Without coordinates or logs we can't do much, sorry." },
    ],
  },
  {
    panel: UNKNOWN_PANEL,
    reason: "Tournament signup confirmed",
    lines: [
      { by: "user", content: "Signing up team **Night Owls** for the summer tournament." },
      { by: "staff", content: "You're in! Bracket will be posted in #announcements." },
    ],
  },
];

const communityUsers = [
  "maya_rose",
  "liam.b",
  "noah_codes",
  "sofia",
  "ethan_gg",
  "ava.lee",
  "lucas_m",
  "mia_draws",
  "oliver_k",
  "emma.w",
  "jackson",
  "isla_moon",
  "leo_p",
  "zoe.h",
  "henry_vt",
  "chloe_b",
  "samuel",
  "ella_plays",
  "max_power",
  "nora.q",
];
const gamingUsers = ["FragMaster", "PixelQueen", "n00bslayer", "CaptainLag", "RespawnRita", "GhostPing", "ComboKing", "Lootgoblin"];

const xssMessages = (start: number, author: string): TranscriptMessage[] => [
  {
    author,
    content: "Does this render? <script>alert(1)</script> and <script>window.__xss = true</script>",
    timestamp: start,
    embeds: [],
    attachments: [],
  },
  {
    author,
    content: "Also testing <img src=x onerror=alert(1)> and [click](javascript:alert(1)) — just curious how you show it.",
    timestamp: start + 2 * MINUTE,
    embeds: [
      {
        title: "<b onmouseover=alert(1)>Embed</b>",
        description: '<iframe src="https://evil.example"></iframe>',
        color: "red;background:url(x)",
      },
    ],
    attachments: [
      { name: "<svg onload=alert(1)>.png", url: "https://cdn.example.com/attachments/svg.png" },
      { name: "not-a-link.txt", url: "javascript:alert(1)" },
    ],
  },
  {
    author: "Demo Staff",
    author_id: DEMO_STAFF_ID,
    content: "It shows as plain text, nothing runs. Nice try though!",
    timestamp: start + 6 * MINUTE,
    embeds: [],
    attachments: [],
  },
];

function scenarioMessages(
  scenario: Scenario,
  user: string,
  staff: { name: string; id: string },
  start: number,
  rnd: ReturnType<typeof prng>,
): TranscriptMessage[] {
  const out: TranscriptMessage[] = [];
  let t = start;
  out.push({ author: "Ticketeer", content: "", timestamp: t, embeds: [welcome(scenario.panel).embed!], attachments: [] });
  for (const line of scenario.lines) {
    t += rnd.int(1, 40) * MINUTE;
    const author = line.by === "user" ? user : line.by === "staff" ? staff.name : "Ticketeer";
    out.push({
      author,
      author_id: line.by === "staff" ? staff.id : undefined,
      content: line.content ?? "",
      timestamp: t,
      embeds: line.embed ? [line.embed] : [],
      attachments: line.attachment ? [line.attachment] : [],
    });
  }
  return out;
}

const userId = (guildIndex: number, name: string) => {
  let h = 0;
  for (const ch of name) h = (h * 131 + ch.charCodeAt(0)) % 1_000_000_000;
  return `7${guildIndex}${String(h).padStart(9, "0")}0000000`;
};

/** Seeds the demo transcripts (once per database, from server/seed.ts). */
export async function seedDemoTranscripts(db: Kysely<Database>, keyring?: TranscriptKeyring): Promise<void> {
  const ring = keyring ?? (await keyringForDatabase(db));
  const panels = await db.selectFrom("panels").select(["id", "guild_id", "name"]).where("kind", "=", "single").execute();
  const panelId = (guildId: string, name: string) => panels.find((p) => p.guild_id === guildId && p.name === name)?.id ?? null;
  const now = Date.now();

  const guilds = [
    {
      guildId: DEMO_COMMUNITY_ID,
      index: 1,
      count: DEMO_TRANSCRIPT_COUNTS[DEMO_COMMUNITY_ID],
      first: 1001,
      scenarios: communityScenarios,
      users: communityUsers,
      staff: [
        { name: "Demo Staff", id: DEMO_STAFF_ID },
        { name: "Demo Admin", id: DEMO_ADMIN_ID },
      ],
    },
    {
      guildId: GAMING_HUB_ID,
      index: 2,
      count: DEMO_TRANSCRIPT_COUNTS[GAMING_HUB_ID],
      first: 201,
      scenarios: gamingScenarios,
      users: gamingUsers,
      staff: [{ name: "Demo Admin", id: DEMO_ADMIN_ID }],
    },
  ];
  for (const g of guilds) {
    const rnd = prng(g.index * 7919);
    for (let i = 0; i < g.count; i++) {
      const ticketId = g.first + i;
      // Spread over the last ~90 days, oldest first, so higher ticket ids are newer.
      const start = now - (g.count - i) * ((90 * 24 * HOUR) / g.count) + rnd.int(0, 6) * HOUR;
      const isXss = g.guildId === XSS_DEMO_TICKET.guildId && ticketId === XSS_DEMO_TICKET.ticketId;
      const scenario = isXss
        ? { panel: "General Support", reason: "Not a real issue", lines: [] }
        : g.scenarios[rnd.int(0, g.scenarios.length - 1)]!;
      const user = isXss ? XSS_DEMO_TICKET.author : rnd.pick(g.users);
      const staff = rnd.pick(g.staff);
      const messages = isXss ? xssMessages(start, user) : scenarioMessages(scenario, user, staff, start, rnd);
      const closedAt = messages[messages.length - 1]!.timestamp + rnd.int(2, 90) * MINUTE;
      const r = rnd.next();
      const rating = r < 0.25 ? null : r < 0.35 ? rnd.int(1, 3) : rnd.int(4, 5);
      await insertTranscript(
        db,
        ring,
        g.guildId,
        {
          TicketId: ticketId,
          AuthorId: userId(g.index, user),
          AuthorUsername: user,
          CloseReason: scenario.reason,
          PanelId: scenario.panel === UNKNOWN_PANEL ? null : panelId(g.guildId, scenario.panel),
          PanelName: scenario.panel,
          Rating: rating,
          ClosedAt: closedAt,
          messages,
        },
        { bytes: DEMO_SEED_QUOTA_BYTES },
      ).catch((error: unknown) => {
        // Past the quota (a guild already holding data): the demo transcript is not kept, like any other.
        if (!(error instanceof TranscriptQuotaExceeded)) throw error;
      });
    }
  }
}
