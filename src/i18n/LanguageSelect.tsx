import { changeLocale, languages, t } from "./core";
import { useLocale } from "./react";
import "./language-select.css";

/**
 * The language picker of the dashboard's top bar and the public site's navigation: a native select (keyboard and
 * screen-reader friendly, no UI library). `onChange` lets the dashboard switch through Refine's useSetLocale.
 */
export function LanguageSelect({ onChange = changeLocale, className }: { onChange?: (code: string) => unknown; className?: string }) {
  const locale = useLocale();
  const label = t("ui.languageSelect.label", "Language");
  return (
    <select
      className={className ? `lang-select ${className}` : "lang-select"}
      aria-label={label}
      title={label}
      value={locale}
      onChange={(event) => void onChange(event.currentTarget.value)}
    >
      {languages.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.label}
        </option>
      ))}
    </select>
  );
}
