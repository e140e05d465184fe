import { useEffect, type ReactNode } from "react";
import { landingTitle, useDocumentTitle } from "../lib/page-title";
import { authMessages } from "../../schemas/messages";
import { ArrowRightIcon, BoltIcon, FormIcon, HandIcon, PanelsIcon, StarIcon, TeamsIcon, TranscriptIcon } from "../components/icons";
import { SiteLayout } from "../components/SiteLayout";
import { StatsStrip } from "../components/StatsStrip";
import { inviteUrl } from "../config";
import { login, useAuth } from "../lib/auth";
import { toast } from "../lib/toast-store";
import { features, hero, steps, type FeatureKey } from "./landing-content";
import { useT } from "../../i18n/react";

const featureIcons: Record<FeatureKey, ReactNode> = {
  panels: <PanelsIcon />,
  transcripts: <TranscriptIcon />,
  forms: <FormIcon />,
  feedback: <StarIcon />,
  claiming: <HandIcon />,
  teams: <TeamsIcon />,
};

export default function LandingPage() {
  useEffect(() => {
    // Only a history entry with a state can carry a notice: the reader (and zod) load just then.
    if (history.state != null) void import("../lib/navigation-toasts").then((m) => m.consumeNavigationState(window, toast));
  }, []);
  return (
    <SiteLayout>
      <Hero />
      <StatsStrip />
      <Features />
      <HowItWorks />
      <CallToAction />
    </SiteLayout>
  );
}

function Hero() {
  const t = useT();
  useDocumentTitle(landingTitle(t("site.landing.hero.headline", hero.headline)));
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-glow" aria-hidden="true" />
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">
            <BoltIcon size={14} /> {t("site.landing.hero.eyebrow", hero.eyebrow)}
          </p>
          <h1 id="hero-title">{t("site.landing.hero.headline", hero.headline)}</h1>
          <p className="hero-tagline">{t("site.landing.hero.tagline", hero.tagline)}</p>
          <HeroActions />
          <p className="hero-note">{t("site.landing.hero.note", "Free to start · Set up in under five minutes")}</p>
        </div>
        <div className="hero-art">
          <img
            src="/images/hero-panel.svg"
            alt={t(
              "site.landing.hero.imageAlt",
              "A support panel in a Discord channel with buttons to open a ticket, next to an open ticket claimed by staff",
            )}
            width={560}
            height={440}
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}

export function HeroActions() {
  const auth = useAuth();
  const t = useT();
  return (
    <div className="hero-actions">
      <a className="btn btn-primary btn-lg" href={inviteUrl()} target="_blank" rel="noopener noreferrer">
        {t("spec.auth.invite", authMessages.invite)}
      </a>
      {auth.status === "loading" && <span className="skeleton skeleton-button" aria-hidden="true" />}
      {auth.status === "signed-in" && (
        <a className="btn btn-secondary btn-lg" href="/dashboard">
          {t("spec.auth.dashboard", authMessages.dashboard)} <ArrowRightIcon size={18} />
        </a>
      )}
      {auth.status === "signed-out" && (
        <button type="button" className="btn btn-secondary btn-lg" onClick={() => void login()}>
          <DiscordGlyph /> {t("site.landing.loginWithDiscord", "Login with Discord")}
        </button>
      )}
    </div>
  );
}

function DiscordGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18 18 0 0 0-5.6 0L8.6 3a19.6 19.6 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.8 19.8 0 0 0 6 3l1.3-2a12.8 12.8 0 0 1-2-1l.5-.4a14 14 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2a19.7 19.7 0 0 0 6-3c.5-5.2-.9-9.7-3.6-13.7zM8 15.3c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z"
      />
    </svg>
  );
}

function Features() {
  const t = useT();
  return (
    <section className="section features" aria-labelledby="features-title" id="features">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow eyebrow-plain">{t("site.landing.features.eyebrow", "Features")}</p>
          <h2 id="features-title">{t("site.landing.features.title", "Everything your support team needs")}</h2>
          <p className="section-lead">
            {t(
              "site.landing.features.lead",
              "From the first click on a panel to the transcript in your archive, every step of a ticket is covered.",
            )}
          </p>
        </div>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.key} className="feature-card">
              <div className="feature-media">
                <img
                  src={feature.image.src}
                  alt={t(`site.landing.feature.${feature.key}.alt`, feature.image.alt)}
                  width={feature.image.width}
                  height={feature.image.height}
                  loading="lazy"
                  decoding="async"
                />
              </div>
              <div className="feature-body">
                <h3>
                  <span className="feature-icon">{featureIcons[feature.key]}</span>
                  {t(`site.landing.feature.${feature.key}.title`, feature.title)}
                </h3>
                <p>{t(`site.landing.feature.${feature.key}.description`, feature.description)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  const t = useT();
  return (
    <section className="section steps-section" aria-labelledby="steps-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow eyebrow-plain">{t("site.landing.steps.eyebrow", "Getting started")}</p>
          <h2 id="steps-title">{t("site.landing.steps.title", "Up and running in three steps")}</h2>
        </div>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`site.landing.step.${index + 1}.title`, step.title)}</h3>
              <p>{t(`site.landing.step.${index + 1}.text`, step.text)}</p>
            </li>
          ))}
        </ol>
        <p className="steps-more">
          <a href="/docs/quick-setup" className="text-link">
            {t("site.landing.steps.guide", "Read the quick-setup guide")} <ArrowRightIcon size={16} />
          </a>
        </p>
      </div>
    </section>
  );
}

function CallToAction() {
  const t = useT();
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta">
          <h2 id="cta-title">{t("site.landing.cta.title", "Give your community the support it deserves")}</h2>
          <p>{t("site.landing.cta.text", "Invite Ticketeer, create a panel and answer your first ticket today.")}</p>
          <div className="cta-actions">
            <a className="btn btn-light btn-lg" href={inviteUrl()} target="_blank" rel="noopener noreferrer">
              {t("spec.auth.invite", authMessages.invite)}
            </a>
            <a className="btn btn-ghost-light btn-lg" href="/docs">
              {t("site.landing.cta.docs", "Read the docs")}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
