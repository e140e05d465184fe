// Marketing copy of the landing page (SPEC §1): the hero and the six features.
export const hero = {
  eyebrow: "The ticket bot for Discord communities",
  headline: "Support your community on autopilot",
  tagline:
    "Ticketeer automates support, tracks every issue and helps your staff deliver great service to your community — all from one dashboard.",
} as const;

export type FeatureKey = "panels" | "transcripts" | "forms" | "feedback" | "claiming" | "teams";

export interface Feature {
  key: FeatureKey;
  title: string;
  description: string;
  /** An illustration drawn for this product, in public/images/features. */
  image: { src: string; alt: string; width: number; height: number };
}

const image = (name: string, alt: string) => ({ src: `/images/features/${name}.svg`, alt, width: 480, height: 300 });

export const features: Feature[] = [
  {
    key: "panels",
    title: "Panels",
    description:
      "Members open a ticket with one click. Give every topic its own button, or group several panels behind a single select dropdown.",
    image: image("panels", "A ticket panel message with buttons for Billing, Bug report and General support"),
  },
  {
    key: "transcripts",
    title: "Transcripts",
    description:
      "Save a transcript at any point of a conversation. Transcripts are encrypted and stored in the cloud, ready when you need them.",
    image: image("transcripts", "An encrypted transcript document with a padlock, uploading to the cloud"),
  },
  {
    key: "forms",
    title: "Forms",
    description: "Collect the information your staff needs before a ticket even opens: order numbers, usernames, steps to reproduce.",
    image: image("forms", "A form with Username, Order number and Describe your issue fields"),
  },
  {
    key: "feedback",
    title: "User Feedback",
    description: "Ask members to rate the service when their ticket closes, and give your server statistics on how your support is doing.",
    image: image("feedback", "A five-star rating prompt next to a bar chart of ratings per week"),
  },
  {
    key: "claiming",
    title: "Claiming",
    description: "Support staff claim tickets so everyone knows who is on it. No more two moderators answering the same question.",
    image: image("claiming", "A ticket with a Claimed by Mia badge and a Claim button"),
  },
  {
    key: "teams",
    title: "Support Teams",
    description: "Separate teams for every ticket type, each assigned to its own panels, with permissions that fit what they do.",
    image: image("teams", "Three staff teams, Billing, Moderation and Developers, each linked to its own panel"),
  },
];

export const steps = [
  {
    title: "Invite the bot",
    text: "Add Ticketeer to your server with one click. It asks only for the permissions it needs to manage ticket channels.",
  },
  { title: "Configure it", text: "Open the dashboard, pick your server, adjust the settings and create your first support panel." },
  { title: "Receive tickets", text: "Members click the panel, a private channel opens and your staff takes it from there." },
] as const;
