import i18next, { type i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { messages, type Lang } from "./index.ts";

const instances = new Map<Lang, i18n>();

/** One i18next instance per language, shared by every island of the page; flat dotted keys, so no key separator. */
export function instanceFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: "vi",
      resources: { vi: { translation: messages.vi }, en: { translation: messages.en } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

export function I18nIsland({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <I18nextProvider i18n={instanceFor(lang)}>{children}</I18nextProvider>;
}
