import { useEffect, useRef } from "react";

type Grecaptcha = {
  render(el: HTMLElement, options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void }): number;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    ngheCaptchaReady?: () => void;
  }
}

/** reCAPTCHA v2 checkbox, loaded only when the server has a site key; reports the token (or "" when it expires). */
export function Captcha({ siteKey, onToken }: { siteKey: string | null; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey || !box.current) return;
    const element = box.current;
    const render = () => window.grecaptcha?.render(element, { sitekey: siteKey, callback: onToken, "expired-callback": () => onToken("") });
    if (window.grecaptcha) return void render();
    window.ngheCaptchaReady = render;
    const script = document.createElement("script");
    script.src = "https://www.google.com/recaptcha/api.js?onload=ngheCaptchaReady&render=explicit";
    script.async = true;
    script.onerror = () => console.error("captcha: failed to load script");
    document.head.append(script);
  }, [siteKey, onToken]);
  return siteKey ? <div ref={box} className="min-h-[78px]" /> : null;
}
