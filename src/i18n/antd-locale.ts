import type { Locale as AntdLocale } from "antd/es/locale";
import { useEffect, useState } from "react";
import type { Locale } from "./core";

// antd's own texts (pagination, empty tables, date pickers, Modal OK/Cancel) in the language on screen. English is
// antd's built-in default; the Spanish pack is its own chunk, loaded when Spanish is chosen.
const loaders: Record<Exclude<Locale, "en">, () => Promise<AntdLocale>> = {
  es: async () => {
    const [pack, { default: dayjs }] = await Promise.all([import("antd/es/locale/es_ES"), import("dayjs"), import("dayjs/locale/es")]);
    dayjs.locale("es"); // month and weekday names of the date pickers
    dayjsChanged = true;
    return pack.default;
  },
};

let dayjsChanged = false;

/** Back to dayjs's English, only when a pack had switched it (so English users never load dayjs for this). */
async function resetDayjs() {
  if (!dayjsChanged) return;
  dayjsChanged = false;
  const { default: dayjs } = await import("dayjs");
  dayjs.locale("en");
}

/** antd's locale for `locale`: undefined (antd's English) until a pack has loaded. */
export function useAntdLocale(locale: Locale): AntdLocale | undefined {
  const [loaded, setLoaded] = useState<{ locale: Locale; pack: AntdLocale } | null>(null);
  useEffect(() => {
    if (locale === "en") {
      void resetDayjs();
      return;
    }
    let live = true;
    void loaders[locale]().then((pack) => live && setLoaded({ locale, pack }));
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded && loaded.locale === locale ? loaded.pack : undefined;
}
