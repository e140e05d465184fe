import { ChevronDownIcon } from "../components/icons";
import { SiteLayout } from "../components/SiteLayout";
import { renderInline } from "../docs/inline";
import { faqGroups } from "./data";

export default function FaqPage() {
  return (
    <SiteLayout current="faq">
      <div className="container page page-narrow">
        <header className="page-header">
          <p className="eyebrow eyebrow-plain">Help</p>
          <h1>Frequently asked questions</h1>
          <p className="section-lead">
            Quick answers about setting up and running Ticketeer. Still stuck? Read the <a href="/docs">documentation</a>.
          </p>
        </header>
        <nav className="chip-row" aria-label="Topics">
          {faqGroups.map((group) => (
            <a key={group.id} className="chip" href={`#${group.id}`}>
              {group.title}
            </a>
          ))}
        </nav>
        {faqGroups.map((group) => (
          <section key={group.id} id={group.id} className="faq-group" aria-labelledby={`${group.id}-title`}>
            <h2 id={`${group.id}-title`}>{group.title}</h2>
            {group.entries.map((entry) => (
              <details key={entry.question} className="faq-item">
                <summary>
                  <span>{entry.question}</span>
                  <ChevronDownIcon className="chevron" size={18} />
                </summary>
                <p>{renderInline(entry.answer)}</p>
              </details>
            ))}
          </section>
        ))}
      </div>
    </SiteLayout>
  );
}
