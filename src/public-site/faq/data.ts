import { botPermissionKeys, botPermissions } from "../../schemas/bot-permissions";
import { limits } from "../../schemas/limits";
import { formMessages } from "../../schemas/messages";
import { legalFigures } from "../legal/figures";

export interface FaqEntry {
  question: string;
  /** Inline markdown-style text: [label](url), `code`, **strong**. */
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: FaqEntry[];
}

export const faqGroups: FaqGroup[] = [
  {
    id: "setup",
    title: "Setup",
    entries: [
      {
        question: "How do I add Ticketeer to my server?",
        answer:
          "Click **Invite** on the [home page](/), choose your server and keep every permission the invite asks for ticked. You need the Manage Server permission on that server. The [quick-setup guide](/docs/quick-setup) walks through every step.",
      },
      {
        question: "Which permissions does the bot need?",
        answer: `${new Intl.ListFormat("en", { type: "conjunction" }).format(botPermissionKeys.map((key) => botPermissions[key].discordName))} — never Administrator. Each ticket is a private channel whose permissions the bot writes for the member and your staff teams. [Inviting The Bot](/docs/inviting-the-bot) says why each one is needed.`,
      },
      {
        question: "My server does not appear in the dashboard.",
        answer:
          "The dashboard lists the servers where you are the owner, an administrator, have Manage Server, or belong to a staff team. Server lists refresh about once a minute, so a new permission can take a moment to show up.",
      },
    ],
  },
  {
    id: "panels",
    title: "Panels",
    entries: [
      {
        question: "What is the difference between a panel and a multi-panel?",
        answer: `A panel is one message with one button that opens one kind of ticket. A multi-panel groups ${limits.multiPanelMinPanels} or more panels into one message, as buttons or as a select dropdown.`,
      },
      {
        question: "Someone deleted my panel message. Do I have to recreate it?",
        answer: "No. Open **Panels** in the dashboard and click *Resend*: the bot posts the panel again with the same settings.",
      },
      {
        question: "Can each panel go to a different team?",
        answer:
          "Yes. Create staff teams under **Staff Teams** and pick one per panel; that team is mentioned in the panel's tickets and can see them.",
      },
    ],
  },
  {
    id: "forms",
    title: "Forms",
    entries: [
      {
        question: "What can I ask in a form?",
        answer: `Up to ${limits.formFieldsMax} questions, each a short answer, a paragraph or a dropdown, with a label of up to ${limits.formLabelMax} characters and a minimum and maximum answer length.`,
      },
      {
        question: "How do members fill in a form?",
        answer: `Attach the form to a panel and it opens when the member clicks the button, or let them run \`${formMessages.command("{formId}")}\`. The answers are posted at the top of the new ticket.`,
      },
    ],
  },
  {
    id: "transcripts",
    title: "Transcripts",
    entries: [
      {
        question: "What is a transcript?",
        answer:
          "A copy of a closed ticket. It is sent to the member who opened the ticket when it closes, and listed under **Transcripts** in the dashboard.",
      },
      {
        question: "Who can read transcripts?",
        answer:
          "Anyone with the transcript's id can open it, and your staff teams with the *View Transcripts* permission can browse them in the dashboard. Transcripts are stored encrypted.",
      },
      {
        question: "Can I turn transcripts off?",
        answer: "Yes: storing closed tickets can be disabled in the dashboard settings. Closed tickets are then not retained.",
      },
    ],
  },
  {
    id: "privacy",
    title: "Privacy",
    entries: [
      {
        question: "What does Ticketeer know about me?",
        answer:
          "Your Discord id, username, avatar and the list of your servers, which is used to verify your ownership or status in each one. The [Privacy Policy](/legal/privacy) has the details.",
      },
      {
        question: "How do I get my data deleted?",
        answer: `Send a deletion request by e-mail; it is handled within ${legalFigures.requestDays} days. See the [Privacy Policy](/legal/privacy).`,
      },
    ],
  },
  {
    id: "billing",
    title: "Billing",
    entries: [
      {
        question: "Is Ticketeer free?",
        answer: "Yes: panels, forms, transcripts, teams and tags are free. Paid plans add premium extras for a server.",
      },
      {
        question: "What does a lifetime subscription mean?",
        answer: `A fixed ${legalFigures.lifetimeYears} years from the date of purchase. See *Purchases* in the [Terms of Service](/legal/tos#purchases).`,
      },
      {
        question: "Can I get a refund?",
        answer: "Refunds are handled case by case: contact us with your order details. Note that a chargeback ends all services at once.",
      },
    ],
  },
];
