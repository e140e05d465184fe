import { botPermissionKeys, botPermissions } from "../../schemas/bot-permissions";
import { limits } from "../../schemas/limits";
import { formMessages } from "../../schemas/messages";
import type { DocSection } from "./schema";

// The documentation of Ticketeer. Validated by docSectionsSchema in scripts/prerender.ts and the unit tests.
// Inline text understands [label](url) links (opening in a new tab) and `code` spans.

// The bot's permissions come from their declaration (src/schemas/bot-permissions.ts), so the docs list exactly what
// the invite link asks for.
const permissionNames = new Intl.ListFormat("en", { type: "conjunction" }).format(
  botPermissionKeys.map((key) => botPermissions[key].discordName),
);
const permissionList = botPermissionKeys.map((key) => `**${botPermissions[key].discordName}**: ${botPermissions[key].why}`);

export const docSections: DocSection[] = [
  {
    id: "quick-setup",
    title: "Quick Setup",
    description: "From zero to your first ticket in three steps.",
    blocks: [
      {
        type: "paragraph",
        text: "Ticketeer gives your members a private channel with your staff whenever they need help. Setting it up takes three steps and about five minutes.",
      },
      {
        type: "list",
        ordered: true,
        items: [
          "Invite the bot to your server with the **Invite** button on the [home page](/).",
          "Go to the [dashboard](/dashboard), pick your server, configure the settings and create a support panel.",
          "Start receiving tickets: members click a button on the panel and a ticket channel opens for them and your staff.",
        ],
      },
      {
        type: "note",
        variant: "warning",
        title: "The bot needs these permissions; keep them ticked",
        text: `The invite asks for ${permissionNames}, and never for Administrator. The bot creates a private channel for every ticket and sets who can see it; without these permissions those steps fail. [Inviting The Bot](/docs/inviting-the-bot) says why each one is needed.`,
      },
      {
        type: "note",
        variant: "danger",
        title: "Manage Server permission required",
        text: "You need the Manage Server permission on a server to invite the bot to it. Servers where you lack it do not appear in the invite dialog or in the dashboard.",
      },
      {
        type: "image",
        src: "/docs/dashboard-settings.webp",
        alt: "The Settings page of the Ticketeer dashboard with the General, Claiming and Auto Close cards",
        width: 960,
        height: 540,
        caption: "The dashboard's Settings page, where every server starts.",
      },
      { type: "divider" },
      {
        type: "paragraph",
        text: "The next two sections walk through each step in detail. If you prefer to explore on your own, the [command reference](/commands) lists every slash command the bot understands.",
      },
    ],
    children: [
      {
        id: "inviting-the-bot",
        title: "Inviting The Bot",
        description: "Add Ticketeer to your server.",
        blocks: [
          { type: "header", text: "Before you start" },
          {
            type: "paragraph",
            text: "Sign in to Discord in your browser with the account that owns or administers the server. You only need to invite the bot once per server.",
          },
          {
            type: "note",
            variant: "danger",
            title: "Manage Server permission required",
            text: "Only members with the Manage Server permission can add a bot to a server. Ask an owner or administrator if your server is missing from the list.",
          },
          { type: "header", text: "Steps" },
          {
            type: "list",
            ordered: true,
            items: [
              "Click **Invite** on the [home page](/). Discord's authorisation page opens in a new tab.",
              "Choose your server in the *Add to server* list.",
              "Keep every permission the invite asks for ticked and click *Authorize*.",
              "Complete the captcha if Discord shows one. The bot joins your server and appears in the member list.",
            ],
          },
          {
            type: "note",
            variant: "warning",
            title: "The bot needs these permissions; keep them ticked",
            text: "Unticking one of them is the most common cause of tickets that never open. If you already invited the bot without one, give its role the permission under Server Settings → Roles, or invite it again. In the dashboard, *Bot setup* on your server's page says what is missing and where.",
          },
          { type: "header", text: "The permissions the bot asks for" },
          { type: "list", ordered: false, items: permissionList },
          {
            type: "paragraph",
            text: "The bot never asks for Administrator: it holds only what it uses. A channel or category whose permission overwrites take one of these away from the bot's role breaks the panels and tickets there, so leave the bot's role its permissions in your ticket categories, your panels' channels and the archive channel.",
          },
          {
            type: "dropdown",
            title: "The bot joined but does not answer",
            blocks: [
              {
                type: "list",
                ordered: false,
                items: [
                  "Open your server in the [dashboard](/dashboard): *Bot setup* lists every permission the bot lacks and where.",
                  "Check that the bot's role is not below the roles it must manage in Server Settings → Roles.",
                  "Check that the channel of your panel lets the bot read and send messages.",
                  "Run `/help` in any channel: if nothing happens, the bot is offline — see the [status page](/status).",
                ],
              },
            ],
          },
          { type: "link", href: "/docs/bot-configuration", text: "Next: configure the bot in the dashboard" },
        ],
      },
      {
        id: "bot-configuration",
        title: "Bot Configuration",
        description: "Settings and your first support panel.",
        blocks: [
          {
            type: "paragraph",
            text: "Open the [dashboard](/dashboard) and sign in with Discord. Your servers are listed under *Your Servers*; pick the one you invited the bot to.",
          },
          { type: "header", text: "1. Review the settings" },
          {
            type: "paragraph",
            text: "The Settings page has three cards. The defaults work for most communities; change what you need and click **Save Changes**. Only the fields you changed are sent.",
          },
          {
            type: "list",
            ordered: false,
            items: [
              "**General** — how many tickets one member may have open at once, whether members may close their own tickets, a confirmation before closing, feedback after closing and the archive channel that receives transcripts.",
              "**Claiming** — whether support staff can see and type in tickets they have not claimed.",
              "**Auto Close** — close tickets automatically after inactivity or when the member leaves. See [Automation](/docs/automation).",
            ],
          },
          { type: "header", text: "2. Create a support panel" },
          {
            type: "paragraph",
            text: "A panel is the message with a button that members click to open a ticket. Go to **Panels**, click *Create* next to Panels and fill in the three sections:",
          },
          {
            type: "list",
            ordered: false,
            items: [
              "**Panel Properties** — a name, the channel naming scheme, a role to mention, the support team, the category tickets are created in and an optional form.",
              "**Panel Message** — the channel the panel is posted in, its title, description and colour, and the button's text, emoji and colour.",
              "**Welcome Message** — what the bot writes first in every new ticket.",
            ],
          },
          {
            type: "video",
            src: "/docs/create-panel.webm",
            poster: "/docs/create-panel-poster.webp",
            width: 960,
            height: 540,
            mimeType: "video/webm",
            caption: "Creating a panel: properties, panel message, welcome message, save.",
          },
          {
            type: "paragraph",
            text: "The naming scheme decides the name of each ticket channel. `%id%` is replaced by the ticket number:",
          },
          {
            type: "code",
            language: "text",
            code: `${limits.defaultNamingScheme}        →  ticket-42\nsupport-%id%       →  support-42\nbilling-%id%       →  billing-42`,
          },
          {
            type: "note",
            variant: "tip",
            text: `Attach a form to a panel to ask questions before the ticket opens. A form has up to ${limits.formFieldsMax} fields; members can also open it with \`${formMessages.command("{formId}")}\`.`,
          },
          { type: "header", text: "3. Receive tickets" },
          {
            type: "paragraph",
            text: "Click *Save Changes*: the panel is posted in its channel. When a member clicks its button, a ticket channel opens, the welcome message is sent and the panel's support team is mentioned. Staff claim the ticket with `/claim` and close it with `/close` when the issue is solved.",
          },
        ],
      },
    ],
  },
  {
    id: "advanced-usage",
    title: "Advanced Usage",
    description: "Teams, tags, multi-panels and forms.",
    blocks: [
      {
        type: "paragraph",
        text: "Once your first panel works, these features help a growing support team stay organised.",
      },
      { type: "header", text: "Staff teams" },
      {
        type: "paragraph",
        text: "A staff team is a set of Discord roles with dashboard permissions. Create one under **Staff Teams**, drag roles from *Available Roles* into *Team Roles*, then open the permissions dialog to choose what the team may do — view settings, edit panels, read transcripts and so on. Assign a team to a panel so its members are mentioned in that panel's tickets.",
      },
      { type: "header", text: "Tags" },
      {
        type: "paragraph",
        text: `Tags are canned replies for questions your staff answers every day. A tag has a name of up to ${limits.tagNameMax} characters and content of up to ${limits.tagContentMax}. Send one in a ticket with:`,
      },
      { type: "code", language: "text", code: "/tag name:refund-policy" },
      { type: "header", text: "Multi-panels" },
      {
        type: "paragraph",
        text: `A multi-panel combines ${limits.multiPanelMinPanels} or more panels in one message, either as a row of buttons or as a select dropdown with a placeholder such as "Choose a topic". Each choice still opens a ticket with its own team, category and form.`,
      },
      {
        type: "dropdown",
        title: "Buttons or dropdown?",
        blocks: [
          {
            type: "paragraph",
            text: "Buttons are quicker when you have two to four topics. From five topics on, a dropdown keeps the message compact and readable on phones.",
          },
        ],
      },
      { type: "divider" },
      { type: "link", href: "/commands", text: "Browse every slash command" },
    ],
    children: [
      {
        id: "configuration",
        title: "Configuration",
        description: "Every setting, explained.",
        blocks: [
          {
            type: "paragraph",
            text: "Settings are stored per server. The dashboard copies them into the page when it loads; nothing is saved until you click **Save Changes**, and a toast then lists each changed value as old → new.",
          },
          { type: "header", text: "General" },
          {
            type: "list",
            ordered: false,
            items: [
              "**User ticket limit** — how many open tickets one member may have. `0` means no limit.",
              "**Allow user ticket close** — members may close their own tickets.",
              '**Ticket close confirmation** — ask "Are you sure?" before closing.',
              "**Enable user feedback** — ask for a star rating when a ticket closes; ratings appear in the transcript list.",
              "**Archive channel** — where transcripts are posted when tickets close, or *None*.",
              "**Transcripts panel permission** — only staff of the ticket's panel may read its transcript.",
            ],
          },
          { type: "header", text: "Claiming" },
          {
            type: "list",
            ordered: false,
            items: [
              "**Support reps view tickets** — staff can see tickets that another member of staff has claimed.",
              "**Support reps type in tickets** — staff can write in tickets they have not claimed.",
            ],
          },
          {
            type: "note",
            variant: "info",
            text: "Leave a number field empty to keep its current value: empty inputs are not sent.",
          },
          {
            type: "dropdown",
            title: "Who can change settings?",
            blocks: [
              {
                type: "paragraph",
                text: "The server owner, members with Administrator or Manage Server, and staff teams with the *Edit Settings* permission. Every change is recorded in the server's **Activity** log.",
              },
            ],
          },
        ],
        children: [
          {
            id: "custom-themes",
            title: "Custom Themes",
            description: "Colours of the dashboard and of your panels.",
            blocks: [
              { type: "header", text: "Light and dark dashboard" },
              {
                type: "paragraph",
                text: "The website and dashboard follow your system's light or dark preference. Use the sun/moon button in the top navigation to choose one yourself; the choice is remembered in this browser.",
              },
              { type: "header", text: "Panel and welcome colours" },
              {
                type: "paragraph",
                text: `Every panel message and welcome message has an accent colour, written as \`#\` followed by six hexadecimal digits. New panels start with \`${limits.defaultPanelColor}\` and welcome messages with \`${limits.defaultWelcomeColor}\`.`,
              },
              {
                type: "code",
                language: "text",
                code: `Panel colour     ${limits.defaultPanelColor}   (green)\nWelcome colour   ${limits.defaultWelcomeColor}   (blurple)\nYour brand       #F47B67`,
              },
              {
                type: "paragraph",
                text: `Buttons use one of Discord's styles: ${limits.buttonColors.join(", ")}. An emoji can be one unicode character or the id of a custom emoji of your server.`,
              },
              {
                type: "list",
                ordered: false,
                items: [
                  "**Image** and **Thumbnail** — a banner under the description and a small picture in the corner.",
                  "**Author** and **Footer** — a line of text with an optional icon above and below the message.",
                  "**Fields** — name/value pairs, shown inline or stacked.",
                ],
              },
              {
                type: "note",
                variant: "tip",
                text: "Images must be public `https://` links. Upload them to a channel of your own server and use *Copy Link* to get one.",
              },
            ],
          },
          {
            id: "automation",
            title: "Automation",
            description: "Close forgotten tickets automatically.",
            blocks: [
              {
                type: "paragraph",
                text: "The **Auto Close** card of the Settings page closes tickets nobody needs any more, so your ticket category stays tidy.",
              },
              {
                type: "list",
                ordered: false,
                items: [
                  `**Since last message** — close a ticket after it has been silent for the given days (0–${limits.daysMax}), hours (0–${limits.hoursMax}) and minutes (0–${limits.minutesMax}).`,
                  `**Close on user leave** — close a ticket when its member leaves the server, after a grace period in hours (0–${limits.hoursMax}) and minutes (0–${limits.minutesMax}).`,
                ],
              },
              { type: "paragraph", text: "For example, to close tickets after two and a half days of silence:" },
              { type: "code", language: "text", code: "Auto close enabled   on\nSince last message   2 days  12 hours  0 minutes" },
              {
                type: "note",
                variant: "warning",
                text: "Auto-closed tickets follow the same path as manual closes: a transcript is saved and posted in the archive channel, and the member is asked for feedback if that is enabled.",
              },
              {
                type: "dropdown",
                title: "How is the delay counted?",
                blocks: [
                  {
                    type: "paragraph",
                    text: "The timer restarts with every message in the ticket, from the member or from staff. Messages from bots do not count, so a reminder posted by another bot does not keep a ticket open.",
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
